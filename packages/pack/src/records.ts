/**
 * The records a region pack holds, as the engine reads them: one interface
 * per layer. The pack stores them in columns (`layers.ts`); a reader can
 * rebuild any record of a layer from them.
 */
import type { MultiPolygon, Polygon } from 'geojson';

/** WGS 84 point in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Bounding box `[minLng, minLat, maxLng, maxLat]` in decimal degrees (GeoJSON order). */
export type BBox = [minLng: number, minLat: number, maxLng: number, maxLat: number];

/**
 * A mapped civic address: an OSM node, or a building way or multipolygon at
 * its centroid, carrying `addr:housenumber` (and usually `addr:street`).
 * Strings are as in the source (not folded); the geocoder folds them.
 */
export interface AddressPoint extends LatLng {
  /** `addr:housenumber`, e.g. `38`, `12a`, `3755;3791`. */
  housenumber: string;
  /** `addr:street` (or `addr:place` where a place has no streets). */
  street: string;
  /** `addr:unit` / `addr:flats`, when given. */
  unit?: string;
  /** `addr:housename`, the name of the building (`Haus Sonnenberg`), when given. */
  housename?: string;
  /**
   * `addr:conscriptionnumber`, the number of the building within its part
   * of the municipality (Czech and Slovak `č.p.`, `780` of `780/11`), when given.
   */
  conscriptionNumber?: string;
  /** `addr:streetnumber`, the number along the street (`11` of `780/11`), when given. */
  streetNumber?: string;
  /**
   * Localities below the municipality that the object names:
   * `addr:suburb`, `addr:district`, `addr:quarter`, `addr:neighbourhood`,
   * `addr:hamlet` and `addr:place` when the object also has `addr:street`
   * (the part of the municipality, Czech `část obce`), each once, as
   * written, e.g. `['Letňany']`; absent when none.
   */
  localities?: string[];
  /** `addr:city` (or `addr:municipality`); when the object has neither, the municipality area holding it (`areas`). */
  city?: string;
  /** `addr:postcode`; when absent, the postal-code area holding it. */
  postcode?: string;
  /** `addr:state` / `addr:province`. */
  state?: string;
  /** `addr:country` (ISO 3166-1 alpha-2 as mapped, e.g. `LI`, `US`). */
  country?: string;
  /** Source object, e.g. `n123`, `w456`, `r789`. */
  osmId: string;
  /**
   * Ids of the pack's areas (`RegionData.areas`) that hold the point,
   * innermost first, e.g. `['r1155956', 'r1156142', 'r1155955']` (Vaduz,
   * Oberland, Liechtenstein); absent when none does.
   */
  areas?: string[];
}

/**
 * A named street: every OSM `highway=*` way with a `name`, grouped by name
 * (and municipality where known). Used for interpolation and the street fallback.
 */
export interface Street {
  name: string;
  /**
   * Other names of its ways (`alt_name`, `old_name`, `official_name`,
   * `short_name`, `name:*`…, see `otherNames`), e.g. `Avenue of the Americas`
   * for `6th Avenue`; absent when none.
   */
  altNames?: string[];
  city?: string;
  /** Polylines of the street's ways, each at least two points. */
  lines: LatLng[][];
}

/**
 * An OSM `addr:interpolation` way: house numbers between its end points are
 * spread along it.
 */
export interface InterpolationLine {
  street: string;
  city?: string;
  /** `odd`, `even`, `all`, or a step such as `2`. */
  interpolation: string;
  /** The way's points; `numbers[i]` is the house number at `points[i]` where known. */
  points: LatLng[];
  numbers: Array<number | null>;
}

/** Rapid-transit and other modes, after GTFS `route_type` and OSM `railway`/`station` tags. */
export type TransitMode = 'subway' | 'light_rail' | 'rail' | 'tram' | 'monorail' | 'funicular' | 'cable_car' | 'ferry' | 'brt' | 'bus';

/**
 * A transit station (GTFS parent station, GTFS stop served by a rail/tram/metro
 * route, or OSM `railway=station|halt` / `public_transport=station`),
 * de-duplicated across sources (same normalised name within 300 m → one station).
 */
