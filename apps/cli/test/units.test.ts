/**
 * `locscore units` and `locscore territory check` against a real server on
 * 127.0.0.1 with the real West Village extract and the 2020 census (its
 * population layer, imported once per run with `sharedPack`), on PGlite and
 * PostgreSQL (`DATABASE_URL`), the CLI's `main` run in this process
 * (`cli-in-process.ts`; the process boundary has its own tests): a network of real cafés imported from CSV (with bad
 * rows), GeoJSON and the pack's Starbucks places; a proposed territory checked at Sheridan Square; and a candidate
 * inside a unit's territory scored, its card and its batch columns read
 * from the server's real answer. Skipped, saying why, where `../shared/data`
 * is absent.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AddressPoint, haversineMetres, loadRegion } from '@locscore/engine';
import { RESERVED_VENUES_NOTE, ScoreResult, TerritoryCheckResult, Unit } from '@locscore/schema';
import { startServer } from '@locscore/server';
import { Chalk } from 'chalk';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPack } from '../../../packages/engine/test/region-fixtures.js';
import { templateDataDir } from '../../server/test/support/store-template.js';
import type { OUTPUT_COLUMNS } from '../src/batch/columns.js';
import { pickSampleAddress } from '../src/commands/quickstart.js';
import { renderCard } from '../src/output/card.js';
import { renderTerritoryCheck } from '../src/output/territory-check.js';
import { runCliInProcess } from './cli-in-process.js';
import { repoRoot } from './cli-process.js';

const data = join(repoRoot, '../shared/data');
const pbf = join(data, 'nyc-west-village/nyc-west-village.osm.pbf');
const shp = join(data, 'nyc-census/cb_2020_36_tract_500k/cb_2020_36_tract_500k.shp');
const table = join(data, 'nyc-census/demographics_ct.csv');
const present = [pbf, shp, table].every((file) => existsSync(file));
if (!present) console.warn(`skipping the units end-to-end test: the West Village extract or the NYC census under ${data} is absent`);

/**
 * The stores the server runs on: PGlite, and PostgreSQL when `DATABASE_URL`
 * names a database (the test's units live in an account of their own, made
 * for the run, so a database used before holds nothing they see).
 */
const STORES = [
  { store: 'PGlite', databaseUrl: undefined },
  ...(process.env['DATABASE_URL'] ? [{ store: 'PostgreSQL', databaseUrl: process.env['DATABASE_URL'] }] : []),
];
if (STORES.length === 1) console.warn('[units.test] PostgreSQL skipped: DATABASE_URL is unset');
/** Real cafés of the extract (OSM node coordinates). */
const TAIM = { lat: 40.735975, lng: -74.001919 };
const JOE = { lat: 40.733318, lng: -74.000557 };
const THINK = { lat: 40.739495, lng: -74.002986 };
const CONDESA = { lat: 40.734389, lng: -74.002678 };
const SANT_AMBROEUS = { lat: 40.735446, lng: -74.003199 };
const SHERIDAN_SQUARE = { lat: 40.7334, lng: -74.0027 };

let work: string;
let pack: string;
let addresses: AddressPoint[];
let server: Awaited<ReturnType<typeof startServer>>;
let key: string;
const env = () => ({ LOCSCORE_BASE_URL: server.url, LOCSCORE_API_KEY: key });
const listUnits = async (): Promise<Unit[]> => {
  const run = await runCliInProcess(['units', 'list', '--json'], { env: env() });
  expect(run.code, run.stderr).toBe(0);
  return Unit.array().parse(JSON.parse(run.stdout));
};

/** A plain address of the pack (`12 Waverly Place`), the nearest to `point` whose distance passes `keep`. */
function addressNear(point: { lat: number; lng: number }, keep: (metres: number) => boolean): { text: string; point: AddressPoint } {
  const sorted = addresses
    .filter((candidate) => /^\d+$/.test(candidate.housenumber.trim()) && candidate.street.trim() !== '' && keep(haversineMetres(point, candidate)))
    .sort((a, b) => haversineMetres(point, a) - haversineMetres(point, b));
  const found = sorted[0];
  if (found === undefined) throw new Error('no address point fits');
  return { text: pickSampleAddress([found]), point: found };
}

