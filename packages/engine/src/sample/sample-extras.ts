import { addressPosition } from './town-addresses.js';
import { POIS, toLatLng } from './town-plan.js';

/**
 * Fictional ratings for the sample's cafés, pizza places, salons and
 * pharmacy, in the `name,lat,lng,rating,rating_count` layout (matched by the
 * importer to the POI of the same name within 50 m). Positions are 5 m off the
 * POI so that the match is by distance, not identity.
 *
 * @returns rows, header first
 */
export function sampleRatingsRows(): string[][] {
  const rated: Record<string, [number, number]> = {
    'Maple Bean Café': [4.6, 212],
    'Junction Coffee Roasters': [4.2, 87],
    'Morning Cup': [3.8, 45],
    'Pizza Junction': [4.0, 130],
    'Slice of Maple': [3.5, 64],
    'Cut Above Salon': [4.7, 58],
    'Main Street Pharmacy': [4.1, 33],
    'Boba Junction': [4.4, 96],
  };
  const rows: string[][] = [['name', 'lat', 'lng', 'rating', 'rating_count']];
  for (const poi of POIS) {
    const name = poi.tags.name;
    const value = name === undefined ? undefined : rated[name];
    if (name === undefined || value === undefined) continue;
    const at = addressPosition(poi.street, poi.housenumber).at;
    rows.push([name, (at.lat + 5 / 111_320).toFixed(7), at.lng.toFixed(7), String(value[0]), String(value[1])]);
  }
  return rows;
}

/**
 * Four fictional census areas (the town's quadrants), in the importer's
 * census layout `id,name,lat,lng,population,median_household_income,land_area_km2`.
 *
 * @returns rows, header first
 */
export function sampleCensusRows(): string[][] {
  const areas: Array<[string, string, number, number, number, number]> = [
    ['MJ-NE', 'Maple Junction North-East', 650, 350, 4200, 68000],
    ['MJ-NW', 'Maple Junction North-West', -500, 350, 3100, 72000],
    ['MJ-SE', 'Maple Junction South-East', 650, -350, 2600, 54000],
    ['MJ-SW', 'Maple Junction South-West', -500, -350, 1900, 61000],
  ];
  return [
    ['id', 'name', 'lat', 'lng', 'population', 'median_household_income', 'land_area_km2'],
    ...areas.map(([id, name, x, y, population, income]) => {
      const at = toLatLng(x, y);
      return [id, name, String(at.lat), String(at.lng), String(population), String(income), '0.8'];
    }),
  ];
}
