import type { Unit, UnitTerritory } from '@locscore/schema';
import { formatDistance } from './distance.js';

const count = new Intl.NumberFormat('en-US');

/**
 * A stored territory in words: `radius 300 m`, `1,500 residents (circle of
 * 141 m, NYC West Village)`, `polygon (5 vertices)`, or `none`.
 *
 * @param territory - a unit's territory as stored, or null
 */
export function describeTerritory(territory: UnitTerritory | null): string {
  if (territory === null) return 'none';
  if (territory.type === 'radius') return `radius ${formatDistance(territory.metres)}`;
  if (territory.type === 'population')
    return `${count.format(territory.residents)} residents (circle of ${formatDistance(territory.radiusMetres)}, ${territory.region})`;
  const rings = territory.geometry.type === 'Polygon' ? [territory.geometry.coordinates] : territory.geometry.coordinates;
  const vertices = rings.flat().reduce((sum, ring) => sum + ring.length - 1, 0);
  return `polygon (${count.format(vertices)} vertices)`;
}

/** Header of the `locscore units list` table. */
export const UNIT_TABLE_HEADER = ['ID', 'NAME', 'CATEGORY', 'STATUS', 'TERRITORY', 'SITE'] as const;

/**
 * One unit as a row of the `locscore units list` table: its id, name,
 * category, status, territory ({@link describeTerritory}) and site (the
 * matched address, else its coordinates).
 *
 * @param unit - a unit of the account
 */
export function unitTableRow(unit: Unit): string[] {
  const site = unit.matchedAddress ?? `${unit.coordinates.lat.toFixed(6)}, ${unit.coordinates.lng.toFixed(6)}`;
  return [unit.id, unit.name, unit.category, unit.status, describeTerritory(unit.territory), site];
}

/**
 * A unit in one line for `units add`: `Added Joe (open, coffee) at 141
 * Waverly Place, …; territory radius 300 m; id …`.
 *
 * @param unit - the unit the server stored
 */
export function unitSummary(unit: Unit): string {
  const site = unit.matchedAddress ?? `${unit.coordinates.lat.toFixed(6)}, ${unit.coordinates.lng.toFixed(6)}`;
  return `${unit.name} (${unit.status}, ${unit.category}) at ${site}; territory ${describeTerritory(unit.territory)}; id ${unit.id}`;
}
