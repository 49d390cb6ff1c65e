/**
 * The layers of a region pack (format {@link PACK_FORMAT_VERSION}), one per
 * record type the engine reads (`records.ts`): their columns, spatial
 * indexes and how a record is rebuilt. Streets keep one representative
 * point and their first point in `streets`; their full geometry is the lazy
 * `streetLines` layer, which only site maps draw.
 */
import { lines, point, points, polygons } from './coordinate-columns.js';
import { column, defineLayer } from './layer-schema.js';
import type {
  AddressPoint,
  Area,
  AreaKind,
  BusStop,
  CensusArea,
  InterpolationLine,
  LatLng,
  Place,
  PlaceKind,
  Poi,
  PopulationPoint,
  Road,
  Station,
  StopRoute,
  Street,
  TransitMode,
} from './records.js';
import { boxOfLines, boxOfPoints, boxOfPolygons, midpointOfLongestLine } from './spatial-geometry.js';
import { json, number, numbers, osmId, string, strings, tags } from './value-columns.js';

/** Sets `record[key]` only when `value` is not undefined (optional fields stay absent, as in the source records). */
function withOptional<T extends object>(record: T, optional: Partial<T>): T {
  const target = record as Record<string, unknown>;
  const source = optional as Record<string, unknown>;
  for (const key in source) {
    const value = source[key];
    if (value !== undefined) target[key] = value;
  }
  return record;
}

/** Sets an optional field only when it has a value (absent fields stay absent, as in the source records), without a temporary object. */
function put<T, K extends keyof T>(record: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) record[key] = value;
}

/** Civic address points, with a kdbush index. */
export const addressLayer = defineLayer<AddressPoint>()({
  name: 'addresses',
  columns: {
    point: column(point, (a: AddressPoint) => a),
    housenumber: column(string, (a: AddressPoint) => a.housenumber),
    street: column(string, (a: AddressPoint) => a.street),
    unit: column(string, (a: AddressPoint) => a.unit),
    housename: column(string, (a: AddressPoint) => a.housename),
    conscriptionNumber: column(string, (a: AddressPoint) => a.conscriptionNumber),
    streetNumber: column(string, (a: AddressPoint) => a.streetNumber),
    localities: column(strings, (a: AddressPoint) => a.localities),
    city: column(string, (a: AddressPoint) => a.city),
    postcode: column(string, (a: AddressPoint) => a.postcode),
    state: column(string, (a: AddressPoint) => a.state),
    country: column(string, (a: AddressPoint) => a.country),
    osmId: column(osmId, (a: AddressPoint) => a.osmId),
    areas: column(strings, (a: AddressPoint) => a.areas),
  },
  index: { kind: 'points', point: (a) => a },
  record: (c, i) => {
    const address: AddressPoint = {
      lat: c.point.lat(i),
      lng: c.point.lng(i),
      housenumber: c.housenumber.get(i) ?? '',
      street: c.street.get(i) ?? '',
      osmId: c.osmId.get(i),
    };
    put(address, 'unit', c.unit.get(i));
    put(address, 'housename', c.housename.get(i));
    put(address, 'conscriptionNumber', c.conscriptionNumber.get(i));
    put(address, 'streetNumber', c.streetNumber.get(i));
    put(address, 'localities', c.localities.get(i));
    put(address, 'city', c.city.get(i));
    put(address, 'postcode', c.postcode.get(i));
    put(address, 'state', c.state.get(i));
    put(address, 'country', c.country.get(i));
    put(address, 'areas', c.areas.get(i));
    return address;
  },
});

/** A street as the `streets` layer gives it back: without its lines, with the one point the geocoder places it at and its first point. */
export interface StreetSummary {
  name: string;
  altNames?: string[];
  city?: string;
  /** The first point of its first line (where its ways start). */
  start: LatLng;
  /** The representative point: the midpoint of its longest line. */
  point: LatLng;
}

