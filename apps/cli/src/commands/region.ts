import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { RegionManifest } from '@locscore/engine';
import { type ImportProgress, type ImportRegionOptions, type ImportReport, importRegion } from '@locscore/engine/import';
import { buildSampleRegion } from '@locscore/engine/sample';
import { parse } from 'csv-parse/sync';
import { CliError, EXIT } from '../exit-codes.js';
import { cliCommand } from '../invocation.js';
import { printJson } from '../output/json.js';
import { describeProgress, stepLog } from '../output/progress-event.js';
import { renderTable } from '../output/table.js';
import { note, startSpinner, type Terminal } from '../output/terminal.js';

/** Flags of `locscore region import`. */
export interface RegionImportOptions {
  osm?: string | undefined;
  gtfs?: string[] | undefined;
  ratings?: string | undefined;
  census?: string | undefined;
  censusBoundaries?: string | undefined;
  censusTable?: string | undefined;
  censusJoin?: string | undefined;
  censusIdField?: string | undefined;
  censusNameField?: string | undefined;
  censusPopulationField?: string | undefined;
  censusHouseholdsField?: string | undefined;
  censusIncomeField?: string | undefined;
  name?: string | undefined;
  boundary?: string | undefined;
  out?: string | undefined;
  force?: boolean | undefined;
  json?: boolean | undefined;
}

/** What each layer of `manifest.counts` holds, in words. */
const LAYER_NAMES: Readonly<Record<string, string>> = {
  addresses: 'address points',
  streets: 'streets',
  stations: 'rapid-transit stations',
  busStops: 'bus stops',
  pois: 'places (POIs)',
  roads: 'major roads',
  census: 'census areas',
  interpolations: 'address interpolations',
  areas: 'boundary areas',
  population: 'population points',
  places: 'named places',
};

/**
 * The rows of the counts table: each layer named in words with its count.
 * The census areas are left out when the pack has none and its population
 * came from another source (the `population` line below names it), so that
 * `census 0` is not read as no population.
 */
export function countRows(manifest: { counts: Readonly<Record<string, number | undefined>>; population?: RegionManifest['population'] }): string[][] {
  return Object.entries(manifest.counts)
    .filter(([layer]) => layer !== 'streetLines')
    .filter(([layer, count]) => !(layer === 'census' && count === 0 && manifest.population !== undefined && manifest.population.method !== 'census'))
    .map(([layer, count]) => [LAYER_NAMES[layer] ?? layer, (count ?? 0).toLocaleString('en')]);
}

/**
 * Prints a pack's manifest: the whole manifest as JSON with `json`, else a
 * table of counts (see {@link countRows}) with the name, bounding box,
 * coverage, population, attribution and sources.
 */
function printManifest(terminal: Terminal, manifest: RegionManifest, outDir: string, json: boolean | undefined): void {
  if (json) {
    printJson(terminal, manifest);
    return;
  }
  terminal.stdout.write(`${terminal.out.bold(manifest.name)}${manifest.sample ? terminal.out.yellow(' (SAMPLE DATA)') : ''}  ${outDir}\n`);
  terminal.stdout.write(renderTable(['LAYER', 'COUNT'], countRows(manifest)));
  terminal.stdout.write(`bbox ${manifest.bbox.join(', ')}\ncreated ${manifest.createdAt}\n`);
  const coverage = manifest.coverage;
  if (coverage !== undefined) {
    const what = coverage.source === 'boundary' ? `${coverage.name ?? ''} (${coverage.areaId ?? ''})` : `${coverage.source} box ${coverage.bbox.join(', ')}`;
    terminal.stdout.write(`covers ${what}\n`);
  }
  const population = manifest.population;
  if (population !== undefined) {
    terminal.stdout.write(`population ${population.residents.toLocaleString('en')} residents (${population.method}: ${population.source})\n`);
  }
  if (manifest.attribution) terminal.stdout.write(`attribution ${manifest.attribution}\n`);
  for (const source of manifest.sources ?? []) terminal.stdout.write(`source ${source.kind} ${source.name} (${source.licence})\n`);
}

/**
 * The pack folder of `--out`, absolute, with its parent folders created
 * (`--out ./regions/liechtenstein` in a fresh checkout): the importer writes
 * the pack itself and refuses a missing parent.
 *
 * @param out - the `--out` flag
 * @returns the absolute folder
 */
async function packFolder(out: string): Promise<string> {
  const folder = resolve(out);
  await mkdir(dirname(folder), { recursive: true });
  return folder;
}

/**
 * Reports an import's progress on stderr: the start and the summary of each
 * step (see `stepLog`), and on a terminal a spinner with the latest event
 * below them.
 */
function progressReporter(terminal: Terminal, first: string): { onProgress: (event: ImportProgress) => void; stop: () => void } {
  const spinner = startSpinner(terminal, first);
  const log = stepLog(terminal.stderrIsTTY ? (line) => spinner.persist(line) : (line) => note(terminal, line));
  return {
    onProgress(event) {
      log.push(event);
      spinner.update(describeProgress(event));
    },
    stop() {
      log.end();
      spinner.stop();
    },
  };
}

/**
 * `locscore region import --osm <file> [--gtfs <zip|dir>]... [--boundary <relation>]
 * [--census <csv|geojson> | --census-boundaries <shp> --census-table <csv> --census-join <FIELD=column>]
 * [--census-*-field <name>] --out <dir>`: builds a region pack with the engine's importers (creating the
 * parent folders of `--out`), progress on stderr (with
 * what was left out outside the covered area, and warnings such as a box
 * wider than 10°), then the counts (or the manifest with `--json`) on stdout.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) for a missing `--osm` or `--out`; `RegionPackError` (exit 2) for bad input files
 */
