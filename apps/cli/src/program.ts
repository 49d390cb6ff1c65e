import { DEFAULT_BASE_URL } from '@locscore/schema';
import { Command, CommanderError, Option } from 'commander';
import type { BatchOptions } from './commands/batch.js';
import type { KeysOptions } from './commands/keys.js';
import type { ListenOptions } from './commands/listen.js';
import type { OpportunitiesOptions } from './commands/opportunities.js';
import type { RegionImportOptions } from './commands/region.js';
import type { ScoreOptions } from './commands/score.js';
import type { ServeOptions } from './commands/serve.js';
import type { TerritoryCheckOptions } from './commands/territory.js';
import type { UnitsAddOptions, UnitsImportOptions, UnitsListOptions, UnitsOptions } from './commands/units.js';
import type { UsageOptions } from './commands/usage.js';
import { EXIT } from './exit-codes.js';
import { createTerminal, type Terminal } from './output/terminal.js';
import { serveOptions } from './server-settings.js';

/** Version printed by `locscore --version`. */
export const CLI_VERSION = '0.1.0';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

// Commands are imported when they run, so that `locscore categories` does not
// load the server, PGlite and the engine (startup time, clig.dev).

/**
 * Builds the commander program. Each action stores its exit code in
 * `state.exitCode`; commander's own usage errors are turned into exit 2 by
 * {@link main}.
 *
 * @param terminal - where commands write
 * @param state - receives the exit code of the command that ran
 */
export function createProgram(terminal: Terminal, state: { exitCode: number }, options: { jsonErrors?: boolean } = {}): Command {
  const program = new Command('locscore')
    .description('Score civic addresses for franchise categories with the locscore API, batch-score CSV files, build region packs, run the server.')
    .version(CLI_VERSION)
    .showHelpAfterError(options.jsonErrors ? false : '(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => terminal.stdout.write(text),
      writeErr: (text) => terminal.stderr.write(text),
      // With --json, a usage error is one JSON line too (see main).
      ...(options.jsonErrors ? { outputError: (text: string, write: (text: string) => void) => write(`${usageErrorJson(text)}\n`) } : {}),
    });
  const context: CommandContext = {
    terminal,
    done: (code) => {
      state.exitCode = code;
    },
  };
  for (const add of [addScoringCommands, addRegionCommands, addServerCommands, addKeysCommands, addUnitsCommands, addTerritoryCommands]) add(program, context);
  return program;
}

/** What each command group's actions need: where to write, and where to put the exit code. */
interface CommandContext {
  terminal: Terminal;
  done(code: number): void;
}

/** Adds the API connection flags (`--base-url`, `--api-key`) to a command. */
function apiOptions(command: Command): Command {
  return command
    .option('--base-url <url>', `API base URL (env LOCSCORE_BASE_URL; default ${DEFAULT_BASE_URL})`)
    .option('--api-key <key>', 'API key (env LOCSCORE_API_KEY; the flag wins)');
}

/** Adds the territory flags (`--radius`, `--population`, `--polygon`) to a command. */
function territoryOptions(command: Command): Command {
  return command
    .option('--radius <metres>', 'territory: every point within this many metres (great circle)')
    .option('--population <residents>', 'territory: the circle around the site holding this many residents of the region')
    .option('--polygon <file>', 'territory: a GeoJSON Polygon or MultiPolygon (geometry, Feature, or a FeatureCollection of one)');
}

/** `score` and `batch`. */
function addScoringCommands(program: Command, { terminal, done }: CommandContext): void {
  apiOptions(
    program
      .command('score')
      .description('Score one civic address for a category')
      .argument('<address>', 'civic address, e.g. "Städtle 38, 9490 Vaduz"')
      .requiredOption('-c, --category <category>', 'franchise category (see `locscore categories`)'),
  )
    .option('--json', 'print the API response body as JSON (the default when stdout is not a terminal)')
    .option('--webhook-url <url>', 'queue the request; the server POSTs the result to this URL')
    .option('--wait', 'with --webhook-url: poll until the result is ready and print it')
    .action(async (address: string, flags: Record<string, string | boolean | undefined>) => {
      const { runScore } = await import('./commands/score.js');
      done(await runScore({ ...(flags as Omit<ScoreOptions, 'address'>), address }, terminal));
    });

  apiOptions(
    program
      .command('batch')
      .description('Score every row of a CSV file (or - for stdin); writes the rows with the locscore columns')
      .argument('<input>', 'CSV file with a header row, or - for stdin')
      .option('-c, --category <category>', 'one category for every row')
      .option('--category-column <name>', 'column holding each row\'s category (default: a "category" column)')
      .option('--address-column <name>', 'column holding the address (default: address, adresse, full_address, street_address, location...)')
      .option('-o, --out <file>', 'output file, or - for stdout', '-')
      .addOption(new Option('--format <format>', 'output format').choices(['csv', 'jsonl']).default('csv'))
      .option('--concurrency <n>', 'rows in flight at once (1-64)', '16')
      .option('--resume', 'skip rows already in --out and append the rest')
      .option('--decimal-comma', 'write CSV numbers as 4,4 (the default for ;-separated input, as German and French spreadsheets expect)')
      .option('--no-decimal-comma', 'write CSV numbers as 4.4 even for ;-separated input'),
  ).action(async (input: string, flags: BatchOptions) => {
    const { runBatch } = await import('./commands/batch.js');
    done(await runBatch(input, flags, terminal));
  });
}

