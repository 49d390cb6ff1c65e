import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { RegionPackError } from '../errors.js';
import { numberField, parseCsv } from './csv-rows.js';
import type { CensusArea } from './types.js';

/**
 * Reads a census CSV: one row per area at a representative point, header
 * `id,name,lat,lng,population` and optionally `median_household_income`
 * (currency units of the source, e.g. CAD) and `land_area_km2`. `lat`/`lng`
 * are WGS 84 decimal degrees; `population` a non-negative count.
 *
 * @param path - the CSV file
 * @returns the areas
 * @throws RegionPackError naming the file, line and field on a missing column or bad value
 */
export async function readCensus(path: string): Promise<CensusArea[]> {
  try {
    await access(path);
  } catch {
    throw new RegionPackError(path, 'census file not found');
  }
  const areas: CensusArea[] = [];
  await parseCsv(createReadStream(path), path, (row, line) => {
    const at = `${path} line ${line}`;
    const id = row.id;
    if (id === undefined || id === '') throw new RegionPackError(at, 'missing id');
    const lat = numberField(row, 'lat', at);
    const lng = numberField(row, 'lng', at);
    if (lat < -90 || lat > 90 || lng < -180 || lng > 180) throw new RegionPackError(at, 'lat/lng out of range');
    const population = numberField(row, 'population', at);
    if (population < 0) throw new RegionPackError(at, 'population must not be negative');
    const area: CensusArea = { id, name: row.name ?? id, lat, lng, population };
    if (row.median_household_income !== undefined && row.median_household_income !== '') {
      area.medianHouseholdIncome = numberField(row, 'median_household_income', at);
    }
    if (row.land_area_km2 !== undefined && row.land_area_km2 !== '') area.landAreaKm2 = numberField(row, 'land_area_km2', at);
    areas.push(area);
  });
  return areas;
}
