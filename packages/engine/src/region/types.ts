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
  CoverageGrid,
  GtfsServiceWeek,
  InterpolationLine,
  LatLng,
  PackCoverage,
  PackSource,
  Place,
  PlaceKind,
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
  InterpolationLine,
  PACK_FORMAT_VERSION,
  PackCoverage,
  PackSource,
  Place,
  Poi,
  PopulationPoint,
  PopulationSummary,
  Road,
  Station,
  Street,
} from '@locscore/pack';

/** The pack format the engine reads and the importer writes: the pack package's. */
export { PACK_FORMAT_VERSION, PLACE_KINDS } from '@locscore/pack';

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
