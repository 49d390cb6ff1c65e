import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import type { OsmElement, OsmRelation } from '../src/region/osm-elements.js';
import { readOsmFile } from '../src/region/osm-read.js';
import { FIXTURE_OSM_XML, FIXTURE_PBF, tempFolder } from './region-fixtures.js';

/** Every element of a file, in file order. */
async function elementsOf(path: string): Promise<OsmElement[]> {
  const elements: OsmElement[] = [];
  await readOsmFile(path, (element) => elements.push(element));
  return elements;
}

/** Coordinates at OSM's own precision (1e-7 degrees), so that decimal text and PBF integers compare. */
function atOsmPrecision(element: OsmElement): OsmElement {
  if (element.type !== 'node') return element;
  return { ...element, lat: Math.round(element.lat * 1e7) / 1e7, lng: Math.round(element.lng * 1e7) / 1e7 };
}

function relation(elements: OsmElement[], id: number): OsmRelation | undefined {
  return elements.find((e): e is OsmRelation => e.type === 'relation' && e.id === id);
}

describe('readOsmFile on a real PBF cut from the Liechtenstein extract (test/fixtures)', () => {
  let pbf: OsmElement[];

  beforeAll(async () => {
    pbf = await elementsOf(FIXTURE_PBF);
  });

  it('reads every node, way and relation osmium counts in the file, in file order', () => {
    const count = (type: OsmElement['type']) => pbf.filter((e) => e.type === type).length;
    expect({ nodes: count('node'), ways: count('way'), relations: count('relation') }).toEqual({ nodes: 387, ways: 41, relations: 3 });
    const rank = { node: 0, way: 1, relation: 2 } as const;
    const ranks = pbf.map((e) => rank[e.type]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b)); // osmium sorts by type, then id
  });

  it('gives the same elements as the XML reader on the same data: tags, coordinates, way refs, relation members', async () => {
    const xml = await elementsOf(FIXTURE_OSM_XML);
    expect(pbf.map(atOsmPrecision)).toEqual(xml.map(atOsmPrecision));
  });

  it('keeps every relation member with its type, ref and role, including members outside the file', () => {
    expect(relation(pbf, 6300002)?.members).toEqual([
      { type: 'way', ref: 423877289, role: 'outer' },
      { type: 'way', ref: 243055634, role: 'inner' },
      { type: 'way', ref: 298497542, role: 'inner' },
    ]);
    expect(relation(pbf, 8121290)?.members.slice(0, 2)).toEqual([
      { type: 'node', ref: 315636814, role: 'platform' },
      { type: 'node', ref: 5484325401, role: 'stop' },
    ]);
    expect(relation(pbf, 9075123)).toMatchObject({
      members: [
        { type: 'relation', ref: 9075101, role: '' },
        { type: 'relation', ref: 9075100, role: '' },
      ],
      tags: { type: 'route_master', name: 'Bus 40', route_master: 'bus' },
    });
  });

  it('decodes a tagged node at its exact coordinates and an untagged one with empty tags', () => {
    expect(pbf.find((e) => e.id === 4759741950 && e.type === 'node')).toEqual({
      type: 'node',
      id: 4759741950,
      lat: 47.138039,
      lng: 9.5223148,
      tags: { amenity: 'cafe', name: 'Börsencafé', opening_hours: 'Mo-We, Fr 07:30-17:00; Th 07:30-18:00' },
    });
    expect(pbf.find((e) => e.type === 'node' && Object.keys(e.tags).length === 0)?.tags).toEqual({});
  });

  it('returns the size and SHA-256 of the file it read', async () => {
    await expect(readOsmFile(FIXTURE_PBF, () => {})).resolves.toEqual({
      bytes: 8_464,
      sha256: '893bc6d2fce4dff8ce8890739af5bb89889c80425b740f8aa96b85095fcbf221',
    });
  });
});

describe('readOsmFile on a damaged copy of the fixture', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let bytes: Buffer;

  beforeAll(async () => {
    work = await tempFolder('osm-read');
    bytes = await readFile(FIXTURE_PBF);
  });
  afterAll(async () => work.cleanup());

  async function failure(name: string, content: Buffer): Promise<RegionPackError> {
    const path = join(work.dir, name);
    await writeFile(path, content);
    const error = await readOsmFile(path, () => {}).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RegionPackError);
    expect((error as RegionPackError).path).toBe(path);
    return error as RegionPackError;
  }

  it('says a file cut inside a data block is truncated', async () => {
    expect((await failure('cut.osm.pbf', bytes.subarray(0, 5_000))).message).toMatch(/truncated/);
  });

  it('rejects corrupt compressed data as malformed PBF instead of crashing', async () => {
    const corrupt = Buffer.from(bytes);
    corrupt.fill(0x55, 4_000, 4_100);
    expect((await failure('corrupt.osm.pbf', corrupt)).message).toMatch(/malformed OSM PBF/);
  });
});
