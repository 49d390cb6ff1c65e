/**
 * A synthetic country for the region-scale benchmark: the real Liechtenstein
 * extract, cut to the country (the US test objects of the file left out),
 * copied N times side by side on a grid. Every copy has renumbered ids (dense,
 * per type, so the file stays sorted by type and id as planet extracts are),
 * its own town names (`Vaduz` → `Vaduz Bado`) and postcodes (`9490` →
 * five digits unique to the copy), and the same street names, as the towns of
 * a real country share `Landstrasse` or `Bahnhofstrasse`.
 *
 * Built with osmium (Debian's `osmium-tool`): `osmium extract` cuts, `osmium
 * cat` turns the copies, written as OPL text, into a PBF. Only the benchmark
 * needs osmium; the project never does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { escapeOpl, type OplObject, oplTags, parseOplLine } from './opl.js';

/** The box the extract is cut to: Liechtenstein with a margin (`osmium extract -s complete_ways` keeps whole ways). */
export const CUT_BOX = [9.46, 47.04, 9.645, 47.275] as const;
/** Grid step between copies, degrees of longitude and latitude (larger than Liechtenstein's 0.17° × 0.23°). */
export const STEP_LNG = 0.25;
export const STEP_LAT = 0.3;

/** Bumped whenever the generated files change, so cached files of an older generator are rebuilt. */
const GENERATOR_VERSION = 1;

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';

/**
 * The word that makes copy `k`'s town names its own: two syllables, e.g.
 * `Bado` (enough for 4,900 copies).
 *
 * @param k - copy index from 0
 */
export function copyWord(k: number): string {
  const syllable = (n: number): string => `${CONSONANTS.charAt(Math.floor(n / VOWELS.length) % CONSONANTS.length)}${VOWELS.charAt(n % VOWELS.length)}`;
  const per = CONSONANTS.length * VOWELS.length;
  const word = `${syllable(Math.floor(k / per))}${syllable(k % per)}`;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Grid column count for `copies` copies (a square as near as can be). */
export function gridColumns(copies: number): number {
  return Math.ceil(Math.sqrt(copies));
}

/**
 * Where copy `k` lies: its shift from the original, degrees.
 *
 * @param k - copy index from 0
 * @param copies - copies in the file
 */
export function copyShift(k: number, copies: number): { dLng: number; dLat: number } {
  const columns = gridColumns(copies);
  return { dLng: (k % columns) * STEP_LNG, dLat: Math.floor(k / columns) * STEP_LAT };
}

/**
 * The copy a point of a tiled file lies in (the grid cell around it), or -1
 * outside the grid.
 *
 * @param lng - longitude of the point
 * @param lat - latitude
 * @param copies - copies in the file
 */
export function copyAt(lng: number, lat: number, copies: number): number {
  const columns = gridColumns(copies);
  const [west, south, east, north] = CUT_BOX;
  // Each cell is the cut box widened evenly to the grid step.
  const column = Math.floor((lng - west + (STEP_LNG - (east - west)) / 2) / STEP_LNG);
  const row = Math.floor((lat - south + (STEP_LAT - (north - south)) / 2) / STEP_LAT);
  if (column < 0 || column >= columns || row < 0) return -1;
  const k = row * columns + column;
  return k < copies ? k : -1;
}

/** What {@link tiledCountry} built. */
export interface TiledCountry {
  file: string;
  copies: number;
  /** Objects in the file. */
  objects: number;
  bytes: number;
  /** Generation wall time, ms; 0 when the file came from the cache. */
  generateMs: number;
  cached: boolean;
}

/**
 * The tiled country of `copies` copies in `cacheDir` (`tiled-<copies>.osm.pbf`),
 * generated when absent or made by another generator version.
 *
 * @param source - the Liechtenstein extract
 * @param copies - copies, at least 1
 * @param cacheDir - where tiled files are kept between runs
 * @throws Error when osmium is missing or fails
 */
export async function tiledCountry(source: string, copies: number, cacheDir: string): Promise<TiledCountry> {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `tiled-v${GENERATOR_VERSION}-${copies}.osm.pbf`);
  if (existsSync(file)) return { file, copies, ...fileInfo(file), generateMs: 0, cached: true };
  const started = performance.now();
  const cut = join(cacheDir, `liechtenstein-cut-v${GENERATOR_VERSION}.osm.pbf`);
  if (!existsSync(cut)) {
    osmium(['extract', '-b', CUT_BOX.join(','), '-s', 'complete_ways', source, '-o', `${cut}.tmp.pbf`, '--overwrite']);
    renameSync(`${cut}.tmp.pbf`, cut);
  }
  const objects = readOpl(cut);
  const temp = `${file}.tmp.pbf`;
  await writeCopies(objects, copies, temp);
  renameSync(temp, file);
  return { file, copies, ...fileInfo(file), generateMs: Math.round(performance.now() - started), cached: false };
}

function fileInfo(file: string): { objects: number; bytes: number } {
  const info = osmium(['fileinfo', '-e', '-j', file]);
  const json = JSON.parse(info) as { data: { count: { nodes: number; ways: number; relations: number } }; file: { size: number } };
  const { nodes, ways, relations } = json.data.count;
  return { objects: nodes + ways + relations, bytes: json.file.size };
}

/**
 * Runs osmium and returns its stdout.
 *
 * @param args - its arguments
 * @throws Error with osmium's stderr, or saying how to install it
 */
