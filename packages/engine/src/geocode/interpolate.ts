import { haversineMetres } from '../region/geometry.js';
import type { AddressPoint, InterpolationLine, LatLng } from '../region/types.js';
import { pointAlongLine } from './line-geometry.js';
import type { NumberedAddress } from './street-entries.js';

/**
 * Largest span of house numbers (higher − lower) across which a number is
 * interpolated between two mapped addresses. 30 numbers is about 15 lots on
 * one side of a street; beyond that the straight line between them says little.
 */
export const MAX_NUMBER_SPAN = 30;

/** Largest great-circle distance (metres) between the two mapped addresses an interpolation runs between. */
export const MAX_SPAN_METRES = 500;

/** An interpolated position and the mapped address nearest in number, for display. */
export interface InterpolatedPoint extends LatLng {
  /** The mapped address the position was taken from or next to. */
  neighbour: AddressPoint;
}

function lerp(a: LatLng, b: LatLng, t: number): LatLng {
  return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
}

/**
 * Interpolates a house number between the nearest lower and higher mapped
 * numbers of the same street: first among numbers of the same parity (the
 * same side of the street in North American and most European numbering),
 * then among all numbers. A number mapped only with another suffix (`12` for
 * `12a`) takes that address's position. Both neighbours must exist, be at most
 * {@link MAX_NUMBER_SPAN} numbers and {@link MAX_SPAN_METRES} apart.
 *
 * @param numbered - the street's numbered addresses, sorted by value
 * @param value - the house number sought (its integer part)
 * @returns the position, or null when no pair of neighbours qualifies
 */
export function interpolateBetweenAddresses(numbered: readonly NumberedAddress[], value: number): InterpolatedPoint | null {
  const upper = firstAbove(numbered, value);
  const sameValue = numbered[upper - 1];
  if (sameValue !== undefined && sameValue.value === value) {
    return { lat: sameValue.address.lat, lng: sameValue.address.lng, neighbour: sameValue.address };
  }
  for (const sameParity of [true, false]) {
    let lower: NumberedAddress | undefined;
    for (let index = upper - 1; index >= 0; index -= 1) {
      const item = numbered[index];
      if (item === undefined || value - item.value > MAX_NUMBER_SPAN) break;
      if (!sameParity || item.value % 2 === value % 2) {
        lower = item;
        break;
      }
    }
    let higher: NumberedAddress | undefined;
    for (let index = upper; index < numbered.length; index += 1) {
      const item = numbered[index];
      if (item === undefined || item.value - value > MAX_NUMBER_SPAN) break;
      if (!sameParity || item.value % 2 === value % 2) {
        higher = item;
        break;
      }
    }
    if (lower === undefined || higher === undefined) continue;
    if (higher.value - lower.value > MAX_NUMBER_SPAN) continue;
    if (haversineMetres(lower.address, higher.address) > MAX_SPAN_METRES) continue;
    const t = (value - lower.value) / (higher.value - lower.value);
    return { ...lerp(lower.address, higher.address, t), neighbour: t <= 0.5 ? lower.address : higher.address };
  }
  return null;
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
