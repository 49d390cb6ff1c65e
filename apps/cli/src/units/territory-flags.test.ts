import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../exit-codes.js';
import { siteFromFlags, territoryFromFlags } from './territory-flags.js';

const polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-74.004, 40.733],
      [-74.001, 40.733],
      [-74.001, 40.735],
      [-74.004, 40.733],
    ],
  ],
};
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'locscore-territory-flags-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('territoryFromFlags', () => {
  it('reads a radius, a population, and a polygon from a geometry, a Feature or a FeatureCollection of one', async () => {
    expect(await territoryFromFlags({ radius: '300' })).toEqual({ type: 'radius', metres: 300 });
    expect(await territoryFromFlags({ population: '1500' })).toEqual({ type: 'population', residents: 1500 });
    expect(await territoryFromFlags({})).toBeUndefined();
    for (const [name, content] of [
      ['geometry.json', polygon],
      ['feature.geojson', { type: 'Feature', properties: {}, geometry: polygon }],
      ['collection.geojson', { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: polygon }] }],
    ] as const) {
      await writeFile(join(dir, name), JSON.stringify(content));
      expect(await territoryFromFlags({ polygon: join(dir, name) })).toEqual({ type: 'polygon', geometry: polygon });
    }
  });

  it('refuses two territories, a radius that is no number, and a file without one polygon (exit 2)', async () => {
    await expect(territoryFromFlags({ radius: '300', population: '10' })).rejects.toThrow('give one territory: --radius or --population');
    await expect(territoryFromFlags({ radius: '3OO' })).rejects.toThrow('--radius must be a number, got "3OO"');
    await writeFile(join(dir, 'two.geojson'), JSON.stringify({ type: 'FeatureCollection', features: [{}, {}] }));
    await expect(territoryFromFlags({ polygon: join(dir, 'two.geojson') })).rejects.toThrow(/exactly one feature, it holds 2/);
    await writeFile(join(dir, 'point.geojson'), JSON.stringify({ type: 'Point', coordinates: [0, 0] }));
    await expect(territoryFromFlags({ polygon: join(dir, 'point.geojson') })).rejects.toThrow(/must be a GeoJSON Polygon or MultiPolygon/);
    await expect(territoryFromFlags({ polygon: join(dir, 'missing.geojson') })).rejects.toBeInstanceOf(CliError);
  });
});

describe('siteFromFlags', () => {
  it('takes an address or both coordinates, never both or half', () => {
    expect(siteFromFlags({ address: '12 Main St' })).toEqual({ address: '12 Main St' });
    expect(siteFromFlags({ lat: '40.7', lng: '-74' })).toEqual({ coordinates: { lat: 40.7, lng: -74 } });
    expect(() => siteFromFlags({ address: 'x', lat: '1', lng: '2' })).toThrow('not both');
    expect(() => siteFromFlags({ lat: '1' })).toThrow('--lat and --lng go together');
    expect(() => siteFromFlags({})).toThrow('give the site');
  });
});
