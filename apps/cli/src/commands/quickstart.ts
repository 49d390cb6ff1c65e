import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressPoint, loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { LocScoreClient } from '@locscore/sdk';
import { startServer } from '@locscore/server';
import { CliError, EXIT } from '../exit-codes.js';
import { cliCommand } from '../invocation.js';
import { note, startSpinner, type Terminal } from '../output/terminal.js';
import { printResult, requireCategory } from './score.js';

/** The API key quickstart registers on its throw-away server (Growth plan). */
export const QUICKSTART_DEMO_KEY = 'lsk_quickstart_demo_key_0000000000000000';

/**
 * The civic address quickstart scores: the first address point of the pack
 * with a plain house number (`12`, `12a`), written
 * `<number> <street>, <city>` the way a user would type it.
 *
 * @param addresses - the region's address points, in pack order
 * @returns the address text
 * @throws CliError (exit 1) when the pack holds no usable address point
 */
export function pickSampleAddress(addresses: readonly AddressPoint[]): string {
  const point = addresses.find((candidate) => /^\d+[a-z]?$/i.test(candidate.housenumber.trim()) && candidate.street.trim() !== '');
  if (!point) throw new CliError('the sample region has no address point to score', EXIT.unexpected);
  return [`${point.housenumber.trim()} ${point.street.trim()}`, point.city?.trim()].filter(Boolean).join(', ');
}

/**
 * What to do after the quick start, printed on stderr: score real
 * addresses from an OpenStreetMap extract with a server of one's own. The
 * commands use folders the repository git-ignores (`regions/`,
 * `.locscore/`), and the CLI as the user runs it (`pnpm locscore` in the
 * checkout, see `cliCommand`).
 *
 * @param cli - the command that runs the CLI
 * @returns the lines
 */
export function nextSteps(cli: string = cliCommand()): string[] {
  return [
    'Next: score real addresses with a server of your own',
    `  1. ${cli} region import --osm <extract.osm.pbf> [--gtfs <feed.zip>] --out ./regions/<name>`,
    `  2. ${cli} keys create --plan starter --data-dir ./.locscore/data        (prints the API key once)`,
    `  3. ${cli} serve --data-dir ./.locscore/data --region ./regions/<name>`,
    `  4. LOCSCORE_API_KEY=<key> ${cli} score "<address>" --category coffee     (in another terminal)`,
    `Whole CSV files: ${cli} batch <file.csv> -c coffee -o scored.csv. All commands: ${cli} --help and apps/cli/README.md.`,
  ];
}

/**
 * `locscore quickstart`: the whole product on embedded defaults. Builds the
 * fictional sample region into a temporary folder through the real importers,
 * starts the server on 127.0.0.1 (any free port) with PGlite in a temporary
 * data directory and a demo key, scores a sample address of the town over
 * HTTP with the SDK, prints the card (or `--json` the API body), then shuts
 * everything down, deletes the temporary folders and prints the
 * {@link nextSteps} on stderr.
 *
 * @param options - `category` (default `coffee`), `json`
 * @param terminal - the command's terminal
 * @returns exit code 0
 * @throws CliError (exit 2) for an unknown category; SDK errors propagate
 */
export async function runQuickstart(options: { category?: string | undefined; json?: boolean | undefined }, terminal: Terminal): Promise<number> {
  const category = options.category ?? 'coffee';
  requireCategory(category);
  const workDir = await mkdtemp(join(tmpdir(), 'locscore-quickstart-'));
  const spinner = startSpinner(terminal, 'Building the sample region');
  try {
    const packDir = join(workDir, 'sample-region');
    const report = await buildSampleRegion(packDir);
    note(terminal, terminal.err.dim(`Built the sample region "${report.manifest.name}" (${report.manifest.counts.addresses} addresses) in ${packDir}`));
    const region = await loadRegion(packDir);
    const address = pickSampleAddress(region.addresses);
    spinner.update('Starting the server');
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(workDir, 'data'),
      regions: [packDir],
      demoKey: QUICKSTART_DEMO_KEY,
      // The demo prints its own progress; the server's per-request JSON logs would bury it.
      logLevel: 'warn',
    });
    const client = new LocScoreClient({ apiKey: QUICKSTART_DEMO_KEY, baseUrl: server.url });
    try {
      note(terminal, terminal.err.dim(`Server listening on ${server.url} (PGlite in ${join(workDir, 'data')})`));
      spinner.update(`Scoring "${address}" for ${category}`);
      const result = await client.score({ address, category });
      spinner.stop();
      note(terminal, terminal.err.dim(`POST ${server.url}/api/franchisor/score {"address": "${address}", "category": "${category}"}`));
      printResult(terminal, result, { json: options.json, card: true }, { address, category });
    } finally {
      spinner.update('Stopping the server');
      await client.close();
      await server.close();
    }
  } finally {
    spinner.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  note(terminal, '');
  for (const line of nextSteps()) note(terminal, line);
  return EXIT.ok;
}