function firstPoint(street: Street): LatLng {
  const start = street.lines[0]?.[0];
  if (start === undefined) throw new RangeError(`street ${street.name}: no points`);
  return start;
}

function streetPoint(street: Street): LatLng {
  const middle = midpointOfLongestLine(street.lines);
  if (middle === null) throw new RangeError(`street ${street.name}: no line of two points`);
  return middle;
}

/** Named streets without their geometry, with a flatbush index of their boxes. */
export const streetLayer = defineLayer<Street, StreetSummary>()({
  name: 'streets',
  columns: {
    name: column(string, (s: Street) => s.name),
    altNames: column(strings, (s: Street) => s.altNames),
    city: column(string, (s: Street) => s.city),
    start: column(point, firstPoint),
    point: column(point, streetPoint),
  },
  index: { kind: 'boxes', box: (s) => boxOfLines(s.lines) },
  record: (c, i) =>
    withOptional<StreetSummary>(
      { name: c.name.get(i) ?? '', start: c.start.get(i), point: c.point.get(i) },
      { altNames: c.altNames.get(i), city: c.city.get(i) },
    ),
});

/** The lines of each street (row `i` is street `i`'s), loaded on demand. */
export const streetLinesLayer = defineLayer<Street, LatLng[][]>()({
  name: 'streetLines',
  lazy: true,
  columns: { lines: column(lines, (s: Street) => s.lines) },
  record: (c, i) => c.lines.get(i),
});

/** `addr:interpolation` lines, with a flatbush index. */
export const interpolationLayer = defineLayer<InterpolationLine>()({
  name: 'interpolations',
  columns: {
    street: column(string, (l: InterpolationLine) => l.street),
    city: column(string, (l: InterpolationLine) => l.city),
    interpolation: column(string, (l: InterpolationLine) => l.interpolation),
    points: column(points, (l: InterpolationLine) => l.points),
    numbers: column(numbers, (l: InterpolationLine) => l.numbers),
  },
  index: { kind: 'boxes', box: (l) => boxOfPoints(l.points) },
  record: (c, i) =>
    withOptional<InterpolationLine>(
      { street: c.street.get(i) ?? '', interpolation: c.interpolation.get(i) ?? 'all', points: c.points.get(i), numbers: c.numbers.get(i) },
      { city: c.city.get(i) },
    ),
});

/** Transit stations, with a kdbush index. */
export const stationLayer = defineLayer<Station>()({
  name: 'stations',
  columns: {
    point: column(point, (s: Station) => s),
    id: column(string, (s: Station) => s.id),
    name: column(string, (s: Station) => s.name),
    modes: column(strings, (s: Station) => s.modes),
    sources: column(strings, (s: Station) => s.sources),
    routeCount: column(number, (s: Station) => s.routeCount),
    weeklyDepartures: column(number, (s: Station) => s.weeklyDepartures),
    routes: column(json, (s: Station) => s.routes),
  },
  index: { kind: 'points', point: (s) => s },
  record: (c, i) =>
    withOptional<Station>(
      {
        lat: c.point.lat(i),
        lng: c.point.lng(i),
        id: c.id.get(i) ?? '',
        name: c.name.get(i) ?? '',
        modes: (c.modes.get(i) ?? []) as TransitMode[],
        sources: c.sources.get(i) ?? [],
      },
      { routeCount: c.routeCount.get(i), weeklyDepartures: c.weeklyDepartures.get(i), routes: c.routes.get(i) as StopRoute[] | undefined },
    ),
});

