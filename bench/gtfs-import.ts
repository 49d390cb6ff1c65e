/**
 * Benchmark (issue 14, transit service): importing the West Village OSM
 * slice with both MTA GTFS feeds (subway and Manhattan bus: 1.74 M stop
 * times), which counts every stop's weekly departures while streaming
 * `stop_times.txt`. Each run is its own node process, so peak RSS
 * (`process.resourceUsage().maxRSS`) is the import's own.
 *
 * Baselines, measured in the same run and interleaved with it run by run
 * (the shared machine's speed drifts):
 * - the same import without the feeds (OSM only), so the feeds' share shows;
 * - the importer's reader alone over both feeds' `stop_times.txt`
 *   (`GtfsSource.columns`, csv-parse in array mode, a no-op callback): the
 *   floor any streaming count pays;
 * - the object-per-row reader (`GtfsSource.rows`, csv-parse with column
 *   names) over the same files, which the importer used before.
 *
 * Run: `npx tsx bench/gtfs-import.ts`. Writes `bench/results/gtfs-import.json`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineInfo, writeResult } from './support/machine.js';
import { SOURCE_NODE_FLAGS } from './support/source-conditions.js';
import { median } from './support/stats.js';

const NAME = 'gtfs-import';
const RUNS = 3;
const here = fileURLToPath(new URL('.', import.meta.url));
const SHARED = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const OSM = join(SHARED, 'nyc-west-village', 'nyc-west-village.osm.pbf');
const FEEDS = [join(SHARED, 'nyc-transit', 'mta-subway.zip'), join(SHARED, 'nyc-transit', 'mta-bus-manhattan.zip')];

type Mode = 'import-gtfs' | 'import-osm' | 'parse' | 'parse-rows';

interface ChildResult {
  durationMs: number;
  maxRssMb: number;
  stopTimes?: number;
  counts?: Record<string, number>;
  serviceWeeks?: unknown[];
}

async function child(mode: Mode, out: string): Promise<void> {
  const started = performance.now();
  const result: ChildResult = { durationMs: 0, maxRssMb: 0 };
  if (mode === 'parse' || mode === 'parse-rows') {
    const { openGtfs } = await import('../packages/engine/src/region/gtfs-source.js');
    let rows = 0;
    const count = (): void => {
      rows++;
    };
    for (const path of FEEDS) {
      const feed = await openGtfs(path);
      try {
        if (mode === 'parse') await feed.columns('stop_times.txt', ['trip_id', 'stop_id', 'stop_sequence', 'pickup_type'], count);
        else await feed.rows('stop_times.txt', count);
      } finally {
        feed.close();
      }
    }
    result.stopTimes = rows;
  } else {
    const { importRegion } = await import('../packages/engine/src/region/import-region.js');
    const gtfs = mode === 'import-gtfs' ? FEEDS : [];
    const report = await importRegion({ osm: OSM, gtfs, name: 'West Village (bench)', out, force: true });
    result.counts = report.manifest.counts;
    result.serviceWeeks = report.manifest.sources.filter((s) => s.kind === 'gtfs').map((s) => ({ name: s.name, ...s.serviceWeek }));
  }
  result.durationMs = Math.round(performance.now() - started);
  result.maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runOnce(mode: Mode, out: string, label: string): ChildResult {
  const run = spawnSync(process.execPath, [...SOURCE_NODE_FLAGS, join(here, 'gtfs-import.ts'), '--child', mode, out], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${mode} run failed: ${run.stderr}`);
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  process.stderr.write(`${label}: ${line}\n`);
  return JSON.parse(line) as ChildResult;
}

function summarise(results: ChildResult[]) {
  const durations = results.map((r) => r.durationMs);
  return {
    runs: results.length,
    medianMs: Math.round(median(durations)),
    minMs: Math.min(...durations),
    maxMs: Math.max(...durations),
    medianPeakRssMb: median(results.map((r) => r.maxRssMb)),
    maxPeakRssMb: Math.max(...results.map((r) => r.maxRssMb)),
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    await child((args[1] ?? 'parse') as Mode, args[2] ?? '');
    return;
  }
  const missing = [OSM, ...FEEDS].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    process.stderr.write(`skipping ${NAME}: ${missing.join(', ')} absent (../shared/data is not checked out here)\n`);
    writeResult(NAME, { benchmark: NAME, measuredAt: new Date().toISOString(), skipped: `inputs absent: ${missing.join(', ')}` });
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-gtfs-'));
  const runs = { importGtfs: [] as ChildResult[], importOsm: [] as ChildResult[], parse: [] as ChildResult[], parseRows: [] as ChildResult[] };
  try {
    for (let i = 1; i <= RUNS; i++) {
      runs.parse.push(runOnce('parse', '', `columns reader, stop_times ${i}/${RUNS}`));
      runs.parseRows.push(runOnce('parse-rows', '', `rows reader, stop_times ${i}/${RUNS}`));
      runs.importOsm.push(runOnce('import-osm', join(work, 'osm'), `import OSM only ${i}/${RUNS}`));
      runs.importGtfs.push(runOnce('import-gtfs', join(work, 'gtfs'), `import OSM + MTA feeds ${i}/${RUNS}`));
    }
    const withFeeds = summarise(runs.importGtfs);
    const osmOnly = summarise(runs.importOsm);
    const parse = summarise(runs.parse);
    const parseRows = summarise(runs.parseRows);
    const stopTimes = runs.parse[0]?.stopTimes ?? 0;
    const feedsMs = withFeeds.medianMs - osmOnly.medianMs;
    const result = {
      benchmark: NAME,
      description:
        'importRegion of the West Village OSM slice with the MTA subway and Manhattan bus GTFS feeds, each run in its own node process; baselines in the same run: the import without feeds, and the GTFS readers alone over both stop_times.txt',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      input: { osm: 'nyc-west-village/nyc-west-village.osm.pbf', gtfs: ['nyc-transit/mta-subway.zip', 'nyc-transit/mta-bus-manhattan.zip'], stopTimes },
      import: { ...withFeeds, counts: runs.importGtfs[0]?.counts, serviceWeeks: runs.importGtfs[0]?.serviceWeeks },
      baselineOsmOnly: { ...osmOnly, counts: runs.importOsm[0]?.counts },
      baselineReader: {
        description: 'openGtfs(feed).columns("stop_times.txt", 4 columns) with a no-op callback, both feeds: what the importer reads with',
        ...parse,
      },
      baselineRowsReader: {
        description: 'openGtfs(feed).rows("stop_times.txt") with a no-op callback, both feeds: the object-per-row reader',
        ...parseRows,
        medianRatioToColumns: parse.medianMs > 0 ? Math.round((parseRows.medianMs / parse.medianMs) * 100) / 100 : null,
      },
      feeds: {
        description: 'median import with feeds minus median import without them',
        medianMs: feedsMs,
        stopTimesPerSecond: feedsMs > 0 ? Math.round(stopTimes / (feedsMs / 1000)) : null,
        ratioToReader: parse.medianMs > 0 ? Math.round((feedsMs / parse.medianMs) * 100) / 100 : null,
      },
      raw: runs,
    };
    writeResult(NAME, result);
    process.stderr.write(
      `import with feeds median ${withFeeds.medianMs} ms (peak RSS ${withFeeds.medianPeakRssMb} MB), OSM only ${osmOnly.medianMs} ms (${osmOnly.medianPeakRssMb} MB), reader alone ${parse.medianMs} ms (${parse.medianPeakRssMb} MB), rows reader ${parseRows.medianMs} ms; feeds ${feedsMs} ms = ${result.feeds.ratioToReader} x reader\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