export async function runRegionImport(options: RegionImportOptions, terminal: Terminal): Promise<number> {
  if (!options.osm) throw new CliError('missing --osm <file> (an OpenStreetMap extract, .osm.pbf or .osm)');
  if (!options.out) throw new CliError('missing --out <dir> (where to write the region pack)');
  if (options.census !== undefined) await checkCensusPoints(options.census);
  const out = await packFolder(options.out);
  const name = options.name ?? defaultName(options.osm);
  const progress = progressReporter(terminal, `Importing ${name}`);
  let report: ImportReport;
  try {
    report = await importRegion({
      osm: resolve(options.osm),
      ...(options.gtfs && options.gtfs.length > 0 ? { gtfs: options.gtfs.map((path) => resolve(path)) } : {}),
      ...(options.ratings ? { ratings: resolve(options.ratings) } : {}),
      ...censusOptions(options),
      name,
      ...(options.boundary ? { boundary: options.boundary } : {}),
      out,
      force: options.force === true,
      onProgress: progress.onProgress,
    });
  } finally {
    progress.stop();
  }
  note(terminal, terminal.err.green(`Imported ${report.manifest.name} in ${(report.durationMs / 1000).toFixed(1)} s`));
  const outside = Object.entries(report.leftOut).map(([layer, count]) => `${count} ${layer}`);
  if (outside.length > 0) note(terminal, `Left out, outside the covered area: ${outside.join(', ')}`);
  for (const warning of report.warnings) note(terminal, terminal.err.yellow(`Warning: ${warning}`));
  printManifest(terminal, report.manifest, report.outDir, options.json);
  return EXIT.ok;
}

/**
 * The census options of `importRegion` from the `--census*` flags: files
 * resolved to absolute paths, field names passed as given.
 */
function censusOptions(options: RegionImportOptions): Pick<ImportRegionOptions, 'census' | 'censusBoundaries' | 'censusTable' | 'censusJoin' | 'censusFields'> {
  const fields: NonNullable<ImportRegionOptions['censusFields']> = {};
  if (options.censusIdField) fields.id = options.censusIdField;
  if (options.censusNameField) fields.name = options.censusNameField;
  if (options.censusPopulationField) fields.population = options.censusPopulationField;
  if (options.censusHouseholdsField) fields.households = options.censusHouseholdsField;
  if (options.censusIncomeField) fields.income = options.censusIncomeField;
  return {
    ...(options.census ? { census: resolve(options.census) } : {}),
    ...(options.censusBoundaries ? { censusBoundaries: resolve(options.censusBoundaries) } : {}),
    ...(options.censusTable ? { censusTable: resolve(options.censusTable) } : {}),
    ...(options.censusJoin ? { censusJoin: options.censusJoin } : {}),
    ...(Object.keys(fields).length > 0 ? { censusFields: fields } : {}),
  };
}

/**
 * Checks that a `--census` CSV is a table of census points (`lat` and `lng`
 * columns): a table of counts per area without coordinates, such as the US
 * Census Bureau's tract tables, is joined to its boundary shapefile instead,
 * and the error says how (before the OSM extract is read).
 *
 * @param path - the `--census` flag
 * @throws CliError (exit 2) for a CSV without `lat` or `lng`, with the shapefile flags to use
 */
async function checkCensusPoints(path: string): Promise<void> {
  if (!/\.csv$/i.test(path)) return;
  const columns = await csvHeader(path);
  if (columns === null || (columns.includes('lat') && columns.includes('lng'))) return;
  const file = basename(path);
  throw new CliError(
    [
      `${file} has no lat and lng columns, so --census cannot place its areas (--census takes one row per area at a point: id,name,lat,lng,population[,households]).`,
      "A table of counts per area is joined to the areas' boundaries instead, e.g. US Census tracts:",
      `  --census-boundaries cb_2020_36_tract_500k.shp --census-table ${file} --census-join GEOID=geoid --census-population-field pop --census-households-field occupied`,
      `(--census-join BOUNDARY_FIELD=table_column; every flag is in \`${cliCommand()} region import --help\` and docs/methodology/demand.md).`,
    ].join('\n'),
  );
}

/** The column names of a CSV's header row (comma-separated, as the census reader reads it; BOM and quotes removed), or null when the file cannot be read (the importer then says why). */
async function csvHeader(path: string): Promise<string[] | null> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8', end: 64 * 1024 }), crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      const [header] = parse(line, { bom: true, relax_quotes: true }) as string[][];
      return (header ?? []).map((column) => column.trim());
    }
    return [];
  } catch {
    return null;
  } finally {
    lines.close();
  }
}

/** Region name from an OSM file name: `liechtenstein.osm.pbf` → `liechtenstein`. */
export function defaultName(osmPath: string): string {
  const base = osmPath.split(/[\\/]/).pop() ?? osmPath;
  return base.replace(/\.osm(\.pbf)?$|\.pbf$|\.xml$/i, '') || 'region';
}

/**
 * `locscore region sample --out <dir>`: builds the fictional sample town's
 * pack through the real OSM and GTFS importers (creating the parent folders of `--out`).
 *
 * @returns exit code 0
 */
export async function runRegionSample(options: { out?: string | undefined; json?: boolean | undefined }, terminal: Terminal): Promise<number> {
  if (!options.out) throw new CliError('missing --out <dir> (where to write the sample region pack)');
  const spinner = startSpinner(terminal, 'Building the sample region');
  let report: ImportReport;
  try {
    report = await buildSampleRegion(await packFolder(options.out));
  } finally {
    spinner.stop();
  }
  printManifest(terminal, report.manifest, report.outDir, options.json);
  return EXIT.ok;
}
