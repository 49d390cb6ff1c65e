import type { OsmTags } from './osm-elements.js';
import type { Road, TransitMode } from './types.js';

/** Tag keys that make an OSM object a POI (plus `building` of {@link POI_BUILDINGS}). */
export const POI_KEYS = ['amenity', 'shop', 'leisure', 'office', 'healthcare', 'craft', 'tourism'] as const;

/**
 * Single tags that make an object a POI though their key is no POI key:
 * `aeroway=aerodrome`, an airport, one of the reserved venues of a territory
 * check (`territory/reserved-venues.ts`). Other `aeroway` objects (runways,
 * gates) stay out.
 */
export const POI_TAG_VALUES: Readonly<Record<string, ReadonlySet<string>>> = { aeroway: new Set(['aerodrome']) };
const POI_TAG_ENTRIES = Object.entries(POI_TAG_VALUES);

/** `building=*` values that make a building a POI (demand generators: schools, offices, retail). */
export const POI_BUILDINGS = new Set(['school', 'university', 'college', 'kindergarten', 'office', 'commercial', 'retail']);

/** Tag keys kept on a POI: the POI keys, `building`, and descriptive keys (`beauty=nails`, `dispensing=yes`…, `brand:wikidata`). */
export const KEPT_POI_TAGS = [
  ...POI_KEYS,
  'building',
  'name',
  'brand',
  'cuisine',
  'operator',
  'sport',
  'beauty',
  'healthcare:speciality',
  'dispensing',
  'vending',
  'school',
  'brand:wikidata',
  'aeroway',
] as const;

/**
 * Street furniture and similar values that carry a POI key but are no
 * business, service or demand generator; left out to keep packs small
 * (benches, bins, parking spaces, guideposts…).
 */
const IGNORED_VALUES: Readonly<Record<string, ReadonlySet<string>>> = {
  amenity: new Set([
    'bench',
    'waste_basket',
    'waste_disposal',
    'recycling',
    'grit_bin',
    'parking_space',
    'parking_entrance',
    'bicycle_parking',
    'motorcycle_parking',
    'hunting_stand',
    'post_box',
    'vending_machine',
    'telephone',
    'clock',
    'drinking_water',
    'fountain',
    'shelter',
    'watering_place',
    'water_point',
    'bbq',
    'feeding_place',
  ]),
  leisure: new Set(['picnic_table', 'firepit', 'slipway', 'bleachers', 'bird_hide']),
  tourism: new Set(['information']),
};

/**
 * Whether an OSM object is a POI for the pack: it has one of {@link POI_KEYS}
 * with a value not in the ignored street-furniture list, one of the
 * {@link POI_TAG_VALUES}, or a building of {@link POI_BUILDINGS}.
 *
 * @param tags - the object's tags
 */
export function isPoi(tags: OsmTags): boolean {
  for (const key of POI_KEYS) {
    const value = tags[key];
    if (value === undefined || value === 'no') continue;
    if (IGNORED_VALUES[key]?.has(value) === true) continue;
    return true;
  }
  for (const [key, values] of POI_TAG_ENTRIES) if (values.has(tags[key] ?? '')) return true;
  const building = tags.building;
  return building !== undefined && POI_BUILDINGS.has(building);
}

/**
 * The POI's kept tags ({@link KEPT_POI_TAGS}); everything else is dropped.
 *
 * @param tags - the object's tags
 */
