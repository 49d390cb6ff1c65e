import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { type CreateUnitInput, ERROR_STATUS, UNIT_STATUSES, type UnitStatus } from '@locscore/schema';
import { LocScoreClient, type UnitImportReport } from '@locscore/sdk';
import { resolveConnection } from '../config.js';
import { CliError, EXIT, type ExitCode } from '../exit-codes.js';
import { printJson } from '../output/json.js';
import { renderTable } from '../output/table.js';
import { note, startSpinner, type Terminal } from '../output/terminal.js';
import { UNIT_TABLE_HEADER, unitSummary, unitTableRow } from '../output/unit-lines.js';
import { brandUnits } from '../units/brand-places.js';
import { type ImportFile, readCsvUnits } from '../units/csv-units.js';
import { readGeoJsonUnits } from '../units/geojson-units.js';
import { siteFromFlags, type TerritoryFlags, territoryFromFlags } from '../units/territory-flags.js';
import { requireCategory } from './score.js';

/** Flags every `locscore units` subcommand takes. */
export interface UnitsOptions {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  json?: boolean | undefined;
}

/** Runs `work` with a client of the API and always closes it. */
async function withClient<T>(options: UnitsOptions, work: (client: LocScoreClient) => Promise<T>): Promise<T> {
  const { apiKey, baseUrl } = resolveConnection(options);
  const client = new LocScoreClient({ apiKey, baseUrl });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/**
 * Checks a `--status` value.
 *
 * @throws CliError (exit 2) listing the statuses
 */
export function requireStatus(status: string): UnitStatus {
  if (!(UNIT_STATUSES as readonly string[]).includes(status)) throw new CliError(`unknown status "${status}"; use one of: ${UNIT_STATUSES.join(', ')}`);
  return status as UnitStatus;
}

/** Flags of `locscore units add`. */
export interface UnitsAddOptions extends UnitsOptions, TerritoryFlags {
  category?: string | undefined;
  address?: string | undefined;
  lat?: string | undefined;
  lng?: string | undefined;
  status?: string | undefined;
  brand?: string | undefined;
}

/**
 * `locscore units add <name>`: adds one unit (`POST /api/franchisor/units`)
 * at an address (geocoded by the server) or `--lat`/`--lng`, with
 * `--radius`, `--population` or `--polygon` as its territory. Prints the
 * stored unit (JSON with `--json` or in a pipe). Free of quota.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) for bad flags; the SDK's typed errors (a refused field or address: exit 2)
 */
export async function runUnitsAdd(name: string, options: UnitsAddOptions, terminal: Terminal): Promise<number> {
  requireCategory(options.category);
  const body: CreateUnitInput = {
    name,
    ...siteFromFlags(options),
    category: options.category,
    status: requireStatus(options.status ?? 'open'),
    ...(options.brand === undefined ? {} : { brand: options.brand }),
  };
  const territory = await territoryFromFlags(options);
  if (territory !== undefined) body.territory = territory;
  const unit = await withClient(options, (client) => client.units.create(body));
  if (options.json || !terminal.stdoutIsTTY) printJson(terminal, unit);
  else terminal.stdout.write(`Added ${unitSummary(unit)}\n`);
  return EXIT.ok;
}

/** Flags of `locscore units list`. */
export interface UnitsListOptions extends UnitsOptions {
  category?: string | undefined;
  status?: string | undefined;
}

/**
 * `locscore units list`: every unit of the account (all pages), oldest
 * first, optionally of one `--category` or `--status`: a table on a
 * terminal, else (or with `--json`) a JSON array of the API's units.
 *
 * @returns exit code 0
 */
export async function runUnitsList(options: UnitsListOptions, terminal: Terminal): Promise<number> {
  const category = options.category;
  if (category !== undefined) requireCategory(category);
  const status = options.status === undefined ? undefined : requireStatus(options.status);
  const units = await withClient(options, async (client) => {
    const all = [];
    for await (const unit of client.units.all({ category, status })) all.push(unit);
    return all;
  });
  if (options.json || !terminal.stdoutIsTTY) printJson(terminal, units);
  else if (units.length === 0) note(terminal, 'The account has no units yet: add one with `locscore units add` or `locscore units import`.');
  else terminal.stdout.write(renderTable(UNIT_TABLE_HEADER, units.map(unitTableRow)));
  return EXIT.ok;
}

/**
 * `locscore units remove <id>`: removes a unit and its territory.
 *
 * @returns exit code 0
 * @throws the SDK's NotFoundError (exit 2) when the account has no such unit
 */
export async function runUnitsRemove(id: string, options: UnitsOptions, terminal: Terminal): Promise<number> {
  await withClient(options, (client) => client.units.delete(id));
  if (options.json || !terminal.stdoutIsTTY) printJson(terminal, { id, removed: true });
  else terminal.stdout.write(`Removed unit ${id}\n`);
  return EXIT.ok;
}

/** Flags of `locscore units import`. */
export interface UnitsImportOptions extends UnitsOptions {
  category?: string | undefined;
  status?: string | undefined;
  region?: string | undefined;
  brand?: string | undefined;
}

/**
 * The units to import: from a file (`.geojson`/`.json` as GeoJSON, anything
 * else as CSV), or from a region pack's places of `--brand`.
 */
async function importSource(file: string | undefined, options: UnitsImportOptions): Promise<ImportFile> {
  const defaults = { category: options.category, status: options.status === undefined ? undefined : requireStatus(options.status) };
  if (options.region !== undefined || options.brand !== undefined) {
    if (file !== undefined) throw new CliError('give a file, or --region with --brand, not both');
    if (options.region === undefined || options.brand === undefined) throw new CliError('--region and --brand go together');
    requireCategory(options.category);
    const { packPlaces } = await import('../units/pack-places.js');
    const { places } = await packPlaces(options.region, options.category);
    const found = brandUnits(places, { brand: options.brand, category: options.category, status: defaults.status });
    if (found.rows.length === 0) throw new CliError(`no ${options.category} place of the brand "${options.brand}" in the pack ${options.region}`);
    return found;
  }
  if (file === undefined) throw new CliError('give a CSV or GeoJSON file, or --region <pack> --brand <brand>');
  if (/^\.(geo)?json$/i.test(extname(file))) {
    const text = await readFile(file, 'utf8').catch((error: Error) => {
      throw new CliError(`cannot read ${file}: ${error.message}`);
    });
    return readGeoJsonUnits(text, file, defaults);
  }
  const stream = createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    stream.once('readable', resolve);
    stream.once('error', (error) => reject(new CliError(`cannot read ${file}: ${error.message}`)));
  });
  return readCsvUnits(stream, defaults).catch((error: Error) => {
    throw error instanceof CliError ? error : new CliError(`${file}: ${error.message}`);
  });
}

