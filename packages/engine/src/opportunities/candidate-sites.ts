import type { OpportunitySiteKind } from '@locscore/schema';
import { foldText } from '../geocode/fold.js';
import type { AddressPoint, BBox, LatLng } from '../region/types.js';
import { addressLabel } from './address-label.js';
import { cellMetresFor, GridCells } from './grid-cells.js';

/**
 * Side of the grid cells that deduplicate address points, metres: one
 * candidate per 100 m cell, a city block, so that the flats of one building
 * and the houses of one short street count once.
 */
export const DEDUPE_METRES = 100;

/**
 * Most candidate sites of one region and category: the dedupe cell doubles
 * until the candidates fit. Bounds the once-per-pack scoring (about as many
 * points as `RegionPercentiles` scores, twice over) for a pack of any size.
 */
export const MAX_CANDIDATES = 8_192;

/**
 * Fewest deduplicated address points a pack needs for them to be the
 * candidates; with fewer (a pack whose OSM has few addresses), the centres
 * of a grid over the pack's covered box are scored instead.
 */
export const MIN_ADDRESS_CANDIDATES = 100;

/** A place to score: an address point (with its label) or a grid cell's centre. */
export interface Candidate extends LatLng {
  /** The address the score endpoint locates, or null for a grid cell. */
  label: string | null;
}

/** The candidates of a region, and how they were chosen. */
export interface CandidateSet {
  kind: OpportunitySiteKind;
  /** Side of the cells that deduplicate them, metres. */
  dedupeMetres: number;
  /** In pack order (addresses) or row-major from the south-west (cells). */
  sites: Candidate[];
}

/** Whether `point` lies in `box` (`[west, south, east, north]`). */
const inBox = (point: LatLng, box: BBox) => point.lng >= box[0] && point.lng <= box[2] && point.lat >= box[1] && point.lat <= box[3];

/**
 * The sites the opportunity map ranks for a region: its address points
 * inside the covered box whose address no other point shares, one per grid cell of {@link DEDUPE_METRES} (the
 * first in pack order, so the choice is the same in every process), the
 * cell doubled until at most {@link MAX_CANDIDATES} remain; or, with fewer
 * than {@link MIN_ADDRESS_CANDIDATES} of them, the centres of a grid over
 * the covered box with at most that many cells.
 *
 * @param addresses - the pack's address points (`RegionData.addresses`)
 * @param box - the pack's covered box, `[west, south, east, north]` (`manifest.coverage.bbox`, else `manifest.bbox`)
 * @param maxCandidates - most candidates, ≥ 1 @default MAX_CANDIDATES
 * @throws RangeError when `maxCandidates` is not a whole number ≥ 1
 */
export function candidateSites(addresses: readonly AddressPoint[], box: BBox, maxCandidates = MAX_CANDIDATES): CandidateSet {
  if (!Number.isInteger(maxCandidates) || maxCandidates < 1) throw new RangeError(`maxCandidates must be a whole number >= 1, got ${String(maxCandidates)}`);
  const inside = uniquelyWritten(addresses).filter((address) => inBox(address, box));
  let metres = DEDUPE_METRES;
  for (;;) {
    const sites = dedupe(inside, box, metres);
    if (sites.length < Math.min(MIN_ADDRESS_CANDIDATES, maxCandidates) && metres === DEDUPE_METRES) return gridCandidates(box, maxCandidates);
    if (sites.length <= maxCandidates) return { kind: 'address', dedupeMetres: metres, sites };
    metres *= 2;
  }
}

/**
 * The address points whose street, house number and town no other point of
 * the pack shares, with their labels (`addressLabel`): an address mapped at
 * several points (the entrances of one building, or a node with a postcode
 * beside its building without one) locates to one of them, so only a unique
 * one scores back to the very site that was ranked. The key leaves out the
 * postcode, which the geocoder does not need to tell such points apart, and
 * is folded as the geocoder folds text (`foldText`).
 */
function uniquelyWritten(addresses: readonly AddressPoint[]): Array<AddressPoint & { label: string }> {
  const keyOf = (address: AddressPoint): string => [address.street, address.housenumber, address.city ?? ''].map(foldText).join('\u0001');
  const counts = new Map<string, number>();
  for (const address of addresses) counts.set(keyOf(address), (counts.get(keyOf(address)) ?? 0) + 1);
  return addresses.filter((address) => counts.get(keyOf(address)) === 1).map((address) => ({ ...address, label: addressLabel(address) }));
}

/** One address per cell of `metres`, the first in pack order, with its label. */
function dedupe(addresses: ReadonlyArray<AddressPoint & { label: string }>, box: BBox, metres: number): Candidate[] {
  const grid = new GridCells({ lat: box[1], lng: box[0] }, metres, (box[1] + box[3]) / 2);
  const seen = new Set<string>();
  const sites: Candidate[] = [];
  for (const address of addresses) {
    const key = grid.keyOf(address);
    if (seen.has(key)) continue;
    seen.add(key);
    sites.push({ lat: address.lat, lng: address.lng, label: address.label });
  }
  return sites;
}

/** The centres of a grid over `box` of at most `maxCells` cells, each at least {@link DEDUPE_METRES} on a side. */
function gridCandidates(box: BBox, maxCells: number): CandidateSet {
  const metres = cellMetresFor(box, DEDUPE_METRES, maxCells);
  const grid = new GridCells({ lat: box[1], lng: box[0] }, metres, (box[1] + box[3]) / 2);
  const { rows, columns } = grid.extentOf(box);
  const sites: Candidate[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) sites.push({ ...grid.centreOf(row, column), label: null });
  }
  return { kind: 'cell', dedupeMetres: metres, sites };
}

/** A candidate with its overall score for the table's category. */
export interface ScoredCandidate extends Candidate {
  /** Overall score, 0–10, one decimal (the model's `weightedScore`). */
  score: number;
}