/** `region import`, `region sample` and `region info`. */
function addRegionCommands(program: Command, { terminal, done }: CommandContext): void {
  const region = program.command('region').description('Build and inspect region packs (OpenStreetMap + GTFS)');
  region
    .command('import')
    .description('Build a region pack from an OpenStreetMap extract and GTFS feeds')
    .requiredOption('--osm <file>', 'OpenStreetMap extract (.osm.pbf or .osm)')
    .option('--gtfs <zip|dir>', 'GTFS feed, zip or folder (repeatable)', collect)
    .option('--ratings <csv>', 'ratings CSV for POIs')
    .option('--census <file>', 'census areas: CSV (id,name,lat,lng,population,…) or GeoJSON polygons/points')
    .option('--census-boundaries <shp>', 'census boundary shapefile (.shp with .dbf, lon/lat), joined to --census-table')
    .option('--census-table <csv>', 'CSV with the population of each census boundary')
    .option('--census-join <FIELD=column>', 'join of --census-boundaries to --census-table, e.g. GEOID=geoid')
    .option('--census-id-field <name>', 'census id property/column (default: id)')
    .option('--census-name-field <name>', 'census name property/column (default: name)')
    .option('--census-population-field <name>', 'census population property/column (default: population)')
    .option('--census-households-field <name>', 'census count-of-households property/column (default: households, when present)')
    .option('--census-income-field <name>', 'census median household income property/column (default: median_household_income, when present)')
    .option('--name <name>', 'region name (default: from the OSM file name)')
    .option('--boundary <relation>', "administrative boundary the pack covers: OSM relation id or name (default: the extract's declared box)")
    .requiredOption('--out <dir>', 'folder to write the pack to')
    .option('--force', 'overwrite an existing pack')
    .option('--json', 'print the manifest as JSON')
    .action(async (flags: RegionImportOptions) => done(await (await import('./commands/region.js')).runRegionImport(flags, terminal)));
  region
    .command('sample')
    .description("Build the fictional sample town's pack (SAMPLE DATA)")
    .requiredOption('--out <dir>', 'folder to write the pack to')
    .option('--json', 'print the manifest as JSON')
    .action(async (flags: { out?: string; json?: boolean }) => done(await (await import('./commands/region.js')).runRegionSample(flags, terminal)));
  region
    .command('info')
    .description("Show a region pack's manifest")
    .argument('<dir>', 'region pack folder')
    .option('--json', 'print the manifest as JSON')
    .action(async (dir: string, flags: { json?: boolean }) => done(await (await import('./commands/region-info.js')).runRegionInfo(dir, flags, terminal)));
}

/** `serve` and `listen`. */
function addServerCommands(program: Command, { terminal, done }: CommandContext): void {
  const serve = program.command('serve').description('Run the reference server (prints its URL on stdout; Ctrl-C stops it)');
  for (const option of serveOptions()) serve.addOption(option);
  serve.action(async (flags: ServeOptions) => done(await (await import('./commands/serve.js')).runServe(flags, terminal)));

  program
    .command('listen')
    .description('Receive webhook deliveries locally: verify each signature and print it (Ctrl-C stops)')
    .option('--port <port>', 'TCP port, 0 for any free port', '8788')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option(
      '--secret <whsec>',
      "the API key's webhook secret; prefer env LOCSCORE_WEBHOOK_SECRET, or leave both out to be asked (the flag shows in ps, so it warns)",
    )
    .option('--tolerance <seconds>', 'largest accepted age of webhook-timestamp, 1-300 (default 300)')
    .option('--json', 'print each verified body as one JSON line (the default when stdout is not a terminal)')
    .action(async (flags: ListenOptions) => done(await (await import('./commands/listen.js')).runListen(flags, terminal)));
}

