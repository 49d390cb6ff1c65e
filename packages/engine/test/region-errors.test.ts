import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import { importRegion } from '../src/region/import-region.js';
import { loadRegion } from '../src/region/pack-read.js';
import { type SampleSources, writeSampleSources } from '../src/sample/write-sample-sources.js';
import { sharedFile, tempFolder } from './region-fixtures.js';

let work: Awaited<ReturnType<typeof tempFolder>>;
let sources: SampleSources;
let packDir: string;

beforeAll(async () => {
  work = await tempFolder('errors');
  sources = await writeSampleSources(join(work.dir, 'sources'));
  packDir = (await importRegion({ osm: sources.osm, name: 'errors', out: join(work.dir, 'pack') })).outDir;
});
afterAll(async () => work.cleanup());

async function rejection(promise: Promise<unknown>): Promise<RegionPackError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegionPackError);
  return error as RegionPackError;
}

describe('importRegion: bad inputs give RegionPackError naming the file', () => {
  it('missing OSM file', async () => {
    const missing = join(work.dir, 'nope.osm.pbf');
    const error = await rejection(importRegion({ osm: missing, name: 'x', out: join(work.dir, 'o1') }));
    expect(error.path).toBe(missing);
    expect(error.message).toMatch(/not found/);
  });

  it('a text file named .osm.pbf', async () => {
    const fake = join(work.dir, 'fake.osm.pbf');
    await writeFile(fake, 'hello, I am not protobuf\n');
    const error = await rejection(importRegion({ osm: fake, name: 'x', out: join(work.dir, 'o2') }));
    expect(error.path).toBe(fake);
    expect(error.message).toMatch(/not an OpenStreetMap extract/);
  });

  it('XML that is not OSM, and truncated OSM XML', async () => {
    const html = join(work.dir, 'page.osm');
    await writeFile(html, '<html><body>nope</body></html>');
    expect((await rejection(importRegion({ osm: html, name: 'x', out: join(work.dir, 'o3') }))).message).toMatch(/root element <html>/);
    const truncated = join(work.dir, 'truncated.osm');
    await writeFile(truncated, (await readFile(sources.osm, 'utf8')).slice(0, 5_000));
    const error = await rejection(importRegion({ osm: truncated, name: 'x', out: join(work.dir, 'o4') }));
    expect(error.path).toBe(truncated);
  });

  it('a PBF header followed by garbage', async () => {
    const broken = join(work.dir, 'broken.osm.pbf');
    const header = Buffer.from([0, 0, 0, 13, 0x0a, 9, ...Buffer.from('OSMHeader')]);
    await writeFile(broken, Buffer.concat([header, Buffer.alloc(200, 0xff)]));
    const error = await rejection(importRegion({ osm: broken, name: 'x', out: join(work.dir, 'o5') }));
    expect(error.path).toBe(broken);
  });

  it.skipIf(sharedFile('liechtenstein/liechtenstein.osm.pbf') === null)('a truncated PBF (real data, cut at 100 kB)', async () => {
    const cut = join(work.dir, 'cut.osm.pbf');
    const bytes = await readFile(sharedFile('liechtenstein/liechtenstein.osm.pbf') ?? '');
    await writeFile(cut, bytes.subarray(0, 100_000));
    const error = await rejection(importRegion({ osm: cut, name: 'x', out: join(work.dir, 'o-cut') }));
    expect(error.path).toBe(cut);
    expect(error.message).toMatch(/truncated/);
  });

  it('an existing out directory without force, and replaces it with force', async () => {
    const error = await rejection(importRegion({ osm: sources.osm, name: 'x', out: packDir }));
    expect(error.path).toBe(packDir);
    expect(error.message).toMatch(/already exists/);
    const replaced = await importRegion({ osm: sources.osm, name: 'replaced', out: packDir, force: true });
    expect((await loadRegion(replaced.outDir)).manifest.name).toBe('replaced');
    expect((await readdir(work.dir)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('missing GTFS folder, folder without stops.txt, bad census and ratings rows', async () => {
    const missing = join(work.dir, 'no-gtfs');
    expect((await rejection(importRegion({ osm: sources.osm, gtfs: [missing], name: 'x', out: join(work.dir, 'o6') }))).path).toBe(missing);
    const empty = join(work.dir, 'empty-gtfs');
    await mkdir(empty);
    expect((await rejection(importRegion({ osm: sources.osm, gtfs: [empty], name: 'x', out: join(work.dir, 'o7') }))).message).toMatch(/stops\.txt/);
    const census = join(work.dir, 'census.csv');
    await writeFile(census, 'id,name,lat,lng,population\nA,Area A,44,-40,1200\nB,Area B,44,-40,lots\n');
    const censusError = await rejection(importRegion({ osm: sources.osm, census, name: 'x', out: join(work.dir, 'o8') }));
    expect(censusError.path).toBe(`${census} line 3`);
    expect(censusError.message).toMatch(/population/);
    const ratings = join(work.dir, 'ratings.csv');
    await writeFile(ratings, 'osm_id,rating\nn1,7\n');
    expect((await rejection(importRegion({ osm: sources.osm, ratings, name: 'x', out: join(work.dir, 'o9') }))).message).toMatch(/between 0 and 5/);
  });

  it('an empty name', async () => {
    expect((await rejection(importRegion({ osm: sources.osm, name: ' ', out: join(work.dir, 'o10') }))).path).toBe('name');
  });
});

describe('loadRegion: bad packs give RegionPackError', () => {
  it('missing directory and directory without manifest', async () => {
    expect((await rejection(loadRegion(join(work.dir, 'absent')))).message).toMatch(/not found/);
    const bare = join(work.dir, 'bare');
    await mkdir(bare);
    expect((await rejection(loadRegion(bare))).message).toMatch(/manifest/);
  });

  it('another format version, and a manifest that is not JSON', async () => {
    const other = join(work.dir, 'other-version');
    await importRegion({ osm: sources.osm, name: 'v', out: other });
    const manifest = JSON.parse(await readFile(join(other, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(other, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 99 }));
    expect((await rejection(loadRegion(other))).message).toMatch(/format 99, written by a newer locscore/);
    await writeFile(join(other, 'manifest.json'), '{ not json');
    expect((await rejection(loadRegion(other))).message).toMatch(/not valid JSON/);
  });

  it('names the command that rebuilds a pack of the previous format from its sources', async () => {
    const older = join(work.dir, 'format-3');
    await importRegion({ osm: sources.osm, name: 'Old town', out: older });
    const manifest = JSON.parse(await readFile(join(older, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(older, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 3 }));
    const error = await rejection(loadRegion(older));
    expect(error.message).toMatch(/this pack is format 3; this locscore reads format 4/);
    expect(error.message).toContain(`locscore region import --osm ${basename(sources.osm)} --name "Old town" --out ${older} --force`);
  });

  it('a damaged layer file', async () => {
    const damaged = join(work.dir, 'damaged');
    await importRegion({ osm: sources.osm, name: 'd', out: damaged });
    await writeFile(join(damaged, 'pois.bin'), 'garbage');
    const error = await rejection(loadRegion(damaged));
    expect(error.path).toBe(join(damaged, 'pois.bin'));
    expect(error.message).toMatch(/bytes, the manifest says/);
  });
});
