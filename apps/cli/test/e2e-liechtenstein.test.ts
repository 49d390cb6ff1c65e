/**
 * End to end on the real Liechtenstein extract, as a franchisor would run it:
 * `locscore region import`, `locscore keys create --plan starter`,
 * `locscore serve` (each its own process), then `locscore score "<address>"
 * --category coffee --json` for 20 real addresses (the CLI's `main` in this
 * process, `cli-in-process.ts`), and three more spellings of each through the SDK.
 *
 * The expected answers come from an independent oracle: the raw PBF read with
 * tiny-osmpbf (a different decoder from the importer's osm-pbf-parser-node), with
 * its own centroid and haversine code. Skipped, with the reason printed, where
 * `../shared/data` is absent.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScoreResult } from '@locscore/schema';
import { LocScoreClient, QuotaExceededError } from '@locscore/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { runCliInProcess } from './cli-in-process.js';
import { cliNodeArgs } from './cli-process.js';

const require = createRequire(import.meta.url);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const extract = join(repoRoot, '../shared/data/liechtenstein/liechtenstein.osm.pbf');
const present = existsSync(extract);
if (!present) console.warn(`skipping the Liechtenstein end-to-end test: ${extract} is absent`);

type Tags = Record<string, string>;
interface OsmElement {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  tags?: Tags;
  nodes?: number[];
}
interface Place {
  lat: number;
  lng: number;
  tags: Tags;
}

/** Great-circle distance in metres (haversine, mean Earth radius 6,371,008.8 m). */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** Reads the extract with tiny-osmpbf: address objects, rail stations and cafés. */
function readOracle() {
  const tinyOsmPbf = require('tiny-osmpbf') as (buffer: Buffer, handler: (element: OsmElement) => void) => unknown;
  const nodes = new Map<number, [number, number]>();
  const addresses: Place[] = [];
  const stations: Array<Place & { name: string }> = [];
  const cafes: Place[] = [];
  const centroidOf = (refs: number[]): { lat: number; lng: number } | null => {
    const ring = refs.map((ref) => nodes.get(ref)).filter((point): point is [number, number] => point !== undefined);
    if (ring.length === 0) return null;
    const closed = refs.length > 3 && refs[0] === refs[refs.length - 1];
    const points = closed ? ring.slice(0, -1) : ring;
    return {
      lat: points.reduce((sum, point) => sum + point[0], 0) / points.length,
      lng: points.reduce((sum, point) => sum + point[1], 0) / points.length,
    };
  };
  tinyOsmPbf(readFileSync(extract), (element) => {
    let at: { lat: number; lng: number } | null = null;
    if (element.type === 'node' && element.lat !== undefined && element.lon !== undefined) {
      nodes.set(element.id, [element.lat, element.lon]);
      at = { lat: element.lat, lng: element.lon };
    } else if (element.type === 'way' && element.nodes) {
      at = element.tags ? centroidOf(element.nodes) : null;
    }
    const tags = element.tags ?? {};
    if (!at || Object.keys(tags).length === 0) return;
    if (tags['addr:housenumber'] && tags['addr:street'] && tags['addr:city'] && tags['addr:postcode']) addresses.push({ ...at, tags });
    if ((tags.railway === 'station' || tags.railway === 'halt') && tags.name) stations.push({ ...at, tags, name: tags.name });
    if (tags.amenity === 'cafe' || tags.cuisine === 'coffee_shop' || tags.shop === 'coffee') cafes.push({ ...at, tags });
  });
  return { addresses, stations, cafes };
}

