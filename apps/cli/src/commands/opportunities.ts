import { writeFile } from 'node:fs/promises';
import { MAX_OPPORTUNITY_LIMIT } from '@locscore/schema';
import { LocScoreClient } from '@locscore/sdk';
import { resolveConnection } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { printJson } from '../output/json.js';
import { opportunitiesCsv, opportunitiesGeoJson, opportunityFileFormat } from '../output/opportunity-files.js';
import { renderOpportunities } from '../output/opportunity-table.js';
import { startSpinner, type Terminal } from '../output/terminal.js';
import { requireCategory } from './score.js';

/** Flags of `locscore opportunities`. */
export interface OpportunitiesOptions {
  category?: string | undefined;
  region?: string | undefined;
  /** Sites to answer, 1–100, as typed. @default "20" */
  top?: string | undefined;
  /** A `.csv` or `.geojson` file to write the sites to. */
  out?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  json?: boolean | undefined;
}

/** `--top` as a whole number 1–100. @throws CliError (exit 2) naming `--top` */
function topOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const top = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(top) || top < 1 || top > MAX_OPPORTUNITY_LIMIT)
    throw new CliError(`--top must be a whole number from 1 to ${MAX_OPPORTUNITY_LIMIT}, got "${value}"`, EXIT.usage);
  return top;
}

/**
 * `locscore opportunities --category <c> [--region <name>] [--top <n>]
 * [--out sites.csv|sites.geojson]`: the best sites of a region for the
 * category that the account does not yet serve
 * (`GET /api/franchisor/opportunities`, one evaluation per call). A table
 * on a terminal, the API body as JSON otherwise or with `--json`; with
 * `--out`, the sites are written to the file (CSV or GeoJSON, by its
 * extension) and one line on stderr says so.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) for a bad flag or `--out` extension; the SDK's typed errors
 */
export async function runOpportunities(options: OpportunitiesOptions, terminal: Terminal): Promise<number> {
  requireCategory(options.category);
  const limit = topOf(options.top);
  const format = options.out === undefined ? null : opportunityFileFormat(options.out);
  if (options.out !== undefined && format === null) throw new CliError(`--out must end in .csv or .geojson, got "${options.out}"`, EXIT.usage);
  const { apiKey, baseUrl } = resolveConnection(options);
  const client = new LocScoreClient({ apiKey, baseUrl });
  const spinner = startSpinner(terminal, 'Ranking sites');
  try {
    const map = await client.opportunities.list({ category: options.category, region: options.region, limit });
    spinner.stop();
    if (options.out !== undefined) {
      await writeFile(options.out, format === 'csv' ? opportunitiesCsv(map) : opportunitiesGeoJson(map));
      terminal.stderr.write(`Wrote ${map.sites.length} sites for ${map.category} in ${map.region} to ${options.out}\n`);
    } else if (options.json || !terminal.stdoutIsTTY) printJson(terminal, map);
    else terminal.stdout.write(renderOpportunities(map));
    return EXIT.ok;
  } finally {
    spinner.stop();
    await client.close();
  }
}
