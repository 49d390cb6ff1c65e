import type { TerritoryCheckRequestInput } from '@locscore/schema';
import { LocScoreClient } from '@locscore/sdk';
import { resolveConnection } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { printJson } from '../output/json.js';
import { startSpinner, type Terminal } from '../output/terminal.js';
import { renderTerritoryCheck } from '../output/territory-check.js';
import { numberFlag, siteFromFlags, type TerritoryFlags, territoryFromFlags } from '../units/territory-flags.js';
import { requireCategory } from './score.js';

/** Flags of `locscore territory check`. */
export interface TerritoryCheckOptions extends TerritoryFlags {
  category?: string | undefined;
  lat?: string | undefined;
  lng?: string | undefined;
  minimumResidents?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  json?: boolean | undefined;
}

/**
 * `locscore territory check [address] -c <category> --radius <m> |
 * --population <n> | --polygon <file>`: checks a proposed territory around a
 * site (`POST /api/franchisor/territories/check`, one evaluation of the
 * quota): residents and households inside, overlap with every unit
 * territory, the units it encroaches and those inside, the reserved venues
 * (FTC FAQ 37), and with `--minimum-residents` whether it meets the minimum.
 * A report on a terminal, the API body as JSON otherwise or with `--json`.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) for bad flags or no territory; the SDK's typed errors
 */
export async function runTerritoryCheck(address: string | undefined, options: TerritoryCheckOptions, terminal: Terminal): Promise<number> {
  requireCategory(options.category);
  const territory = await territoryFromFlags(options);
  if (territory === undefined) throw new CliError('give the proposed territory: --radius <metres>, --population <residents> or --polygon <file.geojson>');
  const body: TerritoryCheckRequestInput = { ...siteFromFlags({ ...options, address }), category: options.category, territory };
  if (options.minimumResidents !== undefined) body.minimumResidents = numberFlag('--minimum-residents', options.minimumResidents);
  const { apiKey, baseUrl } = resolveConnection(options);
  const client = new LocScoreClient({ apiKey, baseUrl });
  const spinner = startSpinner(terminal, 'Checking the territory');
  try {
    const result = await client.territories.check(body);
    spinner.stop();
    if (options.json || !terminal.stdoutIsTTY) printJson(terminal, result);
    else terminal.stdout.write(renderTerritoryCheck(result, terminal.out, terminal.stdoutColumns));
    return EXIT.ok;
  } finally {
    spinner.stop();
    await client.close();
  }
}
