import type { Category } from '@locscore/schema';

/**
 * The records a pack holds that the pack format defines (`@locscore/pack`):
 * one definition for the importer, the pack reader and the engine.
 */
export type {
  AddressPoint,
  Area,
  AreaKind,
  BBox,
  BusStop,
  CensusArea,
  GtfsServiceWeek,
  InterpolationLine,
  LatLng,
  Poi,
  PopulationMethod,
  PopulationPoint,
  PopulationSummary,
  Road,
  Station,
  StopRoute,
  Street,
  TransitMode,
} from '@locscore/pack';

import type {
  AddressPoint,
  Area,
  BBox,
  BusStop,
  CensusArea,
  GtfsServiceWeek,
  InterpolationLine,
  LatLng,
  Poi,
  PopulationPoint,
  PopulationSummary,
  Road,
  Station,
  Street,
} from '@locscore/pack';

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
   * covers those cells within `bbox`, not the whole box (`coverage.ts`).
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

/** The layers of a region pack, one data file each. */
export type PackLayer = 'addresses' | 'streets' | 'interpolations' | 'stations' | 'busStops' | 'pois' | 'roads' | 'census' | 'areas' | 'places' | 'population';

/** One data file of a region pack: gzipped NDJSON, one record per line (see `region/README.md`). */
export interface PackFile {
  layer: PackLayer;
  /** File name inside the pack directory, e.g. `addresses.ndjson.gz`. */
  path: string;
  /** Records (lines) in the file. */
  records: number;
  /** Size of the file in bytes, and SHA-256 (hex) of its bytes. */
  bytes: number;
  sha256: string;
}

/** Current region pack format. Bumped on any incompatible change. */
export const PACK_FORMAT_VERSION = 3;

/** `manifest.json` of a region pack. Times are ISO 8601 UTC. */
export interface RegionManifest {
  formatVersion: typeof PACK_FORMAT_VERSION;
  name: string;
  /** true for the fictional sample region: every result says so. */
  sample: boolean;
  createdAt: string;
  bbox: BBox;
  counts: {
    addresses: number;
    streets: number;
    stations: number;
    busStops: number;
    pois: number;
    roads: number;
    census: number;
    /** `addr:interpolation` lines (absent in packs written before it was counted). */
    interpolations?: number;
    /** Administrative and postal-code areas (optional for manifests made by hand, e.g. in tests). */
    areas?: number;
    /** Points of the population layer (absent in manifests made by hand). */
    population?: number;
    /** Named `place=*` nodes (absent in manifests made by hand). */
    places?: number;
  };
  sources: PackSource[];
  /** One line combining every source's attribution. */
  attribution: string;
  /** The data files, with record counts and checksums; loaders check them when present. */
  files?: PackFile[];
  /** What wrote the pack, e.g. `@locscore/engine importRegion`. */
  generator?: string;
  /** The area the pack covers (always written by `importRegion`; absent in hand-made manifests, which then cover `bbox`). */
  coverage?: PackCoverage;
  /** How the population layer was made (always written by `importRegion`; absent in hand-made manifests). */
  population?: PopulationSummary;
}

/** Everything a region pack holds, in memory. */
export interface RegionData {
  manifest: RegionManifest;
  addresses: AddressPoint[];
  streets: Street[];
  interpolations: InterpolationLine[];
  stations: Station[];
  busStops: BusStop[];
  pois: Poi[];
  roads: Road[];
  census: CensusArea[];
  /** Administrative and postal-code boundaries; see `areaIndexOf` for point-in-polygon queries. */
  areas: Area[];
  /** Residents placed by dasymetric mapping (`population/`); absent or empty in packs made by hand. */
  population?: PopulationPoint[];
  /** Named `place=*` nodes inside the coverage; absent or empty in packs made by hand. */
  places?: Place[];
}

/** A category test on a POI's tags (see `places/categories.ts`). */
export type CategoryMatcher = (tags: Readonly<Record<string, string>>) => boolean;

/** Re-exported for modules that only need the category type. */
export type { Category };