export function keptPoiTags(tags: OsmTags): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of KEPT_POI_TAGS) {
    const value = tags[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

const STATION_VALUE_MODES: Readonly<Record<string, TransitMode>> = {
  subway: 'subway',
  light_rail: 'light_rail',
  train: 'rail',
  tram: 'tram',
  monorail: 'monorail',
  funicular: 'funicular',
};

/** Network or operator names of metro systems, for stations mapped without mode tags (e.g. `New York City Subway`). */
const METRO_NETWORK = /\b(subway|metro|m[ée]tro|u-bahn|underground)\b/i;

/**
 * Rapid-transit modes of an OSM station, from `station=*` and the
 * `subway|light_rail|train|tram|monorail|funicular=yes` keys (OSM public
 * transport schema v2); a station without them whose `network` or `operator`
 * names a subway/metro/U-Bahn counts as `subway`.
 *
 * @param tags - the object's tags
 * @returns the modes, possibly empty (an OSM `railway=station` with no mode tags, treated as rail)
 */
export function osmStationModes(tags: OsmTags): TransitMode[] {
  const modes = new Set<TransitMode>();
  const station = tags.station;
  if (station !== undefined) {
    const mode = STATION_VALUE_MODES[station];
    if (mode !== undefined) modes.add(mode);
  }
  for (const [key, mode] of Object.entries(STATION_VALUE_MODES)) {
    if (tags[key] === 'yes') modes.add(mode);
  }
  if (modes.size === 0 && METRO_NETWORK.test(`${tags.network ?? ''} ${tags.operator ?? ''}`)) modes.add('subway');
  return [...modes];
}

/**
 * Whether an OSM object is a rapid-transit station: `railway=station|halt`
 * (not miniature or disused), `public_transport=station` with a rail/tram/metro
 * mode, or `station=subway|light_rail`.
 *
 * @param tags - the object's tags
 */
export function isOsmStation(tags: OsmTags): boolean {
  if (tags.station === 'miniature' || tags.disused === 'yes' || tags.usage === 'tourism') return false;
  const railway = tags.railway;
  if (railway === 'station' || railway === 'halt') return true;
  if (tags.station === 'subway' || tags.station === 'light_rail') return true;
  if (tags.public_transport === 'station') return osmStationModes(tags).length > 0;
  return false;
}

/** The two kinds of OSM object a bus stop is mapped with (OSM public transport schema v2). */
export type OsmStopKind = 'platform' | 'stop_position';

/** Tags saying a bus (or trolleybus) serves a public-transport object. */
function servedByBus(tags: OsmTags): boolean {
  return tags.bus === 'yes' || tags.trolleybus === 'yes';
}

/**
 * What kind of bus-stop object an OSM object is: a `platform` (the pole or
 * the waiting area: `highway=bus_stop`, or `public_transport=platform` or
 * `highway=platform` with `bus=yes`/`trolleybus=yes`), a `stop_position`
 * (where the bus halts on the road: `public_transport=stop_position` with
 * `bus=yes`/`trolleybus=yes`), or neither.
 *
 * @param tags - the object's tags
 * @returns the kind, or null when it is no bus-stop object
 */
export function osmBusStopKind(tags: OsmTags): OsmStopKind | null {
  if (tags.highway === 'bus_stop') return 'platform';
  if ((tags.public_transport === 'platform' || tags.highway === 'platform') && servedByBus(tags)) return 'platform';
  if (tags.public_transport === 'stop_position' && servedByBus(tags)) return 'stop_position';
  return null;
}

/**
 * References that the objects of one stop share, as `key=value` strings:
 * `uic_ref` (the UIC / national stop number, e.g. Switzerland's DiDok),
 * `ref:IFOPT` cut to its stop level (the first three `:` parts,
 * `de:08111:6118` of `de:08111:6118:1:2`), `ref`, and `route_ref` with its
 * `;`-separated values sorted. Two bus-stop objects close together that share
 * one are the same stop.
 *
 * @param tags - the object's tags
 */
export function osmStopReferences(tags: OsmTags): string[] {
  const references: string[] = [];
  const add = (key: string, value: string | undefined): void => {
    const trimmed = value?.trim();
    if (trimmed !== undefined && trimmed !== '') references.push(`${key}=${trimmed}`);
  };
  add('uic_ref', tags.uic_ref);
  add('ref:IFOPT', tags['ref:IFOPT']?.split(':').slice(0, 3).join(':'));
  add('ref', tags.ref);
  const routeRef = tags.route_ref
    ?.split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .sort()
    .join(';');
  add('route_ref', routeRef);
  return references;
}

/** `route=*` values of OSM route relations whose stops are bus stops. */
const BUS_ROUTE_VALUES = new Set(['bus', 'trolleybus', 'minibus']);

/** An OSM bus line, from a `type=route` relation. */
export interface OsmLine {
  /** `osm:bus:<ref>`, else `osm:bus:<name>`, else `osm:bus:r<relation id>`: every variant and direction of a line shares it. */
  id: string;
  /** `ref`, else `name`, else the relation id. */
  name: string;
}

/**
 * The bus line of an OSM route relation (`type=route`, `route=bus|trolleybus|minibus`).
 *
 * @param tags - the relation's tags
 * @param relationId - the relation's id
 * @returns the line, or null for any other relation
 */
export function osmBusLine(tags: OsmTags, relationId: number): OsmLine | null {
  if (tags.type !== 'route' || !BUS_ROUTE_VALUES.has(tags.route ?? '')) return null;
  const name = tags.ref?.trim() || tags.name?.trim() || `r${relationId}`;
  return { id: `osm:bus:${name}`, name };
}

/**
 * Whether a route relation member with this role is a stop where riders can
 * board: `stop`, `platform` and their `_entry_only` forms, or an empty role
 * (the older public-transport schema); not `*_exit_only`.
 *
 * @param role - the member's role
 */
export function isBoardingRole(role: string): boolean {
  return role === '' || role === 'stop' || role === 'platform' || role === 'stop_entry_only' || role === 'platform_entry_only';
}

/**
 * Major road class of a `highway=*` value (links count as their road).
 *
 * @param highway - the `highway` tag value
 * @returns the class, or null for minor roads and paths
 */
export function majorRoadClass(highway: string | undefined): Road['class'] | null {
  if (highway === undefined) return null;
  const base = highway.endsWith('_link') ? highway.slice(0, -'_link'.length) : highway;
  return base === 'motorway' || base === 'trunk' || base === 'primary' || base === 'secondary' ? base : null;
}

/** `highway=*` values that are no street a civic address can be on. */
const NON_STREET_HIGHWAYS = new Set([
  'platform',
  'bus_stop',
  'elevator',
  'proposed',
  'construction',
  'abandoned',
  'razed',
  'corridor',
  'services',
  'rest_area',
]);

/**
 * Whether a way is a named street for the geocoder: `highway=*` (roads,
 * paths, pedestrian areas…) with a `name`.
 *
 * @param tags - the way's tags
 */
export function isNamedStreet(tags: OsmTags): boolean {
  const highway = tags.highway;
  return highway !== undefined && !NON_STREET_HIGHWAYS.has(highway) && (tags.name ?? '').trim() !== '';
}