/** `keys create`, `list`, `revoke`, `rotate-secret` and `set-plan`. */
function addKeysCommands(program: Command, { terminal, done }: CommandContext): void {
  const keys = program
    .command('keys')
    .description('Manage API keys: of a running server with --base-url (LOCSCORE_ADMIN_TOKEN), else in a data directory or PostgreSQL');
  const keyTarget = (command: Command): Command =>
    command
      .option('--base-url <url>', 'a running server: manage its keys through its admin API (the token from env LOCSCORE_ADMIN_TOKEN)')
      .option('--data-dir <dir>', 'PGlite data directory, when no server runs on it (env LOCSCORE_DATA_DIR; default ~/.locscore/data)')
      .option('--database-url <url>', 'PostgreSQL URL instead of a data directory (env LOCSCORE_DATABASE_URL, DATABASE_URL)')
      .option('--json', 'print JSON');
  const keysCommand = async () => import('./commands/keys.js');
  keyTarget(
    keys
      .command('create')
      .description('Create an API key; the key and its webhook secret are shown once')
      .addOption(new Option('--plan <plan>', 'plan').choices(['starter', 'growth', 'enterprise']).makeOptionMandatory())
      .option('--name <name>', 'a label for the key')
      .option('--account <name>', 'the account (franchisor) that owns it, made when none has that name; default a new account of its own'),
  ).action(async (flags: KeysOptions & { plan?: string; name?: string; account?: string }) => done(await (await keysCommand()).runKeysCreate(flags, terminal)));
  keyTarget(keys.command('list').description('List keys (prefix, plan, account, usage this period, last use, created, revoked)')).action(
    async (flags: KeysOptions) => done(await (await keysCommand()).runKeysList(flags, terminal)),
  );
  keyTarget(keys.command('revoke').description('Revoke a key').argument('<prefix>', 'key prefix (see keys list)')).action(
    async (prefix: string, flags: KeysOptions) => done(await (await keysCommand()).runKeysRevoke(prefix, flags, terminal)),
  );
  keyTarget(keys.command('rotate-secret').description("Replace a key's webhook signing secret (shown once)").argument('<prefix>', 'key prefix')).action(
    async (prefix: string, flags: KeysOptions) => done(await (await keysCommand()).runKeysRotateSecret(prefix, flags, terminal)),
  );
  keyTarget(
    keys
      .command('set-plan')
      .description('Move a key to another plan from its next request (the units used this period stay used)')
      .argument('<prefix>', 'key prefix')
      .addOption(new Option('--plan <plan>', 'the new plan').choices(['starter', 'growth', 'enterprise']).makeOptionMandatory()),
  ).action(async (prefix: string, flags: KeysOptions & { plan?: string }) => done(await (await keysCommand()).runKeysSetPlan(prefix, flags, terminal)));
}

/** `usage` and the `units` commands. */
function addUnitsCommands(program: Command, { terminal, done }: CommandContext): void {
  apiOptions(program.command('usage').description("Show the API key's own usage this period (plan, used, remaining, reset); costs no quota"))
    .option('--json', 'print the API response body as JSON (the default when stdout is not a terminal)')
    .action(async (flags: UsageOptions) => done(await (await import('./commands/usage.js')).runUsage(flags, terminal)));

  const units = program
    .command('units')
    .description("The account's own units and their protected territories (free of quota; every key of the account sees them)");
  const unitsCommand = async () => import('./commands/units.js');
  apiOptions(
    territoryOptions(
      units
        .command('add')
        .description('Add a unit at an address (geocoded by the server) or --lat/--lng, with an optional territory')
        .argument('<name>', 'what you call the unit, e.g. "Perry Street"')
        .requiredOption('-c, --category <category>', 'franchise category (see `locscore categories`)')
        .option('--address <address>', 'civic address of the unit')
        .option('--lat <degrees>', 'latitude, with --lng, instead of an address')
        .option('--lng <degrees>', 'longitude, with --lat')
        .option('--status <status>', 'open or planned (planned units count as open for encroachment)', 'open')
        .option('--brand <brand>', 'the brand it trades under'),
    ),
  )
    .option('--json', 'print the stored unit as JSON (the default when stdout is not a terminal)')
    .action(async (name: string, flags: UnitsAddOptions) => done(await (await unitsCommand()).runUnitsAdd(name, flags, terminal)));
  apiOptions(units.command('list').description("List the account's units (every page)"))
    .option('-c, --category <category>', 'only units of this category')
    .option('--status <status>', 'only open or only planned units')
    .option('--json', 'print a JSON array of units (the default when stdout is not a terminal)')
    .action(async (flags: UnitsListOptions) => done(await (await unitsCommand()).runUnitsList(flags, terminal)));
  apiOptions(units.command('remove').description('Remove a unit and its territory').argument('<id>', 'unit id (see units list)'))
    .option('--json', 'print { id, removed } as JSON')
    .action(async (id: string, flags: UnitsOptions) => done(await (await unitsCommand()).runUnitsRemove(id, flags, terminal)));
  apiOptions(
    units
      .command('import')
      .description("Add units from a CSV or GeoJSON file, or a brand's places in a region pack; reports each row that failed and adds the rest")
      .argument('[file]', 'CSV (name, address or lat/lng, category, status, brand, territory_* columns) or GeoJSON (.geojson/.json, a Feature per unit)')
      .option('-c, --category <category>', 'category of rows without one (required with --region)')
      .option('--status <status>', 'status of rows without one: open or planned (default open)')
      .option('--region <pack>', "a region pack folder: import the --brand's places in it")
      .option('--brand <brand>', 'with --region: the brand (as OSM or the name-suggestion-index names it, or its Wikidata id Q…)'),
  )
    .option('--json', 'print { created, failed, results } with every row as JSON (the default when stdout is not a terminal)')
    .action(async (file: string | undefined, flags: UnitsImportOptions) => done(await (await unitsCommand()).runUnitsImport(file, flags, terminal)));
}