export interface Station extends LatLng {
  id: string;
  name: string;
  /** Modes serving it; empty when unknown (then treated as `rail` for OSM railway stations). */
  modes: TransitMode[];
  /** Where it came from, e.g. `gtfs:stm`, `osm`. */
  sources: string[];
  /** Distinct routes serving it, where the feed says (GTFS trips/stop_times). */
  routeCount?: number;
  /** Departures per week, where the feed has `stop_times` and calendars; else absent. */
  weeklyDepartures?: number;
  /**
   * Its rapid-transit routes, one entry per route and direction, with their
   * departures in the feed's typical week (GTFS with `stop_times`); absent
   * when no feed gives its service (OSM only, or a feed without `stop_times`).
   */
  routes?: StopRoute[];
}

/**
 * One route's service at a stop or station: a GTFS route in one direction
 * with its departures in the feed's typical week, or an OpenStreetMap route
 * relation (a line, both directions) whose service the map does not give.
 * The transit score counts each `id` once, at its best-weighted stop.
 */
export interface StopRoute {
  /**
   * Route key, unique in the pack: `gtfs:<feed>:<route_id>:<direction_id>`
   * (direction `-` when the feed gives none), e.g. `gtfs:mta-subway:A:0`; or
   * `osm:<mode>:<ref or name>` for an OSM line, e.g. `osm:bus:11`.
   */
  id: string;
  /** What riders call it: GTFS `route_short_name` (else long name, else id), OSM `ref` (else name), e.g. `A`, `M14A-SBS`, `11`. */
  name: string;
  mode: TransitMode;
  /**
   * Departures at this stop in the feed's typical week (trips that board
   * here and go on; see `region/README.md`); absent for an OSM route, whose
   * service the model takes from its mode's default.
   */
  weeklyDepartures?: number;
}

/**
 * A bus (or other surface) stop: a GTFS stop served by bus routes, or the
 * OpenStreetMap objects of one stop merged into one (`highway=bus_stop`
 * poles, bus platforms and stop positions; see `region/README.md`).
 */
export interface BusStop extends LatLng {
  id: string;
  name: string | null;
  sources: string[];
  /** Modes serving it (`bus`; trolleybuses count as buses), where known. */
  modes?: TransitMode[];
  /** Distinct routes serving it (GTFS routes with departures in the typical week, or OSM route relations). */
  routeCount?: number;
  /** Departures per week from a GTFS feed with `stop_times`: the sum of `routes`' departures; absent when no feed gives it. */
  weeklyDepartures?: number;
  /** Its routes (GTFS routes per direction, or OSM lines); absent when no source names them. */
  routes?: StopRoute[];
}

/**
 * A point of interest: any OSM object with one of the tag keys the engine
 * reads (amenity, shop, leisure, office, healthcare, craft, tourism, building
 * for schools/universities…), at its centroid. `tags` holds only those keys
 * plus name/brand/cuisine. Categories and demand kinds are derived from the
 * tags at load time, so a new mapping needs no re-import.
 */
export interface Poi extends LatLng {
  /** Source object, e.g. `n123`, `w456`. */
  id: string;
  name: string | null;
  tags: Record<string, string>;
  /** 0–5 from a ratings source, else null. */
  rating: number | null;
  /** Review count from a ratings source, where given. */
  ratingCount?: number;
  /**
   * The POI's brand, set at import: OSM `brand`, else the brand the
   * name-suggestion-index recognises in its name at its location
   * (`region/poi-brands.ts`); absent when neither gives one.
   */
  brand?: string;
  /** Wikidata id of the brand: OSM `brand:wikidata`, else the name-suggestion-index's, e.g. `Q37158`. */
  brandWikidata?: string;
  /** The name-suggestion-index item that recognised the brand, e.g. `starbucks-795f60`. */
  nsiId?: string;
  /**
   * Ids of the pack's other POIs whose mapped outline (a closed way) holds
   * this POI's point, e.g. a kindergarten node inside the kindergarten's
   * building: `['w480527181']` (`region/poi-outlines.ts`).
   */
  inside?: string[];
}

/** A major road way (`highway=motorway|trunk|primary|secondary`, and their `_link`s). */
export interface Road {
  id: string;
  name: string | null;
  class: 'motorway' | 'trunk' | 'primary' | 'secondary';
  points: LatLng[];
}