/** Bus stops, with a kdbush index. */
export const busStopLayer = defineLayer<BusStop>()({
  name: 'busStops',
  columns: {
    point: column(point, (s: BusStop) => s),
    id: column(string, (s: BusStop) => s.id),
    name: column(string, (s: BusStop) => s.name),
    sources: column(strings, (s: BusStop) => s.sources),
    modes: column(strings, (s: BusStop) => s.modes),
    routeCount: column(number, (s: BusStop) => s.routeCount),
    weeklyDepartures: column(number, (s: BusStop) => s.weeklyDepartures),
    routes: column(json, (s: BusStop) => s.routes),
  },
  index: { kind: 'points', point: (s) => s },
  record: (c, i) =>
    withOptional<BusStop>(
      { lat: c.point.lat(i), lng: c.point.lng(i), id: c.id.get(i) ?? '', name: c.name.get(i) ?? null, sources: c.sources.get(i) ?? [] },
      {
        modes: c.modes.get(i) as TransitMode[] | undefined,
        routeCount: c.routeCount.get(i),
        weeklyDepartures: c.weeklyDepartures.get(i),
        routes: c.routes.get(i) as StopRoute[] | undefined,
      },
    ),
});

/** Points of interest, with a kdbush index. */
export const poiLayer = defineLayer<Poi>()({
  name: 'pois',
  columns: {
    point: column(point, (p: Poi) => p),
    id: column(osmId, (p: Poi) => p.id),
    name: column(string, (p: Poi) => p.name),
    tags: column(tags, (p: Poi) => p.tags),
    rating: column(number, (p: Poi) => p.rating),
    ratingCount: column(number, (p: Poi) => p.ratingCount),
    brand: column(string, (p: Poi) => p.brand),
    brandWikidata: column(string, (p: Poi) => p.brandWikidata),
    nsiId: column(string, (p: Poi) => p.nsiId),
    inside: column(strings, (p: Poi) => p.inside),
  },
  index: { kind: 'points', point: (p) => p },
  record: (c, i) =>
    withOptional<Poi>(
      { lat: c.point.lat(i), lng: c.point.lng(i), id: c.id.get(i), name: c.name.get(i) ?? null, tags: c.tags.get(i), rating: c.rating.get(i) ?? null },
      { ratingCount: c.ratingCount.get(i), brand: c.brand.get(i), brandWikidata: c.brandWikidata.get(i), nsiId: c.nsiId.get(i), inside: c.inside.get(i) },
    ),
});

/** Major roads, with a flatbush index. */
export const roadLayer = defineLayer<Road>()({
  name: 'roads',
  columns: {
    id: column(osmId, (r: Road) => r.id),
    name: column(string, (r: Road) => r.name),
    class: column(string, (r: Road) => r.class),
    points: column(points, (r: Road) => r.points),
  },
  index: { kind: 'boxes', box: (r) => boxOfPoints(r.points) },
  record: (c, i) => ({ id: c.id.get(i), name: c.name.get(i) ?? null, class: (c.class.get(i) ?? 'secondary') as Road['class'], points: c.points.get(i) }),
});

/** Census areas at their representative points, with a kdbush index. */
export const censusLayer = defineLayer<CensusArea>()({
  name: 'census',
  columns: {
    point: column(point, (a: CensusArea) => a),
    id: column(string, (a: CensusArea) => a.id),
    name: column(string, (a: CensusArea) => a.name),
    population: column(number, (a: CensusArea) => a.population),
    medianHouseholdIncome: column(number, (a: CensusArea) => a.medianHouseholdIncome),
    landAreaKm2: column(number, (a: CensusArea) => a.landAreaKm2),
    households: column(number, (a: CensusArea) => a.households),
    shareInside: column(number, (a: CensusArea) => a.shareInside),
  },
  index: { kind: 'points', point: (a) => a },
  record: (c, i) =>
    withOptional<CensusArea>(
      { lat: c.point.lat(i), lng: c.point.lng(i), id: c.id.get(i) ?? '', name: c.name.get(i) ?? '', population: c.population.get(i) ?? 0 },
      {
        medianHouseholdIncome: c.medianHouseholdIncome.get(i),
        landAreaKm2: c.landAreaKm2.get(i),
        households: c.households.get(i),
        shareInside: c.shareInside.get(i),
      },
    ),
});

