import type { UnitTerritory } from '@locscore/schema';
import { formatMetres } from './format.js';

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/**
 * A stored territory in words: `radius 300 m`, `1,500 residents (circle of
 * 141 m)`, `polygon`, or `none`.
 *
 * @param territory - a unit's or a check's territory, or null
 */
export function describeTerritory(territory: UnitTerritory | null): string {
  if (territory === null) return 'none';
  if (territory.type === 'radius') return `radius ${formatMetres(territory.metres)}`;
  if (territory.type === 'population') return `${whole.format(territory.residents)} residents (circle of ${formatMetres(territory.radiusMetres)})`;
  return 'polygon';
}

/** A whole count for people (`14,292`). */
export function formatCount(value: number): string {
  return whole.format(value);
}
