/**
 * The importer's two ways of reading OSM agree: the committed Vaduz fixture
 * read as PBF through `@locscore/import`'s streaming reader (tagged nodes
 * and relations first, then ways with their points) gives the same layers as
 * the same data read as OSM XML element by element in file order, and the
 * PBF read reports each pass with its elements per second.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import { collectOsm } from '../src/region/osm-collect-file.js';
import { FIXTURE_OSM_XML, FIXTURE_PBF, tempFolder } from './region-fixtures.js';

describe('collectOsm', () => {
  it('gives the same layers from the streamed PBF as from the XML of the same data, with progress per pass', async () => {
    const messages: string[] = [];
    const pbf = await collectOsm(FIXTURE_PBF, (_, message) => messages.push(message));
    const xml = await collectOsm(FIXTURE_OSM_XML, () => undefined);
    expect(pbf.objects).toBe(431);
    expect(pbf.objects).toBe(xml.objects);
    expect(pbf.layers.addresses.length).toBeGreaterThan(0);
    expect(pbf.layers.streets.length).toBeGreaterThan(0);
    expect(pbf.layers).toEqual(xml.layers);
    expect(messages.some((m) => /^nodes\+relations pass: [\d,]+ OSM elements, [\d,]+\/s \(done\)$/.test(m))).toBe(true);
    expect(messages.some((m) => /^ways pass: [\d,]+ OSM elements, [\d,]+\/s \(done\)$/.test(m))).toBe(true);
  });

  it('names the file when a PBF is cut short', async () => {
    const { dir, cleanup } = await tempFolder('truncated-pbf');
    try {
      const bytes = await readFile(FIXTURE_PBF);
      const cut = `${dir}/cut.osm.pbf`;
      await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      const failure = collectOsm(cut, () => undefined);
      await expect(failure).rejects.toBeInstanceOf(RegionPackError);
      await expect(failure).rejects.toThrow(/cut\.osm\.pbf/);
    } finally {
      await cleanup();
    }
  });
});