/** 20 addresses spread over the towns of the extract (every k-th of those with a unique street+number+town). */
function pickAddresses(addresses: Place[]): Place[] {
  const seen = new Map<string, number>();
  for (const place of addresses) {
    const key = `${place.tags['addr:street']}|${place.tags['addr:housenumber']}|${place.tags['addr:city']}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const unique = addresses
    .filter((place) => seen.get(`${place.tags['addr:street']}|${place.tags['addr:housenumber']}|${place.tags['addr:city']}`) === 1)
    .filter((place) => /^\d+[a-z]?$/i.test(place.tags['addr:housenumber'] ?? ''))
    .filter((place) => place.lat > 47 && place.lat < 47.3 && place.lng > 9.4 && place.lng < 9.7)
    .sort((a, b) =>
      `${a.tags['addr:city']}${a.tags['addr:street']}${a.tags['addr:housenumber']}`.localeCompare(
        `${b.tags['addr:city']}${b.tags['addr:street']}${b.tags['addr:housenumber']}`,
      ),
    );
  const step = Math.floor(unique.length / 20);
  return Array.from({ length: 20 }, (_, i) => unique[i * step]).filter((place): place is Place => place !== undefined);
}

/** Other ways a franchisor writes the same address: lower case, abbreviated, umlauts, FL- prefix, no postcode. */
function spellings(place: Place): string[] {
  const street = place.tags['addr:street'] ?? '';
  const number = place.tags['addr:housenumber'] ?? '';
  const city = place.tags['addr:city'] ?? '';
  const postcode = place.tags['addr:postcode'] ?? '';
  const abbreviated = street.replace(/strasse\b/i, 'str.').replace(/Strasse\b/, 'Str.');
  const umlaut = street.replace(/ss(e)?\b/, 'ß$1');
  return [
    `${street.toLowerCase()} ${number} ${city.toLowerCase()}`,
    // The FL- prefix only on Liechtenstein postcodes: `FL-6800 Feldkirch` contradicts itself (Feldkirch is in Austria) and is refused.
    `${abbreviated} ${number}, ${/^94\d\d$/.test(postcode) ? 'FL-' : ''}${postcode} ${city}`,
    `${umlaut.toUpperCase()} ${number}, ${postcode} ${city.toUpperCase()}`,
  ];
}

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawn(process.execPath, cliNodeArgs(args), {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = cli(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!present)('Liechtenstein extract, end to end through the CLI', () => {
  const oracle = present ? readOracle() : { addresses: [], stations: [], cafes: [] };
  const picked = pickAddresses(oracle.addresses);
  let work = '';
  let server: ChildProcess | undefined;
  let baseUrl = '';
  let starterKey = '';
  let enterpriseKey = '';

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'locscore-e2e-li-'));
    const pack = join(work, 'pack');
    const dataDir = await templateDataDir(join(work, 'data'));
    const imported = await runCli(['region', 'import', '--osm', extract, '--name', 'Liechtenstein', '--out', pack]);
    expect(imported.code, imported.stderr).toBe(0);
    const starter = await runCli(['keys', 'create', '--plan', 'starter', '--name', 'e2e', '--data-dir', dataDir, '--json']);
    expect(starter.code, starter.stderr).toBe(0);
    starterKey = (JSON.parse(starter.stdout) as { apiKey: string }).apiKey;
    const enterprise = await runCli(['keys', 'create', '--plan', 'enterprise', '--data-dir', dataDir, '--json']);
    enterpriseKey = (JSON.parse(enterprise.stdout) as { apiKey: string }).apiKey;
    server = cli(['serve', '--port', '0', '--data-dir', dataDir, '--region', pack]);
    baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      server?.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
      server?.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
        if (url) resolve(url[0]);
      });
      server?.on('close', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
    });
    // The first coffee score builds the region's coffee score table (meta.percentile): done here, on the
    // Enterprise key with a long request limit, so that the CLI's 30 s limit per request measures scoring alone.
    await new LocScoreClient({ apiKey: enterpriseKey, baseUrl, timeoutMs: 240_000, maxRetries: 0 }).score({
      address: 'Städtle 38, 9490 Vaduz',
      category: 'coffee',
    });
  });

  afterAll(async () => {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((resolve) => server?.once('close', resolve));
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('picks 20 real addresses from the extract', () => {
    expect(picked).toHaveLength(20);
    expect(oracle.stations.map((station) => station.name).sort()).toEqual(['Forst Hilti', 'Nendeln', 'Schaan-Vaduz']);
  });

  const check = (place: Place, result: ScoreResult, spelling: string) => {
    const where = `${spelling} → ${result.meta?.matchedAddress ?? '?'}`;
    expect(metres(place, result.coordinates), where).toBeLessThan(50);
    const nearest = oracle.stations
      .map((station) => ({ name: station.name, distance: metres(result.coordinates, station) }))
      .sort((a, b) => a.distance - b.distance)[0];
    if (nearest && nearest.distance <= 5000) {
      expect(result.nearestStation, where).toBe(nearest.name);
      expect(Math.abs((result.transitDistanceMetres ?? -1) - nearest.distance), where).toBeLessThanOrEqual(nearest.distance * 0.05 + 1);
    } else {
      expect(result.nearestStation, where).toBeNull();
    }
    const cafeNames = new Set(oracle.cafes.map((cafe) => cafe.tags.name ?? cafe.tags.brand).filter(Boolean));
    for (const competitor of result.competitors) {
      if (!competitor.name.startsWith('Unnamed')) expect(cafeNames, where).toContain(competitor.name);
    }
    const nearestCafe = oracle.cafes.map((cafe) => ({ cafe, distance: metres(result.coordinates, cafe) })).sort((a, b) => a.distance - b.distance)[0];
    if (nearestCafe && nearestCafe.distance < 200 && nearestCafe.cafe.tags.name) {
      expect(result.competitorCount, where).toBeGreaterThan(0);
      expect(result.competitors[0]?.name, where).toBe(nearestCafe.cafe.tags.name);
    }
  };

  it('scores each address with `locscore score --json` on a Starter key: 20 results, then 429', async () => {
    for (const place of picked) {
      const address = `${place.tags['addr:street']} ${place.tags['addr:housenumber']}, ${place.tags['addr:postcode']} ${place.tags['addr:city']}`;
      const run = await runCliInProcess(['score', address, '--category', 'coffee', '--json', '--base-url', baseUrl], { env: { LOCSCORE_API_KEY: starterKey } });
      expect(run.code, `${address}: ${run.stderr}`).toBe(0);
      check(place, ScoreResult.parse(JSON.parse(run.stdout)), address);
    }
    const over = await runCliInProcess(['score', 'Städtle 38, 9490 Vaduz', '--category', 'coffee', '--json', '--base-url', baseUrl], {
      env: { LOCSCORE_API_KEY: starterKey },
    });
    expect(over.code).toBe(4);
  });

  it('finds the same places from three other spellings of each address', async () => {
    const client = new LocScoreClient({ apiKey: enterpriseKey, baseUrl });
    for (const place of picked) {
      for (const spelling of spellings(place)) check(place, await client.score({ address: spelling, category: 'coffee' }), spelling);
    }
    await expect(
      new LocScoreClient({ apiKey: starterKey, baseUrl, maxRetries: 0 }).score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }),
    ).rejects.toBeInstanceOf(QuotaExceededError);
  });
});