/** Administrative and postal-code areas, with a flatbush index of their boxes. */
export const areaLayer = defineLayer<Area>()({
  name: 'areas',
  columns: {
    id: column(osmId, (a: Area) => a.id),
    kind: column(string, (a: Area) => a.kind),
    name: column(string, (a: Area) => a.name),
    altNames: column(strings, (a: Area) => a.altNames),
    adminLevel: column(number, (a: Area) => a.adminLevel),
    postcode: column(string, (a: Area) => a.postcode),
    countryCode: column(string, (a: Area) => a.countryCode),
    subdivisionCode: column(string, (a: Area) => a.subdivisionCode),
    population: column(number, (a: Area) => a.population),
    geometry: column(polygons, (a: Area) => a.geometry),
  },
  index: { kind: 'boxes', box: (a) => boxOfPolygons(a.geometry) },
  record: (c, i) =>
    withOptional<Area>(
      { id: c.id.get(i), kind: (c.kind.get(i) ?? 'administrative') as AreaKind, geometry: c.geometry.get(i) },
      {
        name: c.name.get(i),
        altNames: c.altNames.get(i),
        adminLevel: c.adminLevel.get(i),
        postcode: c.postcode.get(i),
        countryCode: c.countryCode.get(i),
        subdivisionCode: c.subdivisionCode.get(i),
        population: c.population.get(i),
      },
    ),
});

/** Residents placed by dasymetric mapping, with a kdbush index. */
export const populationLayer = defineLayer<PopulationPoint>()({
  name: 'population',
  columns: {
    point: column(point, (p: PopulationPoint) => p),
    residents: column(number, (p: PopulationPoint) => p.residents),
    households: column(number, (p: PopulationPoint) => p.households),
    income: column(number, (p: PopulationPoint) => p.income),
    area: column(string, (p: PopulationPoint) => p.area),
  },
  index: { kind: 'points', point: (p) => p },
  record: (c, i) => {
    const lat = c.point.lat(i);
    const lng = c.point.lng(i);
    const residents = c.residents.get(i) ?? 0;
    const households = c.households.get(i);
    const income = c.income.get(i);
    const area = c.area.get(i);
    // The usual shapes as one literal each: every field in the object itself, none in a separate property store.
    if (households === undefined && income === undefined) return area === undefined ? { lat, lng, residents } : { lat, lng, residents, area };
    const point: PopulationPoint = { lat, lng, residents };
    put(point, 'households', households);
    put(point, 'income', income);
    put(point, 'area', area);
    return point;
  },
});

/** Named `place=*` nodes (localities for addressing), with a kdbush index. */
export const placeLayer = defineLayer<Place>()({
  name: 'places',
  columns: {
    point: column(point, (p: Place) => p),
    id: column(osmId, (p: Place) => p.id),
    name: column(string, (p: Place) => p.name),
    altNames: column(strings, (p: Place) => p.altNames),
    kind: column(string, (p: Place) => p.kind),
  },
  index: { kind: 'points', point: (p) => p },
  record: (c, i) =>
    withOptional<Place>(
      { lat: c.point.lat(i), lng: c.point.lng(i), id: c.id.get(i), name: c.name.get(i) ?? '', kind: (c.kind.get(i) ?? 'hamlet') as PlaceKind },
      { altNames: c.altNames.get(i) },
    ),
});

/** Every layer of a pack, in the order they are written. */
export const PACK_LAYERS = [
  addressLayer,
  streetLayer,
  streetLinesLayer,
  interpolationLayer,
  stationLayer,
  busStopLayer,
  poiLayer,
  roadLayer,
  censusLayer,
  areaLayer,
  placeLayer,
  populationLayer,
] as const;

/** The name of a layer of {@link PACK_LAYERS}. */
export type PackLayerName = (typeof PACK_LAYERS)[number]['name'];
