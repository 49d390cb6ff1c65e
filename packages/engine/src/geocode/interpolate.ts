import { haversineMetres } from '../region/geometry.js';
import type { AddressPoint, InterpolationLine, LatLng } from '../region/types.js';
import { pointAlongLine } from './line-geometry.js';
import type { NumberedAddress } from './street-entries.js';

/**
 * Largest span of house numbers (higher − lower) across which a number is
 * interpolated between two mapped addresses: about ten lots on one side of
 * a street.
 */
export const MAX_NUMBER_SPAN = 20;

/**
 * Largest great-circle distance (metres) between the two mapped addresses an
 * interpolation runs between: one block. Farther apart, a cross street or
 * a bend may lie between them, and the straight line says little.
 */
export const MAX_SPAN_METRES = 200;

/** An interpolated position and the two mapped addresses it lies between. */
export interface InterpolatedPoint extends LatLng {
  /** The mapped address nearer in number, for display. */
  neighbour: AddressPoint;
  /** The lower and higher mapped addresses. */
  between: [AddressPoint, AddressPoint];
}

function lerp(a: LatLng, b: LatLng, t: number): LatLng {
  return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
}

/**
 * Interpolates a house number between the nearest lower and higher mapped
 * numbers of the same parity (the same side of the street in North American
 * and most European numbering) on the same street, within one block: at
 * most {@link MAX_NUMBER_SPAN} numbers and {@link MAX_SPAN_METRES} apart,
 * and in the same hundred where numbers run past 100 (North American
 * hundred blocks: `130` is not between `98` and `102`). A number outside
 * the street's mapped numbers, or whose neighbours do not qualify, is not
 * interpolated.
 *
 * @param numbered - the street's numbered addresses, sorted by value
 * @param value - the house number sought (its integer part)
 * @returns the position, or null when no pair of neighbours qualifies
 */
export function interpolateBetweenAddresses(numbered: readonly NumberedAddress[], value: number): InterpolatedPoint | null {
  const upper = firstAbove(numbered, value);
  let lower: NumberedAddress | undefined;
  for (let index = upper - 1; index >= 0; index -= 1) {
    const item = numbered[index];
    if (item === undefined || value - item.value > MAX_NUMBER_SPAN) break;
    if (item.value < value && item.value % 2 === value % 2) {
      lower = item;
      break;
    }
  }
  let higher: NumberedAddress | undefined;
  for (let index = upper; index < numbered.length; index += 1) {
    const item = numbered[index];
    if (item === undefined || item.value - value > MAX_NUMBER_SPAN) break;
    if (item.value % 2 === value % 2) {
      higher = item;
      break;
    }
  }
  if (lower === undefined || higher === undefined) return null;
  if (higher.value - lower.value > MAX_NUMBER_SPAN) return null;
  if (value >= 100 && (Math.floor(lower.value / 100) !== Math.floor(value / 100) || Math.floor(higher.value / 100) !== Math.floor(value / 100))) return null;
  if (haversineMetres(lower.address, higher.address) > MAX_SPAN_METRES) return null;
  const t = (value - lower.value) / (higher.value - lower.value);
  return { ...lerp(lower.address, higher.address, t), neighbour: t <= 0.5 ? lower.address : higher.address, between: [lower.address, higher.address] };
}

/** Index of the first item whose value is above `value` (binary search). */
function firstAbove(numbered: readonly NumberedAddress[], value: number): number {
  let low = 0;
  let high = numbered.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((numbered[middle]?.value ?? Number.POSITIVE_INFINITY) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether `value` belongs on an interpolation running from `start` with OSM `addr:interpolation` = `scheme`. */
function fitsScheme(scheme: string, start: number, value: number): boolean {
  if (scheme === 'odd') return value % 2 === 1;
  if (scheme === 'even') return value % 2 === 0;
  const step = Number.parseInt(scheme, 10);
  if (Number.isInteger(step) && step > 0) return (value - start) % step === 0;
  return true; // `all`, `alphabetic` and unknown schemes
}

/**
 * Places a house number along an OSM `addr:interpolation` way: between the
 * two consecutive vertices with known numbers that enclose it, at the
 * fraction of the number span, measured along the way's length.
 *
 * @param line - the interpolation way
 * @param value - the house number sought
 * @returns the position, or null when the line does not cover the number or its scheme excludes it
 */
export function interpolateAlongLine(line: InterpolationLine, value: number): LatLng | null {
  let previous = -1;
  for (let index = 0; index < line.points.length; index += 1) {
    const number = line.numbers[index];
    if (number === null || number === undefined) continue;
    const start = previous >= 0 ? line.numbers[previous] : undefined;
    if (start !== null && start !== undefined) {
      const low = Math.min(start, number);
      const high = Math.max(start, number);
      if (value >= low && value <= high && fitsScheme(line.interpolation, low, value)) {
        const section = line.points.slice(previous, index + 1);
        const fraction = high === low ? 0 : (value - start) / (number - start);
        return pointAlongLine(section, fraction);
      }
    }
    previous = index;
  }
  return null;
}
