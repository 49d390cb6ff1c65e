import type { Cannibalisation, Category } from '@locscore/schema';
import { attractiveness, HUFF_BETA } from '../model/competitor-score.js';
import type { CompetitorIndex } from '../places/competitor-index.js';
import { PointIndex } from '../places/point-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';
import { withoutOwnUnits } from './own-places.js';
import type { ResidentIndex } from './resident-index.js';
import { circleShape } from './shape.js';
import type { NetworkUnit, UnitNetwork } from './unit-network.js';

/**
 * Huff utility of a store for customers `distanceMetres` away: A × (1 + d / D)^−β,
 * the model's competitor term (`competitorPressure`): β = `HUFF_BETA`, D half
 * the category's radius, so that a store next door weighs A and one at the
 * radius A / 9.
 *
 * @param storeAttractiveness - A, from `attractiveness` (1 for an average store)
 * @param distanceMetres - great-circle distance, metres
 * @param radiusMetres - the category's radius, metres
 */
export function huffUtility(storeAttractiveness: number, distanceMetres: number, radiusMetres: number): number {
  return storeAttractiveness * (1 + distanceMetres / (Math.max(1, radiusMetres) / 2)) ** -HUFF_BETA;
}

/** A store a customer may choose: an own unit (with `unit`) or a competitor. */
interface Store extends LatLng {
  attractiveness: number;
  unit: NetworkUnit | null;
}

/** The stores and units a cannibalisation weighs. */
interface Study {
  site: LatLng;
  radiusMetres: number;
  stores: PointIndex<Store>;
  /** Own units whose trade area meets the candidate's: the only ones that can lose. */
  affected: ReadonlySet<NetworkUnit>;
}

/** What the candidate would capture and what each own unit holds and would lose, in residents. */
interface Tally {
  captured: number;
  held: Map<NetworkUnit, number>;
  lost: Map<NetworkUnit, number>;
}

/** What {@link cannibalisation} needs of the region and of the franchisor. */
export interface CannibalisationInput {
  /** The candidate site, decimal degrees. */
  site: LatLng;
  category: Category;
  /** The category's trade-area radius, metres: customers farther than it from a store do not choose it. */
  radiusMetres: number;
  network: UnitNetwork;
  competitors: CompetitorIndex;
  residents: ResidentIndex;
}

const add = (map: Map<NetworkUnit, number>, unit: NetworkUnit, value: number) => map.set(unit, (map.get(unit) ?? 0) + value);

/**
 * What a new unit at the site would take from the franchisor's own units, by
 * the Huff model (Huff 1963, 1964): each resident at a population point i
 * chooses store j with probability P_ij = S_ij / Σ_k S_ik among the stores
 * whose trade area (the category's radius) holds i, with S from
 * {@link huffUtility} (the model's β and attractiveness; own units and the
 * candidate count as average stores, competitors by their shrunk rating).
 *
 * Over the population points in the union of the candidate's trade area and
 * those of the own units it meets: the candidate captures C = Σ_i w_i P_ic;
 * an own unit u held H_u = Σ_i w_i P_iu before and loses
 * L_u = Σ_i w_i (P_iu − P'_iu) = Σ_i w_i P_iu P'_ic (P' with the candidate
 * open). `shareFromOwnUnits` = Σ_u L_u / C, each unit's `shareLost` = L_u / H_u.
 * Residents no store reached before are new demand, taken from no one.
 * Planned units count as open. Documented in docs/territory.md.
 *
 * @param input - the site, category, radius, the network and the region's indexes
 * @returns captured demand, the share from own units, and the units that lose, most affected first
 */
export function cannibalisation(input: CannibalisationInput): Cannibalisation {
  const { site, category, radiusMetres, network, residents } = input;
  const affected = network.within(site, category, 2 * radiusMetres).map(({ unit }) => unit);
  const study: Study = { site, radiusMetres, stores: storesAround(input), affected: new Set(affected) };
  const tally: Tally = { captured: 0, held: new Map(), lost: new Map() };
  // The union of the trade areas lies within three radii of the site.
  residents.forEachInside(circleShape(site, 3 * radiusMetres), (point, weight) => choose(point, weight, study, tally));
  const fromOwn = [...tally.lost.values()].reduce((sum, value) => sum + value, 0);
  const units = affected
    .flatMap((unit) => {
      const lost = tally.lost.get(unit) ?? 0;
      const held = tally.held.get(unit) ?? 0;
      const shareLost = held > 0 ? rounded(lost / held, 4) : 0;
      // A loss that rounds to no share (under 0.005 %) is not listed as cannibalisation.
      return shareLost > 0 ? [{ unitId: unit.id, name: unit.name, shareLost, residentsLost: rounded(lost, 1) }] : [];
    })
    .sort((a, b) => b.shareLost - a.shareLost || a.unitId.localeCompare(b.unitId));
  return { capturedResidents: rounded(tally.captured, 1), shareFromOwnUnits: tally.captured > 0 ? rounded(fromOwn / tally.captured, 4) : 0, units };
}

/** `value` rounded to `decimals`. */
function rounded(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}

/**
 * Every store that can serve a demand point of the study area: own units
 * and competitors (own units left out of them) within four radii of the
 * site (a demand point lies within three radii, a store within one of it).
 */
function storesAround({ site, category, radiusMetres, network, competitors }: CannibalisationInput): PointIndex<Store> {
  const reach = 4 * radiusMetres;
  const search = competitors.search(site, category, reach);
  const own: Store[] = network.within(site, category, reach).map(({ unit }) => ({ ...unit.coordinates, attractiveness: 1, unit }));
  const others: Store[] = withoutOwnUnits(search.competitors, network, category).map(({ place, rating, ratingCount }) => ({
    lat: place.lat,
    lng: place.lng,
    attractiveness: attractiveness(rating, ratingCount, search.ratingPrior),
    unit: null,
  }));
  return new PointIndex([...own, ...others]);
}

/**
 * Adds one demand point's choices before and after the candidate opens to
 * the tally, when the point lies in the study area: in the candidate's trade
 * area or in an affected unit's.
 */
function choose(point: LatLng, weight: number, study: Study, tally: Tally): void {
  const { radiusMetres, stores, affected } = study;
  const near: Array<{ unit: NetworkUnit | null; utility: number }> = [];
  let before = 0;
  let studied = false;
  stores.forEachWithin(point, radiusMetres, (store) => {
    const utility = huffUtility(store.attractiveness, haversineMetres(point, store), radiusMetres);
    near.push({ unit: store.unit, utility });
    before += utility;
    if (store.unit !== null && affected.has(store.unit)) studied = true;
  });
  const distanceToSite = haversineMetres(point, study.site);
  const candidate = distanceToSite <= radiusMetres ? huffUtility(1, distanceToSite, radiusMetres) : 0;
  if (candidate === 0 && !studied) return;
  const after = before + candidate;
  if (after > 0) tally.captured += (weight * candidate) / after;
  if (!(before > 0)) return;
  for (const { unit, utility } of near) {
    if (unit === null || !affected.has(unit)) continue;
    add(tally.held, unit, (weight * utility) / before);
    add(tally.lost, unit, weight * (utility / before - utility / after));
  }
}
