import type { ResidentialBuilding } from './residential-buildings.js';

/**
 * Storeys assumed for a building whose levels are not tagged, by `building=*`
 * value: single-storey dwellings 1, houses and farms 2, `yes` 2, blocks of
 * flats and dormitories 4, `residential` 3. An extract's own median replaces
 * a value where it tags at least {@link MIN_TAGGED_FOR_MEDIAN} buildings of the kind.
 */
export const DEFAULT_LEVELS: Readonly<Record<string, number>> = {
  yes: 2,
  residential: 3,
  house: 2,
  apartments: 4,
  detached: 2,
  semidetached_house: 2,
  terrace: 2,
  bungalow: 1,
  dormitory: 4,
  farm: 2,
  cabin: 1,
  houseboat: 1,
  static_caravan: 1,
};

/** Storeys assumed for a kind missing from {@link DEFAULT_LEVELS} (a building with `building:use=residential`). */
const FALLBACK_LEVELS = 2;

/** Tagged buildings of a kind needed before the extract's median levels replace {@link DEFAULT_LEVELS}. */
export const MIN_TAGGED_FOR_MEDIAN = 20;

/**
 * Gross floor area per resident, square metres, for estimating residents
 * where no source gives a population: the Swiss Federal Statistical Office's
 * 46 m² of dwelling (net) floor space per occupant (2022), over a
 * net-to-gross ratio of about 0.9 for the walls and stairs a footprint × storeys
 * includes, rounded to 50.
 */
export const FLOOR_AREA_PER_RESIDENT_M2 = 50;

/**
 * A function giving each building's gross floor area (m²): footprint ×
 * storeys, where untagged storeys are the extract's median for the kind
 * (when at least {@link MIN_TAGGED_FOR_MEDIAN} are tagged) else
 * {@link DEFAULT_LEVELS}.
 *
 * @param buildings - the extract's dwellings (their tagged levels set the medians)
 * @returns floor area of one building, m²
 */
export function floorAreaOf(buildings: readonly ResidentialBuilding[]): (building: ResidentialBuilding) => number {
  const tagged = new Map<string, number[]>();
  for (const { kind, levels } of buildings) {
    if (levels === null) continue;
    const list = tagged.get(kind);
    if (list === undefined) tagged.set(kind, [levels]);
    else list.push(levels);
  }
  const defaults = new Map<string, number>();
  for (const [kind, list] of tagged) {
    if (list.length < MIN_TAGGED_FOR_MEDIAN) continue;
    list.sort((a, b) => a - b);
    const middle = list.length >> 1;
    defaults.set(kind, list.length % 2 === 1 ? (list[middle] ?? 1) : ((list[middle - 1] ?? 1) + (list[middle] ?? 1)) / 2);
  }
  return (building) => building.footprintM2 * (building.levels ?? defaults.get(building.kind) ?? DEFAULT_LEVELS[building.kind] ?? FALLBACK_LEVELS);
}