/** A census area with population (and income where given), at a representative point. */
export interface CensusArea extends LatLng {
  id: string;
  name: string;
  population: number;
  medianHouseholdIncome?: number;
  landAreaKm2?: number;
  /** Households (a count of households, not household population), where the census gives them. */
  households?: number;
  /**
   * Share (0-1) of the area's land inside the pack's coverage, for a
   * polygon area cut by the pack's edge; absent when the whole area is
   * inside (or the area is a point). The population layer holds that share
   * of its residents and households.
   */
  shareInside?: number;
}

/**
 * One point of the population layer: residents (and households) placed on a
 * residential building, an address point or an area's representative point
 * by dasymetric mapping at import (`population/`, `docs/methodology/demand.md`).
 * Counts are in hundredths so that each area's total is kept exactly.
 */
export interface PopulationPoint extends LatLng {
  /** Residents placed here, ≥ 0 (two decimals). */
  residents: number;
  /** Households placed here (two decimals); absent when the source gives no households. */
  households?: number;
  /** Median household income of the area the residents came from (currency units of the source); absent when not given. */
  income?: number;
  /** Id of the area the residents came from (census area id, OSM relation or place node id); absent for building estimates. */
  area?: string;
}

/** How a pack's population layer was made. */
export type PopulationMethod = 'census' | 'osm' | 'estimate';

/** Summary of a pack's population layer, in the manifest. */
export interface PopulationSummary {
  /**
   * `census`: a census file's areas; `osm`: OSM `population=*` on places and
   * administrative boundaries; `estimate`: residential floor area only, no
   * population source (the integrator says so in `meta.confidence.reasons`).
   */
  method: PopulationMethod;
  /** What gave the population, e.g. `demographics_ct.csv joined to cb_2020_36_tract_500k.shp`. */
  source: string;
  /** Residents in the pack (sum of the layer, whole number). */
  residents: number;
  /** Households in the pack, or null when the source gives none. */
  households: number | null;
  /** Whether points carry `income`. */
  income: boolean;
  /** Residents estimated from residential floor area where no area gives a population (`osm` and `estimate` methods). */
  estimatedResidents: number;
  /** Areas whose population was spread, by what they were spread over; `cutByEdge` counts areas partly outside the coverage. */
  areas: { total: number; overBuildings: number; overAddresses: number; atPoint: number; cutByEdge: number };
}

/** The two kinds of OSM boundary relation the pack keeps as areas. */
export type AreaKind = 'administrative' | 'postal_code';

/**
 * An OpenStreetMap boundary relation assembled into a (multi)polygon:
 * `boundary=administrative` (every `admin_level`: country 2, state or canton
 * 4, district 6, municipality 8, parts of a municipality 9–10) or
 * `boundary=postal_code`. Outer and inner rings are joined from the member
 * ways; a relation whose rings do not close in the extract (members missing
 * at its edge) is left out and counted in the import report.
 */
export interface Area {
  /** Source relation, e.g. `r1155956`. */
  id: string;
  kind: AreaKind;
  /** OSM `name`, e.g. `Vaduz`, `Buchs (SG)`; absent when the relation has none (many postal-code areas). */
  name?: string;
  /**
   * Other names of the place, for matching what users write: `official_name`,
   * `alt_name`, `short_name`, `old_name` and every `name:<language>`, each
   * `;`-separated value on its own, without repeats or the `name` itself.
   */
  altNames?: string[];
  /** OSM `admin_level` (2–11) of an administrative area. */
  adminLevel?: number;
  /** `postal_code` of a postal-code area, else the area's `addr:postcode`. */
  postcode?: string;
  /** ISO 3166-1 alpha-2 code of a country (`ISO3166-1:alpha2` or `ISO3166-1`), e.g. `LI`. */
  countryCode?: string;
  /** ISO 3166-2 code of a subdivision (`ISO3166-2`), e.g. `US-AL`, `CH-SG`. */
  subdivisionCode?: string;
  /** OSM `population=*` as a whole number when tagged (`33960`, `11'145`, `11,145`), else absent. */
  population?: number;
  /** GeoJSON geometry, `[lng, lat]` decimal degrees; outer rings counter-clockwise, holes clockwise (RFC 7946). */
  geometry: Polygon | MultiPolygon;
}

/**
 * The area a pack covers, written by the importer: an administrative
 * boundary (`region import --boundary`), else the box the extract declares
 * (PBF header, XML `<bounds>`), else the box of its data. Objects outside it
 * are left out of the pack; the geocoder answers nothing outside it.
 */
