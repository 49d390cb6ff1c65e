import type { RegionManifest } from './types.js';

/** Inputs of {@link importRegion}; paths are files or folders on the local disk. */
export interface ImportRegionOptions {
  /** OpenStreetMap extract, `.osm.pbf` or `.osm` XML (told apart by content). */
  osm: string;
  /** GTFS feeds, each a `.zip` or a folder of `.txt` files. */
  gtfs?: string[];
  /** Ratings CSV (`osm_id,rating[,rating_count]` or `name,lat,lng,rating[,rating_count]`). */
  ratings?: string;
  /** Census CSV (`id,name,lat,lng,population[,median_household_income][,land_area_km2]`). */
  census?: string;
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
  phase: 'osm' | 'gtfs' | 'ratings' | 'census' | 'merge' | 'write' | 'done';
  /** The input (basename) or output being worked on. */
  source: string;
  /** Elements or rows processed so far in this step, where counted. */
  processed?: number;
  /** One human-readable line. */
  message: string;
}

/** Result of {@link importRegion}. */
export interface ImportReport {
  /** The manifest written to `outDir/manifest.json`. */
  manifest: RegionManifest;
  /** Absolute path of the pack. */
  outDir: string;
  /** Wall time of the import in milliseconds. */
  durationMs: number;
}
