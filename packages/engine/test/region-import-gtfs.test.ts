import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { haversineMetres } from '../src/region/geometry.js';
import { openGtfs } from '../src/region/gtfs-source.js';
import { importRegion } from '../src/region/import-region.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { type SampleSources, writeSampleSources } from '../src/sample/write-sample-sources.js';
import { sharedFile, tempFolder } from './region-fixtures.js';

let work: Awaited<ReturnType<typeof tempFolder>>;
let sources: SampleSources;

beforeAll(async () => {
  work = await tempFolder('gtfs');
  sources = await writeSampleSources(join(work.dir, 'sources'));
});
afterAll(async () => work.cleanup());

const stm = sharedFile('greater-montreal/gtfs/stm');

describe.skipIf(stm === null)('importRegion: STM GTFS folder without trips (real data)', () => {
  let region: RegionData;
  beforeAll(async () => {
    const report = await importRegion({ osm: sources.osm, gtfs: [stm ?? ''], name: 'Montreal metro test', out: join(work.dir, 'stm-pack') });
    region = await loadRegion(report.outDir);
  });

  it('makes the 68 parent stations metro stations, title-cased', () => {
    const metro = region.stations.filter((s) => s.sources.includes('gtfs:stm'));
    expect(metro).toHaveLength(68);
    for (const station of metro) expect(station.modes).toEqual(['subway']);
    const angrignon = metro.find((s) => s.id === 'gtfs:stm:STATION_M118');
    expect(angrignon?.name).toBe('Station Angrignon');
    expect(haversineMetres(angrignon ?? { lat: 0, lng: 0 }, { lat: 45.446397, lng: -73.603293 })).toBeLessThan(1);
    expect(metro.find((s) => s.name === 'Station McGill')).toBeDefined();
  });

  it('makes parentless stops bus stops, not the metro platforms or entrances, one per named stop', () => {
    const bus = region.busStops.filter((s) => s.sources.includes('gtfs:stm'));
    // 8,692 stops of location_type 0, minus the metro platforms linked to a parent station, and the
    // poles of one stop (same name within 50 m, e.g. both sides of a street) merged into one.
    expect(bus.length).toBeGreaterThan(5_500);
    expect(bus.length).toBeLessThan(8_000);
    for (const stop of bus.slice(0, 200)) expect(stop.lat).toBeGreaterThan(45.4);
    const byName = new Map<string, typeof bus>();
    for (const stop of bus) byName.set(stop.name ?? '', [...(byName.get(stop.name ?? '') ?? []), stop]);
    for (const [name, same] of byName) {
      if (name === '') continue;
      for (const [i, a] of same.entries()) for (const b of same.slice(i + 1)) expect(haversineMetres(a, b), name).toBeGreaterThan(50);
    }
    expect(bus.every((stop) => stop.weeklyDepartures === undefined)).toBe(true);
  });

  it('names the publisher and its licence in the manifest', () => {
    const gtfs = region.manifest.sources.find((s) => s.kind === 'gtfs');
    expect(gtfs).toMatchObject({ name: 'stm', attribution: 'GTFS: Société de transport de Montréal', licence: 'CC BY 4.0' });
    expect(gtfs?.bytes).toBeGreaterThan(950_000);
    expect(region.manifest.attribution).toContain('Société de transport de Montréal');
  });
});

describe('importRegion: GTFS zip', () => {
  it('reads a zipped feed the same as the folder', async () => {
    const zipPath = join(work.dir, 'maple-junction.zip');
    const zip = new yazl.ZipFile();
    for (const file of await readdir(sources.gtfs)) zip.addFile(join(sources.gtfs, file), `feed/${file}`);
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(zipPath));

    const fromZip = await importRegion({ osm: sources.osm, gtfs: [zipPath], name: 'zip', out: join(work.dir, 'zip-pack') });
    const fromFolder = await importRegion({ osm: sources.osm, gtfs: [sources.gtfs], name: 'folder', out: join(work.dir, 'folder-pack') });
    expect(fromZip.manifest.counts).toEqual(fromFolder.manifest.counts);
    const zipRegion = await loadRegion(fromZip.outDir);
    const central = zipRegion.stations.find((s) => s.name === 'Central Station');
    expect(central?.sources).toEqual(['osm', 'gtfs:maple-junction']);
    expect(central?.weeklyDepartures).toBeGreaterThan(1_000);
    const source = fromZip.manifest.sources.find((s) => s.kind === 'gtfs');
    expect(source?.name).toBe('maple-junction.zip');
    expect(source?.attribution).toBe('GTFS: Maple Junction Transit (fictional sample)');
    expect(source?.licence).toBe('see feed publisher');
  });

  it('reads only the columns it needs from stop_times and names the table of a malformed row', async () => {
    const feed = join(work.dir, 'broken-feed');
    await mkdir(feed);
    for (const file of await readdir(sources.gtfs)) await copyFile(join(sources.gtfs, file), join(feed, file));
    const source = await openGtfs(feed);
    const rows: string[][] = [];
    await source.columns('stop_times.txt', ['stop_id', 'no_such_column'], (values) => rows.push(values));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows[0]?.[1]).toBe('');
    await writeFile(join(feed, 'stop_times.txt'), 'trip_id,stop_id,stop_sequence\nt1,"S1,1\n');
    await expect(source.columns('stop_times.txt', ['stop_id'], () => undefined)).rejects.toMatchObject({
      name: 'RegionPackError',
      path: `${feed}/stop_times.txt`,
    });
    await expect(importRegion({ osm: sources.osm, gtfs: [feed], name: 'broken', out: join(work.dir, 'broken-pack') })).rejects.toMatchObject({
      name: 'RegionPackError',
      path: `${feed}/stop_times.txt`,
    });
  });

  it('rejects a file that is not a zip, naming it', async () => {
    const bogus = join(work.dir, 'bogus.zip');
    await writeFile(bogus, 'this is not a zip file');
    await expect(importRegion({ osm: sources.osm, gtfs: [bogus], name: 'x', out: join(work.dir, 'bogus-pack') })).rejects.toMatchObject({
      name: 'RegionPackError',
      path: bogus,
    });
  });
});