export interface PackCoverage {
  source: 'boundary' | 'declared' | 'data';
  /** The covered box `[minLng, minLat, maxLng, maxLat]` (of the boundary's polygon when `source` is `boundary`). */
  bbox: BBox;
  /** The boundary's id in the `areas` layer, e.g. `r1155955`, when `source` is `boundary`. */
  areaId?: string;
  /** The boundary's name, e.g. `Liechtenstein`. */
  name?: string;
  /**
   * For a pack without a boundary (`declared` or `data`): the cells of a
   * regular grid that its addresses fill, with their neighbours; the pack
   * covers those cells within `bbox`, not the whole box.
   */
  grid?: CoverageGrid;
}

/**
 * A set of cells of a regular latitude/longitude grid: cell `(row, col)` is
 * the box `[west + col × lngStep, south + row × latStep]` to the next
 * multiples. Rows are listed as runs of columns.
 */
export interface CoverageGrid {
  /** South-west corner of cell (0, 0), `[lng, lat]` degrees. */
  origin: [lng: number, lat: number];
  /** Cell height, degrees of latitude. */
  latStep: number;
  /** Cell width, degrees of longitude. */
  lngStep: number;
  /** Flattened runs `[row, firstCol, lastCol, …]`, sorted by row then column. */
  runs: number[];
}

/** The kinds of OSM `place=*` node a pack keeps, as localities for addressing. */
export const PLACE_KINDS = ['city', 'town', 'village', 'municipality', 'borough', 'suburb', 'quarter', 'neighbourhood', 'hamlet', 'isolated_dwelling'] as const;

/** One of {@link PLACE_KINDS}. */
export type PlaceKind = (typeof PLACE_KINDS)[number];

/**
 * A named OSM `place=*` node (`København`, `Kallio`, `Nendeln`): the
 * geocoder learns the other names of a municipality from it (`Copenhagen`)
 * and the suburb or village an address lies in.
 */
export interface Place extends LatLng {
  /** Source node, e.g. `n240079149`. */
  id: string;
  /** OSM `name`. */
  name: string;
  /** Other names (`official_name`, `alt_name`, `short_name`, `old_name`, `loc_name`, `int_name`, `name:*`), without the `name`; absent when none. */
  altNames?: string[];
  /** The `place=*` value. */
  kind: PlaceKind;
}

/** One input of a region pack, with the licence terms to display. */
export interface PackSource {
  kind: 'osm' | 'gtfs' | 'ratings' | 'census' | 'brands';
  /** File or folder name as given (basename). */
  name: string;
  bytes?: number;
  sha256?: string;
  licence: string;
  attribution: string;
  /** Data rows read from it (ratings and census CSVs; for `brands`, the named POIs looked up), where counted. */
  records?: number;
  /** Ratings rows that found their POI; for `brands`, the POIs the brand index recognised. */
  matched?: number;
  /** A GTFS feed's typical week, from which weekly departures were counted (absent without `stop_times`). */
  serviceWeek?: GtfsServiceWeek;
  /** OSM: the date of the data (`YYYY-MM-DD`): the PBF header's `osmosis_replication_timestamp`; absent when the header has none. */
  dataDate?: string;
  /** GTFS: the feed's validity window (`feed_info.txt` start and end dates, else the span of its calendars), `YYYY-MM-DD`. */
  validity?: { start: string; end: string };
  /** Census: the year of the data, as given at import (`censusVintage`). */
  vintage?: string;
}

/**
 * The week of a GTFS feed whose departures a pack counts: the first
 * Monday-to-Sunday week inside the feed's validity whose scheduled trips equal
 * the median over all such weeks (see `region/README.md`).
 */
export interface GtfsServiceWeek {
  /** First day (a Monday, unless the feed is valid for less than a full week), `YYYY-MM-DD`. */
  start: string;
  /** Last day, `YYYY-MM-DD`. */
  end: string;
  /** Trips scheduled in that week (a trip counts once per day it runs, times its `frequencies.txt` runs). */
  trips: number;
  /** Full weeks of the validity the median was taken over (0 when the feed is valid for less than a week). */
  weeksConsidered: number;
  /** `stop_times.txt` rows read. */
  stopTimes: number;
}

/** The layers of a region pack, one data file each. */
