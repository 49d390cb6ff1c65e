import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { RegionPackError } from '../errors.js';
import type { PopulationZone } from '../population/population-zone.js';
import { type ResolvedCensusFields, readCensusValues } from './census-fields.js';
import { numberField, parseCsv } from './csv-rows.js';

/**
 * Reads a census CSV: one row per area at a representative point, header
 * `id,name,lat,lng,population` and optionally `households`,
 * `median_household_income` (currency units of the source, e.g. CAD) and
 * `land_area_km2` (other column names through `fields`). `lat`/`lng` are
 * WGS 84 decimal degrees. Each row is a point area: it takes the dwellings
 * nearer to it than to any other row's point.
 *
 * @param path - the CSV file
 * @param fields - the column names ({@link resolveCensusFields})
 * @returns the areas, in file order
 * @throws RegionPackError naming the file, line and field on a missing column or bad value
 */
export async function readCensus(path: string, fields: ResolvedCensusFields): Promise<PopulationZone[]> {
  try {
    await access(path);
  } catch {
    throw new RegionPackError(path, 'census file not found');
  }
  const zones: PopulationZone[] = [];
  await parseCsv(createReadStream(path), path, (row, line) => {
    const at = `${path} line ${line}`;
    const id = row[fields.id];
    if (id === undefined || id === '') throw new RegionPackError(at, `missing ${fields.id} (the id field)`);
    const lat = numberField(row, 'lat', at);
    const lng = numberField(row, 'lng', at);
    if (lat < -90 || lat > 90 || lng < -180 || lng > 180) throw new RegionPackError(at, 'lat/lng out of range');
    const values = readCensusValues(row, fields, at);
    const zone: PopulationZone = { id, name: row[fields.name] || id, ...values, geometry: null, point: { lat, lng } };
    if (row.land_area_km2 !== undefined && row.land_area_km2 !== '') zone.landAreaKm2 = numberField(row, 'land_area_km2', at);
    zones.push(zone);
  });
  return zones;
}