export function osmium(args: readonly string[]): string {
  const run = spawnSync('osmium', args, { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
  if (run.error !== undefined) throw new Error(`osmium is needed by this benchmark (apt-get install -y osmium-tool): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`osmium ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

function readOpl(file: string): OplObject[] {
  const text = osmium(['cat', file, '-f', 'opl']);
  const objects: OplObject[] = [];
  for (const line of text.split('\n')) {
    const object = parseOplLine(line);
    if (object !== null) objects.push(object);
  }
  return objects;
}

/** Dense new ids: per type, the ids present (sorted) then the ids referenced but absent, each copy after the previous. */
class Renumbering {
  private readonly ranks = { n: new Map<number, number>(), w: new Map<number, number>(), r: new Map<number, number>() };

  constructor(objects: readonly OplObject[]) {
    const present = { n: [] as number[], w: [] as number[], r: [] as number[] };
    for (const object of objects) present[object.type].push(object.id);
    const absent = { n: new Set<number>(), w: new Set<number>(), r: new Set<number>() };
    for (const object of objects) {
      for (const ref of object.refs) absent.n.add(ref);
      for (const member of object.members) absent[member.type].add(member.ref);
    }
    for (const type of ['n', 'w', 'r'] as const) {
      const sorted = present[type].sort((a, b) => a - b);
      for (const id of sorted) absent[type].delete(id);
      for (const id of [...sorted, ...[...absent[type]].sort((a, b) => a - b)]) this.ranks[type].set(id, this.ranks[type].size);
    }
  }

  id(type: 'n' | 'w' | 'r', original: number, k: number): number {
    const map = this.ranks[type];
    return k * map.size + (map.get(original) ?? 0) + 1;
  }
}

/** Tag keys whose value is a town name on every object. */
const TOWN_KEYS = new Set(['addr:city', 'addr:municipality']);
/** Tag keys whose value is a postcode. */
const POSTCODE_KEYS = new Set(['addr:postcode', 'postal_code']);

function isPlaceOrBoundary(tags: ReadonlyArray<readonly [string, string]>): boolean {
  return tags.some(([key, value]) => key === 'place' || (key === 'boundary' && (value === 'administrative' || value === 'postal_code')));
}

function isNameKey(key: string): boolean {
  if (key.includes('prefix') || key.includes('suffix')) return false;
  return key === 'name' || key.startsWith('name:') || /_name(:|$)/.test(key);
}

/** Renames towns and postcodes for one copy. */
class CopyTags {
  private readonly postcodes = new Map<string, number>();

  constructor(objects: readonly OplObject[]) {
    for (const object of objects) {
      for (const [key, value] of object.tags) {
        if (POSTCODE_KEYS.has(key) && /^\d{4}$/.test(value) && !this.postcodes.has(value)) this.postcodes.set(value, this.postcodes.size);
      }
    }
  }

  /** Whether an object's tags differ between copies. */
  varies(object: OplObject): boolean {
    return isPlaceOrBoundary(object.tags) || object.tags.some(([key]) => TOWN_KEYS.has(key) || POSTCODE_KEYS.has(key));
  }

  /** The `T` field of an object in copy `k`. */
  field(object: OplObject, k: number): string {
    const word = copyWord(k);
    const place = isPlaceOrBoundary(object.tags);
    return oplTags(
      object.tags.map(([key, value]): [string, string] => {
        if (TOWN_KEYS.has(key) || (place && isNameKey(key))) return [key, `${value} ${word}`];
        const index = POSTCODE_KEYS.has(key) ? this.postcodes.get(value) : undefined;
        if (index !== undefined) return [key, String(10_000 + k * this.postcodes.size + index)];
        return [key, value];
      }),
    );
  }
}

async function writeCopies(objects: readonly OplObject[], copies: number, out: string): Promise<void> {
  rmSync(out, { force: true });
  const child = spawn('osmium', ['cat', '-F', 'opl', '-', '-o', out, '-O'], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`osmium is needed by this benchmark (apt-get install -y osmium-tool): ${error.message}`)));
    child.once('exit', (code) => resolve(code));
  });
  const ids = new Renumbering(objects);
  const tags = new CopyTags(objects);
  const fixed = objects.map((object) => (tags.varies(object) ? null : oplTags(object.tags)));
  let batch = '';
  const flush = async (): Promise<void> => {
    if (child.stdin.write(batch)) {
      batch = '';
      return;
    }
    batch = '';
    await new Promise((resolve) => child.stdin.once('drain', resolve));
  };
  for (const type of ['n', 'w', 'r'] as const) {
    const ofType = objects.flatMap((object, i) => (object.type === type ? [i] : []));
    for (let k = 0; k < copies; k++) {
      const { dLng, dLat } = copyShift(k, copies);
      for (const i of ofType) {
        const object = objects[i] as OplObject;
        batch += `${oplLine(object, k, dLng, dLat, ids, fixed[i] ?? tags.field(object, k))}\n`;
        if (batch.length > 1 << 20) await flush();
      }
    }
  }
  await flush();
  child.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`osmium cat (OPL to PBF) failed with ${code}: ${stderr}`);
}

function oplLine(object: OplObject, k: number, dLng: number, dLat: number, ids: Renumbering, tagField: string): string {
  const head = `${object.type}${ids.id(object.type, object.id, k)} ${tagField}`;
  if (object.type === 'n') return `${head} x${(object.x + dLng).toFixed(7)} y${(object.y + dLat).toFixed(7)}`;
  if (object.type === 'w') return `${head} N${object.refs.map((ref) => `n${ids.id('n', ref, k)}`).join(',')}`;
  return `${head} M${object.members.map((m) => `${m.type}${ids.id(m.type, m.ref, k)}@${escapeOpl(m.role)}`).join(',')}`;
}
