/**
 * Writes the fictional sample town's sources (OSM XML, GTFS folder, ratings
 * and census CSVs) to a folder, for inspection or for `locscore region import`.
 *
 * Usage: `npx tsx packages/engine/scripts/generate-sample-region.ts <folder>`
 * (run from the repository root; the folder is created if absent).
 */
import { resolve } from 'node:path';
import { writeSampleSources } from '../src/sample/write-sample-sources.js';

const target = process.argv[2];
if (target === undefined || target.startsWith('-')) {
  process.stderr.write('usage: tsx packages/engine/scripts/generate-sample-region.ts <folder>\n');
  process.exit(2);
}
const sources = await writeSampleSources(resolve(target));
process.stdout.write(`${JSON.stringify(sources, null, 2)}\n`);