/** Whether a unit's territory could hold a point: radius and population circles exactly, a polygon by its box. */
function mayHold(unit: Unit, point: { lat: number; lng: number }): boolean {
  const territory = unit.territory;
  if (territory === null) return false;
  const metres = haversineMetres(unit.coordinates, point);
  if (territory.type === 'radius') return metres <= territory.metres;
  if (territory.type === 'population') return metres <= territory.radiusMetres * 1.01;
  const positions = (territory.geometry.type === 'Polygon' ? [territory.geometry.coordinates] : territory.geometry.coordinates).flat(2);
  const lngs = positions.map(([lng]) => lng ?? 0);
  const lats = positions.map(([, lat]) => lat ?? 0);
  return point.lng >= Math.min(...lngs) && point.lng <= Math.max(...lngs) && point.lat >= Math.min(...lats) && point.lat <= Math.max(...lats);
}

describe.skipIf(!present).each(STORES)('locscore units and territory check on the West Village ($store)', ({ databaseUrl }) => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'locscore-cli-units-'));
    pack = await sharedPack({
      osm: pbf,
      name: 'NYC West Village',
      censusBoundaries: shp,
      censusTable: table,
      censusJoin: 'GEOID=geoid',
      censusFields: { population: 'pop', households: 'occupied' },
    });
    addresses = (await loadRegion(pack)).addresses;
    const store = databaseUrl === undefined ? { dataDir: await templateDataDir(join(work, 'data')) } : { databaseUrl };
    server = await startServer({ port: 0, ...store, regions: [pack], logLevel: 'silent' });
    key = (await server.store.keys.create({ plan: 'enterprise', name: 'cli units test' })).apiKey;
  });

  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('imports a CSV: the good rows are added, each bad row is named with its field or the server’s reason, exit 2', async () => {
    const csv = [
      'name,lat,lng,address,status,territory_metres,territory_residents,notes',
      `Taïm,${TAIM.lat},${TAIM.lng},,open,300,,radius`,
      `Joe,${JOE.lat},${JOE.lng},,open,,1500,population`,
      `Think Coffee,${THINK.lat},${THINK.lng},,planned,300,,`,
      `Zero,${JOE.lat},${JOE.lng},,open,0,,bad radius`,
      'Lost,,,"999 Nowhere Boulevard, Atlantis",open,300,,no such street',
      `Half,${JOE.lat},,,open,,,no lng`,
    ].join('\n');
    await writeFile(join(work, 'units.csv'), csv);
    const run = await runCliInProcess(['units', 'import', join(work, 'units.csv'), '--category', 'coffee', '--json'], { env: env() });
    expect(run.code, run.stderr).toBe(2);
    const body = JSON.parse(run.stdout) as {
      created: number;
      failed: number;
      results: Array<{ source: string; status: string; error?: { code: string; message: string } }>;
    };
    expect(body.created).toBe(3);
    expect(body.failed).toBe(3);
    expect(body.results.map((row) => [row.source, row.status])).toEqual([
      ['row 1 (Taïm)', 'created'],
      ['row 2 (Joe)', 'created'],
      ['row 3 (Think Coffee)', 'created'],
      ['row 4 (Zero)', 'failed'],
      ['row 5 (Lost)', 'failed'],
      ['row 6 (Half)', 'failed'],
    ]);
    expect(run.stderr).toContain('row 4 (Zero): territory.metres must be > 0 and ≤ 100000');
    expect(body.results[4]?.error?.code).toMatch(/^address_(not_found|ambiguous)$/);
    expect(run.stderr).toContain('row 6 (Half): lng is required with lat');
    expect(run.stderr).toContain('Ignored columns (no unit field): notes');
    expect(run.stderr).toContain('Imported 3 of 6 units; 3 failed');
    const units = await listUnits();
    expect(units.map((unit) => unit.name)).toEqual(['Taïm', 'Joe', 'Think Coffee']);
    const joe = units.find((unit) => unit.name === 'Joe');
    expect(joe?.territory).toMatchObject({ type: 'population', residents: 1500, region: 'NYC West Village' });
    if (joe?.territory?.type === 'population') expect(joe.territory.residentsInside).toBeGreaterThanOrEqual(1500);
    expect(units.find((unit) => unit.name === 'Think Coffee')?.status).toBe('planned');
  });

  it('imports GeoJSON: a Point feature with a radius, a Polygon feature as the territory', async () => {
    const d = 0.0008;
    const square = [
      [
        [SANT_AMBROEUS.lng - d, SANT_AMBROEUS.lat - d],
        [SANT_AMBROEUS.lng + d, SANT_AMBROEUS.lat - d],
        [SANT_AMBROEUS.lng + d, SANT_AMBROEUS.lat + d],
        [SANT_AMBROEUS.lng - d, SANT_AMBROEUS.lat + d],
        [SANT_AMBROEUS.lng - d, SANT_AMBROEUS.lat - d],
      ],
    ];
    const features = [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [CONDESA.lng, CONDESA.lat] }, properties: { name: 'Cafe Condesa', territory_metres: 150 } },
      { type: 'Feature', geometry: { type: 'Polygon', coordinates: square }, properties: { name: 'Sant Ambroeus', ...SANT_AMBROEUS, status: 'planned' } },
    ];
    await writeFile(join(work, 'units.geojson'), JSON.stringify({ type: 'FeatureCollection', features }));
    const run = await runCliInProcess(['units', 'import', join(work, 'units.geojson'), '-c', 'coffee'], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Imported 2 of 2 units.');
    const units = await listUnits();
    expect(units.find((unit) => unit.name === 'Cafe Condesa')?.territory).toEqual({ type: 'radius', metres: 150 });
    expect(units.find((unit) => unit.name === 'Sant Ambroeus')?.territory).toEqual({ type: 'polygon', geometry: { type: 'Polygon', coordinates: square } });
  });

  it("imports a brand's places from the pack (the Starbucks the import recognised), told apart by OSM id", async () => {
    const run = await runCliInProcess(['units', 'import', '--region', pack, '--brand', 'starbucks', '-c', 'coffee', '--json'], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout) as { created: number; results: Array<{ name?: string }> };
    expect(body.created).toBe(4);
    for (const row of body.results) expect(row.name).toMatch(/^Starbucks \(n\d+\)$/);
    const byWikidata = await runCliInProcess(['units', 'import', '--region', pack, '--brand', 'Q2046903', '-c', 'coffee', '--json'], { env: env() });
    expect(JSON.parse(byWikidata.stdout)).toMatchObject({ created: 1, results: [{ name: 'Le Pain Quotidien' }] });
    const none = await runCliInProcess(['units', 'import', '--region', pack, '--brand', 'Blue Bottle', '-c', 'coffee'], { env: env() });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no coffee place of the brand "Blue Bottle"');
  });

  it('checks a proposed 600 m territory at Sheridan Square: residents, overlaps with the units, units inside, the hospitals', async () => {
    const args = ['territory', 'check', '--lat', String(SHERIDAN_SQUARE.lat), '--lng', String(SHERIDAN_SQUARE.lng), '-c', 'coffee', '--radius', '600'];
    const run = await runCliInProcess([...args, '--minimum-residents', '1000', '--json'], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    const result = TerritoryCheckResult.parse(JSON.parse(run.stdout));
    expect(result.residents).toBeGreaterThan(1000);
    expect(result.meetsMinimum).toBe(true);
    expect(result.unitsInside.map((unit) => unit.name)).toEqual(expect.arrayContaining(['Joe', 'Cafe Condesa']));
    const taim = result.overlaps.find((overlap) => overlap.name === 'Taïm');
    expect(taim?.sharedResidents).toBeGreaterThan(0);
    expect(taim?.shareOfCandidate).toBeCloseTo((taim?.sharedResidents ?? 0) / result.residents, 3);
    expect(result.reservedVenues.map((venue) => venue.kind)).toContain('hospital');
    expect(result.reservedVenuesNote).toBe(RESERVED_VENUES_NOTE);
    const report = renderTerritoryCheck(result, new Chalk({ level: 0 }), 400);
    expect(report).toContain(`  Territory        radius 600 m\n  Residents        ${result.residents.toLocaleString('en-US')} (`);
    expect(report).toContain('  Minimum          meets the minimum of 1,000 residents');
    expect(report).toMatch(/ {4}· Taïm \(open, radius\): [\d,]+ residents shared, \d+% of this territory, \d+% of the unit's/);
    expect(report).toContain('(hospital, amenity=hospital,');
    const unmet = await runCliInProcess([...args, '--minimum-residents', '999999999'], { env: env() });
    expect(unmet.code, unmet.stderr).toBe(0);
    // Not a terminal: JSON by default, as every data command.
    expect(TerritoryCheckResult.parse(JSON.parse(unmet.stdout)).meetsMinimum).toBe(false);
    const bad = await runCliInProcess(['territory', 'check', '--lat', '40.73', '--lng', '-74', '-c', 'coffee', '--radius', '100001'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('territory.metres must be > 0 and ≤ 100000');
  });

  it('scores a candidate inside Taïm’s territory: the card names Taïm, and batch writes the territory columns', async () => {
    const units = await listUnits();
    const inside = addressNear(TAIM, (metres) => metres < 80);
    const outside = addressNear(TAIM, (metres) => metres > 450);
    expect(units.some((unit) => mayHold(unit, outside.point))).toBe(false);
    const run = await runCliInProcess(['score', inside.text, '-c', 'coffee', '--json'], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    const result = ScoreResult.parse(JSON.parse(run.stdout));
    const territory = result.meta?.territory;
    expect(territory?.encroaches.map((unit) => unit.name)).toContain('Taïm');
    for (const unit of territory?.encroaches ?? []) expect(mayHold(units.find((found) => found.id === unit.unitId) as Unit, result.coordinates)).toBe(true);
    expect(result.passed).toBe(false);
    const taim = territory?.encroaches.find((unit) => unit.name === 'Taïm');
    const card = renderCard(result, new Chalk({ level: 0 }), { address: inside.text, category: 'coffee' }, 200);
    expect(card).toContain(`⚠ Inside the protected territory of Taïm (open, radius territory, ${taim?.distanceMetres} m away)`);
    expect(card).toMatch(/ FAIL {2}.+\nWhy: inside the protected territory of /);
    expect(card).toMatch(/Cannibalisation {2}\d+% of the demand captured here would come from own units/);

    await writeFile(join(work, 'sites.csv'), `site,address\ninside,"${inside.text}"\noutside,"${outside.text}"\n`);
    const batch = await runCliInProcess(['batch', join(work, 'sites.csv'), '-c', 'coffee', '-o', join(work, 'scored.csv')], { env: env() });
    expect(batch.code, batch.stderr).toBe(0);
    const rows = parse(await readFile(join(work, 'scored.csv'), 'utf8'), { columns: true }) as Array<Record<(typeof OUTPUT_COLUMNS)[number], string>>;
    const [first, second] = rows;
    expect(first?.locscore_encroaches.split('; ')).toContain('Taïm');
    expect(first?.locscore_passed).toBe('false');
    expect(first?.locscore_verdict).toMatch(/^Fail: inside the protected territory of /);
    expect(first?.locscore_nearest_unit).toBe(territory?.nearestUnit?.name);
    expect(Number(first?.locscore_nearest_unit_metres)).toBe(territory?.nearestUnit?.distanceMetres);
    expect(Number(first?.locscore_cannibalisation)).toBeCloseTo(territory?.cannibalisation?.shareFromOwnUnits ?? -1, 4);
    expect(second?.locscore_encroaches).toBe('');
    expect(second?.locscore_nearest_unit).not.toBe('');
    expect(Number(second?.locscore_nearest_unit_metres)).toBeGreaterThan(0);
  });

  it('adds one unit by address and removes units by id; a removed id is not found (exit 2)', async () => {
    const near = addressNear(THINK, (metres) => metres < 100);
    const added = await runCliInProcess(
      ['units', 'add', 'Perry Street', '--address', near.text, '-c', 'coffee', '--status', 'planned', '--radius', '250', '--json'],
      {
        env: env(),
      },
    );
    expect(added.code, added.stderr).toBe(0);
    const unit = Unit.parse(JSON.parse(added.stdout));
    expect(unit).toMatchObject({ name: 'Perry Street', status: 'planned', address: near.text, territory: { type: 'radius', metres: 250 } });
    expect(haversineMetres(unit.coordinates, near.point)).toBeLessThan(50);
    const before = (await listUnits()).length;
    const removed = await runCliInProcess(['units', 'remove', unit.id], { env: env() });
    expect(removed.code, removed.stderr).toBe(0);
    expect((await listUnits()).length).toBe(before - 1);
    const again = await runCliInProcess(['units', 'remove', unit.id], { env: env() });
    expect(again.code).toBe(2);
    const both = await runCliInProcess(['units', 'add', 'X', '--address', near.text, '--lat', '40.7', '--lng', '-74', '-c', 'coffee'], { env: env() });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give an address or --lat and --lng, not both');
  });
});
