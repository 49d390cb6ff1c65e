import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sampleCensusRows, sampleRatingsRows } from './sample-extras.js';
import { sampleGtfsTables, toCsv } from './sample-gtfs.js';
import { sampleOsmXml } from './sample-osm.js';

/** Paths written by {@link writeSampleSources}. */
export interface SampleSources {
  /** OSM XML file `maple-junction.osm`. */
  osm: string;
  /** GTFS folder `maple-junction-gtfs/`. */
  gtfs: string;
  /** Ratings CSV `ratings.csv` (`name,lat,lng,rating,rating_count`). */
  ratings: string;
  /** Census CSV `census.csv`. */
  census: string;
}

/**
 * Writes the fictional sample town "Maple Junction" in the importer's input
 * formats: an OSM XML extract, a GTFS folder, a ratings CSV and a census CSV.
 * The output is deterministic (same bytes on every run).
 *
 * @param dir - folder to write into (created if absent; existing files of the same names are replaced)
 * @returns the paths written
 * @throws Error from the file system when `dir` cannot be written
 */
export async function writeSampleSources(dir: string): Promise<SampleSources> {
  await mkdir(dir, { recursive: true });
  const osm = join(dir, 'maple-junction.osm');
  await writeFile(osm, sampleOsmXml());
  const gtfs = join(dir, 'maple-junction-gtfs');
  await mkdir(gtfs, { recursive: true });
  for (const [file, rows] of Object.entries(sampleGtfsTables())) await writeFile(join(gtfs, file), toCsv(rows));
  const ratings = join(dir, 'ratings.csv');
  await writeFile(ratings, toCsv(sampleRatingsRows()));
  const census = join(dir, 'census.csv');
  await writeFile(census, toCsv(sampleCensusRows()));
  return { osm, gtfs, ratings, census };
}