/** The SDK's codes for a request that got no usable answer (the server was unreachable, slow or answered garbage). */
const SDK_SERVER_CODES: ReadonlySet<string> = new Set(['connection_error', 'timeout', 'invalid_response']);

/** One outcome of an import as printed: where the row came from, and its unit or error. */
export interface ImportLine {
  source: string;
  status: 'created' | 'failed';
  unitId?: string;
  name?: string;
  error?: { code: string; message: string };
}

/**
 * The exit code of an import: 0 when every row was created; else 3 when a
 * row failed for the API key (or the session's CSRF token), 5 when the
 * server failed (a 5xx code), limited the rate or could not be reached,
 * else 2 (refused rows). The created rows stay created either way.
 */
export function importExitCode(lines: readonly ImportLine[]): ExitCode {
  const codes = new Set(lines.flatMap((line) => (line.error === undefined ? [] : [line.error.code])));
  if (codes.size === 0) return EXIT.ok;
  if (codes.has('unauthorized') || codes.has('missing_api_key') || codes.has('forbidden')) return EXIT.auth;
  const serverSide = (code: string) => SDK_SERVER_CODES.has(code) || code === 'rate_limited' || (ERROR_STATUS[code as keyof typeof ERROR_STATUS] ?? 0) >= 500;
  return [...codes].some(serverSide) ? EXIT.server : EXIT.usage;
}

/** The outcome of every row, in file order: the rows refused before sending, then merged with the server's report. */
function importLines(file: ImportFile, sent: readonly number[], report: UnitImportReport | null): ImportLine[] {
  const bySent = new Map(report?.results.map((outcome) => [sent[outcome.index] ?? -1, outcome]));
  return file.rows.map((row, index): ImportLine => {
    if (row.error !== undefined) return { source: row.source, status: 'failed', error: { code: 'invalid_request', message: row.error } };
    const outcome = bySent.get(index);
    if (outcome === undefined) return { source: row.source, status: 'failed', error: { code: 'not_sent', message: 'not sent' } };
    if (outcome.status === 'created') return { source: row.source, status: 'created', unitId: outcome.unit.id, name: outcome.unit.name };
    return { source: row.source, status: 'failed', error: { code: outcome.error.code, message: outcome.error.message } };
  });
}

/**
 * `locscore units import <file>` or `locscore units import --region <pack>
 * --brand <brand> --category <c>`: adds many units. A file's rows are read
 * and checked first (a bad row is reported with its field and not sent),
 * the rest go to the server in requests of up to 1,000
 * (`client.units.import`), which refuses a row on its own (an address not
 * found, the account full) and creates the others. Prints one line per
 * failed row (`row 3 (Perry): territory.metres must be > 0 and ≤ 100000`)
 * and a summary on stderr, or with `--json` `{ created, failed, results }`
 * with every row. Free of quota.
 *
 * @returns 0 when every row was created, else {@link importExitCode}
 */
export async function runUnitsImport(file: string | undefined, options: UnitsImportOptions, terminal: Terminal): Promise<number> {
  if (options.category !== undefined) requireCategory(options.category);
  const source = await importSource(file, options);
  if (source.ignored.length > 0) note(terminal, `Ignored columns (no unit field): ${source.ignored.join(', ')}`);
  const sent = source.rows.flatMap((row, index) => (row.body === undefined ? [] : [index]));
  const bodies = sent.map((index) => source.rows[index]?.body as CreateUnitInput);
  let report: UnitImportReport | null = null;
  if (bodies.length > 0) {
    const spinner = startSpinner(terminal, `Importing ${bodies.length} units`);
    try {
      report = await withClient(options, (client) =>
        client.units.import(bodies, { onProgress: (done, total) => spinner.update(`Importing units: ${done} of ${total}`) }),
      );
    } finally {
      spinner.stop();
    }
  }
  const lines = importLines(source, sent, report);
  const created = lines.filter((line) => line.status === 'created').length;
  if (options.json || !terminal.stdoutIsTTY) printJson(terminal, { created, failed: lines.length - created, results: lines });
  for (const line of lines) if (line.error !== undefined) terminal.stderr.write(`${line.source}: ${line.error.message}\n`);
  terminal.stderr.write(
    `Imported ${created} of ${lines.length} units${created < lines.length ? `; ${lines.length - created} failed (listed above), the others were added` : ''}.\n`,
  );
  return importExitCode(lines);
}
