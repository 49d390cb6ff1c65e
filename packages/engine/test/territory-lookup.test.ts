import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { AddressNotFoundError } from '../src/errors.js';
import { importRegion } from '../src/region/import-region.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { ScoringEngine } from '../src/scoring-engine.js';
import { FIXTURE_PBF, tempFolder } from './region-fixtures.js';

describe('engine.territory (territoryLookup) over the Vaduz centre fixture', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let engine: ScoringEngine;

  beforeAll(async () => {
    work = await tempFolder('territory-lookup');
    const report = await importRegion({ osm: FIXTURE_PBF, name: 'Vaduz centre', out: join(work.dir, 'pack') });
    engine = createEngine({ regions: [await loadRegion(report.outDir)] });
  });
  afterAll(async () => work?.cleanup());

  it('geocodes a site exactly as a score does, in the region that holds it', async () => {
    const lookup = engine.territory;
    const located = lookup?.locate('Städtle 38, 9490 Vaduz');
    const scored = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
    expect(located?.region.name).toBe('Vaduz centre');
    expect({ lat: located?.lat, lng: located?.lng }).toEqual(scored.coordinates);
    expect(located?.matchedAddress).toBe(scored.meta?.matchedAddress);
    expect(located?.precision).toBe(scored.meta?.geocodePrecision);
    expect(() => lookup?.locate('Hauptstrasse 999, 1234 Atlantis')).toThrow(AddressNotFoundError);
  });

  it('finds the region covering coordinates, builds each region’s indexes once, and answers null elsewhere', () => {
    const lookup = engine.territory;
    const here = lookup?.at({ lat: 47.1399, lng: 9.5209 });
    expect(here).toMatchObject({ lat: 47.1399, lng: 9.5209, matchedAddress: null, precision: null });
    expect(here?.region).toBe(lookup?.region('Vaduz centre'));
    expect(lookup?.at({ lat: 40.7359, lng: -74.0036 })).toBeNull();
    expect(lookup?.region('Atlantis')).toBeNull();
  });
});