/** `territory check`, `opportunities`, `categories` and `quickstart`. */
function addTerritoryCommands(program: Command, { terminal, done }: CommandContext): void {
  const territory = program.command('territory').description("Check proposed territories against the account's units and the region");
  apiOptions(
    territoryOptions(
      territory
        .command('check')
        .description('Check a proposed territory around a site: residents, overlaps, encroachment, units inside, reserved venues (one evaluation)')
        .argument('[address]', 'civic address of the site (or --lat and --lng)')
        .requiredOption('-c, --category <category>', 'franchise category (see `locscore categories`)')
        .option('--lat <degrees>', 'latitude of the site, with --lng, instead of an address')
        .option('--lng <degrees>', 'longitude of the site, with --lat')
        .option('--minimum-residents <n>', 'your minimum: the answer says whether the territory meets it'),
    ),
  )
    .option('--json', 'print the API response body as JSON (the default when stdout is not a terminal)')
    .action(async (address: string | undefined, flags: TerritoryCheckOptions) =>
      done(await (await import('./commands/territory.js')).runTerritoryCheck(address, flags, terminal)),
    );

  apiOptions(
    program
      .command('opportunities')
      .description('The best sites of a region for a category that your units do not yet serve (one evaluation)')
      .requiredOption('-c, --category <category>', 'franchise category (see `locscore categories`)')
      .option('-r, --region <name>', 'region pack, e.g. liechtenstein (needed when the server holds several)')
      .option('--top <n>', 'sites to list, 1-100 (default 20)')
      .option('-o, --out <file>', 'write the sites to a .csv or .geojson file instead'),
  )
    .option('--json', 'print the API response body as JSON (the default when stdout is not a terminal)')
    .action(async (flags: OpportunitiesOptions) => done(await (await import('./commands/opportunities.js')).runOpportunities(flags, terminal)));

  program
    .command('categories')
    .description('List the franchise categories')
    .option('--json', 'print JSON')
    .action(async (flags: { json?: boolean }) => done((await import('./commands/categories.js')).runCategories(flags, terminal)));

  program
    .command('quickstart')
    .description('Build the sample region, start a server, score a sample address over HTTP, print it, stop')
    .option('-c, --category <category>', 'category to score', 'coffee')
    .option('--json', 'print the API response body as JSON')
    .action(async (flags: { category?: string; json?: boolean }) => done(await (await import('./commands/quickstart.js')).runQuickstart(flags, terminal)));
}

/** A commander usage error (`error: missing required option…`) as the `--json` error line. */
function usageErrorJson(text: string): string {
  const message = text.trim().replace(/^error:\s*/, '');
  return JSON.stringify({ error: { code: 'usage', message, exitCode: EXIT.usage, requestId: null } });
}

/**
 * Runs the CLI: parses `argv`, runs the command, and maps every failure to a
 * message on stderr and an exit code (see `EXIT`). With `--json` on the
 * command line the failure is one JSON line on stderr instead,
 * `{"error":{"code","message","exitCode","requestId"}}`, so a script gets
 * data on stdout and a parseable error on stderr. Never throws.
 *
 * @param argv - full argv (`process.argv`: node, script, args...)
 * @param terminal - where to write; default the process's streams
 * @returns the exit code
 */
export async function main(argv: readonly string[], terminal: Terminal = createTerminal()): Promise<number> {
  const state = { exitCode: EXIT.ok as number };
  const jsonErrors = argv.slice(2).includes('--json');
  const program = createProgram(terminal, state, { jsonErrors });
  try {
    await program.parseAsync([...argv]);
    return state.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const { errorJson, reportError } = await import('./error-report.js');
    const report = reportError(error);
    terminal.stderr.write(jsonErrors ? `${errorJson(report)}\n` : `${terminal.err.red('Error:')} ${report.message}\n`);
    return report.exitCode;
  }
}
