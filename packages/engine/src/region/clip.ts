import type { LatLng, RegionData } from './types.js';

/** Layers of a pack that coverage clips, and how many of each were left out. */
export type LeftOut = Partial<
  Record<'addresses' | 'streets' | 'interpolations' | 'stations' | 'busStops' | 'pois' | 'roads' | 'census' | 'areas' | 'places', number>
>;

/** The tests {@link clipToCoverage} applies. */
export interface ClipTests {
  /** Whether a point is inside the coverage. */
  inside: (point: LatLng) => boolean;
  /** Whether a transit stop is near enough to keep (within the transit margin of the coverage). */
  nearForTransit: (point: LatLng) => boolean;
  /** Whether an area overlaps the coverage's box. */
  overlaps: (area: RegionData['areas'][number]) => boolean;
}

function keep<T>(list: T[], test: (item: T) => boolean, layer: keyof LeftOut, leftOut: LeftOut): T[] {
  const kept = list.filter(test);
  if (kept.length < list.length) leftOut[layer] = list.length - kept.length;
  return kept;
}

/**
 * Leaves out of a pack's layers what lies outside its coverage: points
 * (addresses, POIs, census points, `place=*` nodes) outside it; lines (streets,
 * interpolations, roads) with no vertex inside it; stations and bus stops
 * beyond the transit margin (so that a site near the edge still sees its
 * nearest station); areas whose box does not overlap the coverage's.
 *
 * @param data - the pack's layers, changed in place
 * @param tests - the coverage tests
 * @returns how many objects of each layer were left out (layers with none are absent)
 */
export function clipToCoverage(data: RegionData, tests: ClipTests): LeftOut {
  const leftOut: LeftOut = {};
  const anyInside = (points: readonly LatLng[]): boolean => points.some(tests.inside);
  data.addresses = keep(data.addresses, tests.inside, 'addresses', leftOut);
  data.pois = keep(data.pois, tests.inside, 'pois', leftOut);
  data.census = keep(data.census, tests.inside, 'census', leftOut);
  data.stations = keep(data.stations, tests.nearForTransit, 'stations', leftOut);
  data.busStops = keep(data.busStops, tests.nearForTransit, 'busStops', leftOut);
  data.streets = keep(data.streets, (street) => street.lines.some(anyInside), 'streets', leftOut);
  data.interpolations = keep(data.interpolations, (line) => anyInside(line.points), 'interpolations', leftOut);
  data.roads = keep(data.roads, (road) => anyInside(road.points), 'roads', leftOut);
  data.areas = keep(data.areas, tests.overlaps, 'areas', leftOut);
  if (data.places !== undefined) data.places = keep(data.places, tests.inside, 'places', leftOut);
  return leftOut;
}
