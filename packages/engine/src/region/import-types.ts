import type { SkippedArea } from './area-collect.js';
import type { CensusFields } from './census-fields.js';
import type { LeftOut } from './clip.js';
import type { RegionManifest } from './types.js';

/** Inputs of {@link importRegion}; paths are files or folders on the local disk. */
export interface ImportRegionOptions {
  /** OpenStreetMap extract, `.osm.pbf` or `.osm` XML (told apart by content). */
  osm: string;
  /** GTFS feeds, each a `.zip` or a folder of `.txt` files. */
  gtfs?: string[];
  /** Ratings CSV (`osm_id,rating[,rating_count]` or `name,lat,lng,rating[,rating_count]`). */
  ratings?: string;
  /**
   * Census areas: a CSV (`id,name,lat,lng,population[,households][,median_household_income][,land_area_km2]`),
   * a GeoJSON FeatureCollection or an OGC GeoPackage (`.gpkg`, e.g. a
   * statistical agency's population grid) of Polygon, MultiPolygon or Point areas
   * with their counts in the properties named by `censusFields`. Without any
   * census, the population comes from OSM `population=*`, else from
   * residential floor area (see `docs/methodology/demand.md`).
   */
  census?: string;
  /** Census boundaries as a shapefile (`.shp` with `.dbf`, longitude/latitude), joined to `censusTable` on `censusJoin`. */
  censusBoundaries?: string;
  /** CSV with the population (households, income) of each boundary of `censusBoundaries`. */
  censusTable?: string;
  /** The join of `censusBoundaries` to `censusTable`: `SHAPE_FIELD=table_column`, e.g. `GEOID=geoid`. */
  censusJoin?: string;
  /** Property or column names of the census counts (defaults: `id`, `name`, `population`, `households`, `median_household_income`). */
  censusFields?: CensusFields;
  /** Year (or date) of the census or population data, e.g. `2020`: recorded on its sources for `meta.sources`. */
  censusVintage?: string;
  /**
   * The administrative boundary the pack covers: an OSM relation id
   * (`1155955`, `r1155955`) or a name (`Liechtenstein`) of a boundary in the
   * extract. Objects outside its polygon are left out. Default: the box the
   * extract declares (PBF header, XML `<bounds>`), else the box of its data.
   */
  boundary?: string;
  /** Region name written to the manifest, e.g. `Liechtenstein`. */
  name: string;
  /** Pack directory to create; must not exist unless `force`. */
  out: string;
  /** Marks the pack as the fictional sample region (default false). */
  sample?: boolean;
  /** Replace an existing `out` (default false). */
  force?: boolean;
  /** Progress callback, e.g. for a CLI progress bar on stderr. */
  onProgress?: (event: ImportProgress) => void;
}

/** A progress event of {@link importRegion}. */
export interface ImportProgress {
  /** The step under way. */
  phase: 'osm' | 'gtfs' | 'ratings' | 'census' | 'merge' | 'coverage' | 'write' | 'done' | 'brands';
  /** The input (basename) or output being worked on. */
  source: string;
  /** Elements or rows processed so far in this step, where counted. */
  processed?: number;
  /** One human-readable line. */
  message: string;
  /** Set on a warning (e.g. a coverage box wider than 10°), which a CLI should show even when it shows no progress. */
  warning?: true;
}

/** Result of {@link importRegion}. */
export interface ImportReport {
  /** The manifest written to `outDir/manifest.json`. */
  manifest: RegionManifest;
  /** Absolute path of the pack. */
  outDir: string;
  /** Wall time of the import in milliseconds. */
  durationMs: number;
  /** Objects left out for lying outside the coverage, per layer (layers with none are absent). */
  leftOut: LeftOut;
  /** Boundary relations whose rings did not close in the extract, left out of the areas layer. */
  skippedAreas: SkippedArea[];
  /** Addresses that took their municipality (`cities`) or postcode from an area, lacking the tag. */
  placedAddresses: { cities: number; postcodes: number };
  /** Warnings also sent as progress events, e.g. a coverage wider than 10°. */
  warnings: string[];
}
