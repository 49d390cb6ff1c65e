import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poi } from '../../test/synthetic-region.js';
import { RegionPackError } from '../errors.js';
import { applyRatings, normaliseOsmId } from './ratings.js';

describe('normaliseOsmId', () => {
  it('accepts the usual spellings of an OSM reference', () => {
    expect(normaliseOsmId('n123')).toBe('n123');
    expect(normaliseOsmId('node/123')).toBe('n123');
    expect(normaliseOsmId('Way 456')).toBe('w456');
    expect(normaliseOsmId('relation:789')).toBe('r789');
    expect(normaliseOsmId(' R7 ')).toBe('r7');
  });

  it('leaves anything else unchanged (it will match no POI)', () => {
    expect(normaliseOsmId('ChIJ123abc')).toBe('ChIJ123abc');
  });
});

describe('applyRatings', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'locscore-ratings-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('sets the rating and its review count by OSM id or by name near the POI', async () => {
    const byId = { ...poi({ amenity: 'cafe', name: 'Café Amann' }, 0, 0), id: 'n42' };
    const byName = poi({ amenity: 'cafe', name: 'Börsencafé' }, 100, 0);
    const file = join(dir, 'ratings.csv');
    await writeFile(file, 'osm_id,rating,rating_count\nnode/42,4.5,120\nw9,3,\n');
    expect(await applyRatings(file, [byId, byName])).toEqual({ rows: 2, matched: 1 });
    expect(byId).toMatchObject({ rating: 4.5, ratingCount: 120 });
    const named = join(dir, 'named.csv');
    await writeFile(named, `name,lat,lng,rating\nBORSENCAFE,${byName.lat},${byName.lng},2.5\n`);
    expect(await applyRatings(named, [byId, byName])).toEqual({ rows: 1, matched: 1 });
    expect(byName.rating).toBe(2.5);
    expect(byName.ratingCount).toBeUndefined();
  });

  it('refuses a negative review count, naming the line and the field', async () => {
    const file = join(dir, 'negative.csv');
    await writeFile(file, 'osm_id,rating,rating_count\nn1,4,-3\n');
    const error = await applyRatings(file, []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RegionPackError);
    expect(error).toMatchObject({ path: `${file} line 2` });
    expect((error as Error).message).toMatch(/rating_count must be 0 or more/);
  });
});
