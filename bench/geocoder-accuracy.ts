/**
 * Benchmark: geocoding accuracy, false matches and lookup time on the five
 * real packs (Liechtenstein, West Village, Copenhagen, Helsinki, Vancouver;
 * recipes in `support/real-packs.ts`).
 *
 * 1. Accuracy: every address point of each pack written in six spellings:
 *    postcode and town; town only; postcode only; abbreviated street types
 *    and directionals (`Str.`, `St`, `Ave`, `W`) with the town; all lower
 *    case without commas; no town (only where the street and number are one
 *    civic address in the region). A query counts when it is matched within
 *    30 m of one of the OSM objects carrying that civic address (street,
 *    number and town). Target ≥ 99.5 % per region and spelling.
 * 2. False matches, with all five packs loaded (`chooseAmong`); every query
 *    must answer 400 (target 0 matched):
 *    - foreign town: every 10th address with its town and postcode replaced
 *      by a real neighbouring town of another country or municipality;
 *    - neighbouring postcode: every 10th address with its own town and the
 *      postcode of the nearest address of another postcode (where no object
 *      with that street, number and postcode exists);
 *    - past the range: each street's highest mapped number + 50, + 100 and × 2;
 *    - outside coverage: the extract's own addresses that the pack left out
 *      (outside its boundary or box), written without a town and with the
 *      region's country, where no object inside has the same street and number;
 *    - near-miss names: a mapped address with its street's type dropped or
 *      swapped, or a direction added (`7th Avenue` / `7th Avenue South`,
 *      `Oberfeld` / `Oberfeldweg`), where no street has that name.
 * 3. Speed: p50/p99 of one in-process lookup over the accuracy queries of
 *    each region (every k-th, at most 12,000), 3 runs, after the accuracy pass; baseline in the same run: `parseAddress` alone on
 *    the same strings. Target p99 < 1 ms.
 * 4. Parser: a sample of each spelling read by `pelias-parser` (its
 *    components looked up by the same geocoder, `locate`) against our
 *    reading of the region's words (`geocode`): share within 30 m and time.
 *
 * Run: `npx tsx --conditions=@locscore/source bench/geocoder-accuracy.ts [--packs <dir>]`
 * (`--packs` reuses packs imported there before). Writes `bench/results/geocoder-accuracy.json`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressPoint, Geocoder, ParsedAddress, RegionData } from '../packages/engine/src/index.js';
import { chooseAmong, createGeocoder, haversineMetres, loadRegion, normalizeStreet, parseAddress } from '../packages/engine/src/index.js';
import { coverageTest } from '../packages/engine/src/region/coverage.js';
import { OsmCollector } from '../packages/engine/src/region/osm-collect.js';
import { readOsmFile } from '../packages/engine/src/region/osm-read.js';
import { machineInfo, REPO_ROOT, writeResult } from './support/machine.js';
import { importRealPack, REAL_PACKS, type RealPackKey } from './support/real-packs.js';
import { median, percentile } from './support/stats.js';

const WITHIN_METRES = 30;
const RUNS = 3;
const PELIAS_SAMPLE = 150;
/** At most this many of a region's accuracy queries are timed (every k-th), in each of the {@link RUNS}. */
const TIMED_LOOKUPS = 12_000;
const SPELLINGS = ['postcode_and_town', 'town_only', 'postcode_only', 'abbreviated', 'lowercase_no_commas', 'no_town'] as const;
type Spelling = (typeof SPELLINGS)[number];

/** How each region writes an address, and the towns around it (real, outside the pack). */
const REGIONS: Record<RealPackKey, { order: 'street-first' | 'number-first'; state?: string; town?: string; country: string; foreign: string[] }> = {
  liechtenstein: {
    order: 'street-first',
    country: 'Liechtenstein',
    foreign: [
      '9470 Buchs SG',
      '9475 Sevelen',
      '9477 Trübbach',
      '7320 Sargans',
      '7304 Maienfeld',
      '9466 Sennwald',
      'CH-8001 Zürich',
      'A-6800 Feldkirch',
      '6830 Rankweil',
    ],
  },
  'west-village': {
    order: 'number-first',
    state: 'NY',
    town: 'New York',
    country: 'USA',
    foreign: ['Brooklyn, NY 11201', 'Jersey City, NJ 07302', 'Hoboken, NJ 07030', 'Yonkers, NY 10701', 'Philadelphia, PA 19103', 'New York, NJ 07302', 'Paris'],
  },
  copenhagen: {
    order: 'street-first',
    country: 'Danmark',
    foreign: ['2650 Hvidovre', '2820 Gentofte', '2900 Hellerup', '2605 Brøndby', '8000 Aarhus C', '211 20 Malmö', 'Oslo'],
  },
  helsinki: {
    order: 'street-first',
    country: 'Finland',
    foreign: ['02100 Espoo', '01300 Vantaa', '20100 Turku', '33100 Tampere', 'Tallinn', '111 20 Stockholm'],
  },
  vancouver: {
    order: 'number-first',
    state: 'BC',
    town: 'Vancouver',
    country: 'Canada',
    foreign: ['Coquitlam, BC V3K 1A1', 'Surrey, BC V3T 1V8', 'Langley, BC V3A 1A1', 'Victoria, BC V8W 1A1', 'Seattle, WA 98101', 'Toronto, ON M5V 2T6'],
  },
};

/** Abbreviations people type: German `Str.`, US `St`, `Ave`, `W`… */
const ABBREVIATIONS: ReadonlyArray<[RegExp, string]> = [
  [/strasse\b/giu, 'str.'],
  [/Straße\b/gu, 'Str.'],
  [/\bStreet\b/g, 'St'],
  [/\bAvenue\b/g, 'Ave'],
  [/\bPlace\b/g, 'Pl'],
  [/\bBoulevard\b/g, 'Blvd'],
  [/\bDrive\b/g, 'Dr'],
  [/\bRoad\b/g, 'Rd'],
  [/\bWest\b/g, 'W'],
  [/\bEast\b/g, 'E'],
  [/\bNorth\b/g, 'N'],
  [/\bSouth\b/g, 'S'],
];

/** Abbreviates types and, in names of three words or more, directions (`West Street` stays a name). */
function abbreviate(street: string): string {
  const long = street.trim().split(/\s+/).length >= 3;
  return ABBREVIATIONS.filter(([, short]) => long || short.length > 1).reduce((text, [pattern, short]) => text.replace(pattern, short), street);
}

const firstNumber = (a: AddressPoint): string => (a.housenumber.split(/[;,]/)[0] ?? a.housenumber).trim();
const townOf = (key: RealPackKey, a: AddressPoint): string => a.city ?? REGIONS[key].town ?? '';
/** A street's comparison key: folded, without spaces (`Hakaniemen torikatu` = `Hakaniementorikatu`). */
const streetKey = (street: string): string => normalizeStreet(street).replace(/ /g, '');
/** The integers an address's number carries (`36-40` → 36, 40; `#110 532` → 110, 532). */
const numbersOf = (a: AddressPoint): number[] => [...`${a.housenumber} ${a.streetNumber ?? ''}`.matchAll(/\d+/g)].map((m) => Number(m[0]));
/** The civic number: the last integer of the first listed piece (`#110 532` → 532, `33, Floor 1` → 33, `36-40` → 40, `12a` → 12). */
const civicNumber = (a: AddressPoint): number | undefined => [...firstNumber(a).matchAll(/\d+/g)].map((m) => Number(m[0])).at(-1);
/** Words a house number may carry besides digits and a letter or two. */
const NUMBER_WORDS = new Set(['rear', 'front', 'bis', 'ter', 'suite', 'unit', 'apt']);
/**
 * Whether an object is one an address query may be written from: the first
 * listed piece of its number holds a civic number (not a unit alone, `Suite
 * 110`, `Unit 5`) and no other words (`1295 Richards`); objects the data
 * writes otherwise are left out (a handful per region; the results count them).
 */
const writable = (a: AddressPoint): boolean => {
  const piece = firstNumber(a);
  const words = piece.match(/\p{L}{3,}/gu) ?? [];
  if (!/\d/.test(piece) || words.some((word) => !NUMBER_WORDS.has(word.toLowerCase()))) return false;
  return !/^(?:suite|unit|apt)\s*\S+$/i.test(piece);
};

function write(key: RealPackKey, a: AddressPoint, spelling: Spelling): string | null {
  const region = REGIONS[key];
  const street = spelling === 'abbreviated' ? abbreviate(a.street) : a.street;
  const number = firstNumber(a);
  const withTown = spelling !== 'postcode_only' && spelling !== 'no_town';
  const withPostcode = spelling === 'postcode_and_town' || spelling === 'postcode_only' || spelling === 'lowercase_no_commas';
  if (spelling === 'postcode_only' && a.postcode === undefined) return null;
  const town = withTown ? townOf(key, a) : '';
  const postcode = withPostcode ? (a.postcode ?? '') : '';
  let text: string;
  if (region.order === 'street-first') text = [`${street} ${number}`, [postcode, town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  else {
    const stateLine = spelling === 'no_town' ? '' : [region.state, postcode].filter(Boolean).join(' ');
    text = [`${number} ${street}`, town, stateLine].filter(Boolean).join(', ');
  }
  return spelling === 'lowercase_no_commas' ? text.toLowerCase().replace(/,/g, '') : text;
}

interface Figures {
  queries: number;
  within: number;
  ambiguous: number;
  notFound: number;
  p95ErrorMetres: number;
  misses: string[];
}

interface Pack {
  key: RealPackKey;
  name: string;
  data: RegionData;
  geocoder: Geocoder;
  buildMs: number;
}

function accuracy(pack: Pack): { figures: Record<Spelling, Figures>; texts: string[] } {
  // The objects of one civic address: the same street and civic number within 250 m.
  const byStreetNumber = new Map<string, AddressPoint[]>();
  for (const a of pack.data.addresses) {
    const k = `${streetKey(a.street)}|${civicNumber(a)}`;
    byStreetNumber.set(k, [...(byStreetNumber.get(k) ?? []), a]);
  }
  const objectsOf = (a: AddressPoint): AddressPoint[] =>
    (byStreetNumber.get(`${streetKey(a.street)}|${civicNumber(a)}`) ?? [a]).filter((other) => haversineMetres(other, a) <= 250);
  const texts: string[] = [];
  const figures = {} as Record<Spelling, Figures>;
  for (const spelling of SPELLINGS) {
    const f: Figures = { queries: 0, within: 0, ambiguous: 0, notFound: 0, p95ErrorMetres: 0, misses: [] };
    const errors: number[] = [];
    for (const a of pack.data.addresses) {
      if (!writable(a)) continue;
      if (spelling === 'no_town') {
        const same = byStreetNumber.get(`${streetKey(a.street)}|${civicNumber(a)}`) ?? [a];
        if (same.some((other) => haversineMetres(other, a) > 200)) continue;
      }
      const text = write(pack.key, a, spelling);
      if (text === null) continue;
      texts.push(text);
      f.queries += 1;
      const outcome = pack.geocoder.geocode(text);
      if (outcome.status !== 'matched') {
        if (outcome.status === 'ambiguous') f.ambiguous += 1;
        else f.notFound += 1;
        if (f.misses.length < 12) f.misses.push(`${text} → ${outcome.status}: ${outcome.reason}`);
        continue;
      }
      const error = Math.min(...objectsOf(a).map((other) => haversineMetres(outcome.match, other)));
      errors.push(error);
      if (error <= WITHIN_METRES) f.within += 1;
      else if (f.misses.length < 12) f.misses.push(`${text} → ${outcome.match.matchedAddress} ${error.toFixed(0)} m off`);
    }
    errors.sort((x, y) => x - y);
    f.p95ErrorMetres = round(percentile(errors, 95), 1);
    figures[spelling] = f;
  }
  return { figures, texts };
}

interface Suite {
  queries: number;
  falseMatches: number;
  examples: string[];
}

function suite(): Suite {
  return { queries: 0, falseMatches: 0, examples: [] };
}

/** Counts a false match: any match, or with `truth`, a match farther than 30 m from where the address really is. */
function expect400(packs: readonly Pack[], s: Suite, text: string, truth?: AddressPoint): void {
  s.queries += 1;
  const choice = chooseAmong(packs.map((p) => ({ region: p.name, outcome: p.geocoder.geocode(text) })));
  if (choice.status === 'matched' && (truth === undefined || haversineMetres(choice.match, truth) > WITHIN_METRES)) {
    s.falseMatches += 1;
    if (s.examples.length < 15) s.examples.push(`${text} → ${choice.match.matchedAddress} (${choice.match.precision})`);
  }
}

function writeWith(key: RealPackKey, street: string, number: string, town: string, postcode: string): string {
  const region = REGIONS[key];
  if (region.order === 'street-first') return [`${street} ${number}`, [postcode, town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [`${number} ${street}`, town, [region.state, postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

function foreignTowns(packs: readonly Pack[], pack: Pack, s: Suite): void {
  pack.data.addresses.forEach((a, index) => {
    if (index % 10 !== 0) return;
    for (const town of REGIONS[pack.key].foreign) {
      const region = REGIONS[pack.key];
      expect400(packs, s, region.order === 'street-first' ? `${a.street} ${firstNumber(a)}, ${town}` : `${firstNumber(a)} ${a.street}, ${town}`);
    }
  });
}

function neighbourPostcodes(packs: readonly Pack[], pack: Pack, s: Suite): void {
  const withPostcode = pack.data.addresses.filter((a) => a.postcode !== undefined && !a.postcode.includes(';') && writable(a));
  const compact = (postcode: string | undefined): string => (postcode ?? '').replace(/\s/g, '').toUpperCase();
  const exists = new Set(withPostcode.flatMap((a) => numbersOf(a).map((n) => `${streetKey(a.street)}|${n}|${compact(a.postcode)}`)));
  withPostcode.forEach((a, index) => {
    if (index % 10 !== 0) return;
    let nearest: AddressPoint | undefined;
    let best = Number.POSITIVE_INFINITY;
    for (const other of withPostcode) {
      if (compact(other.postcode) === compact(a.postcode)) continue;
      const d = Math.abs(other.lat - a.lat) + Math.abs(other.lng - a.lng);
      if (d < best) {
        best = d;
        nearest = other;
      }
    }
    const postcode = nearest?.postcode;
    if (postcode === undefined || exists.has(`${streetKey(a.street)}|${civicNumber(a)}|${compact(postcode)}`)) return;
    // An object with this number and that postcode nearby (its street written otherwise) may be what the query means.
    if (withPostcode.some((other) => compact(other.postcode) === compact(postcode) && civicNumber(other) === civicNumber(a) && haversineMetres(other, a) < 300))
      return;
    expect400(packs, s, writeWith(pack.key, a.street, firstNumber(a), townOf(pack.key, a), postcode));
  });
}

function pastRange(packs: readonly Pack[], pack: Pack, s: Suite): void {
  // Each street's numbers across the region (every town), and its mapped interpolation ways' spans.
  const streets = new Map<string, { sample: AddressPoint; numbers: Set<number>; max: number }>();
  for (const a of pack.data.addresses) {
    const numbers = numbersOf(a);
    if (numbers.length === 0 || !writable(a)) continue;
    const k = streetKey(a.street);
    const known = streets.get(k) ?? { sample: a, numbers: new Set<number>(), max: 0 };
    for (const n of numbers) known.numbers.add(n);
    known.max = Math.max(known.max, ...numbers);
    streets.set(k, known);
  }
  const interpolated = (street: string, n: number): boolean =>
    pack.data.interpolations.some((line) => streetKey(line.street) === street && line.numbers.some((x) => x !== null && x >= n));
  for (const [k, { sample, numbers, max }] of streets) {
    for (const number of new Set([max + 50, max + 100, max * 2])) {
      if (number <= max || numbers.has(number) || interpolated(k, number)) continue;
      expect400(packs, s, writeWith(pack.key, sample.street, String(number), townOf(pack.key, sample), sample.postcode ?? ''));
    }
  }
}

async function outsideCoverage(packs: readonly Pack[], pack: Pack, osmPath: string, s: Suite): Promise<void> {
  const collector = new OsmCollector();
  await readOsmFile(osmPath, (element) => collector.add(element));
  const coverage = pack.data.manifest.coverage;
  if (coverage === undefined) return;
  const boundary = coverage.areaId === undefined ? null : (pack.data.areas.find((area) => area.id === coverage.areaId) ?? null);
  const inside = coverageTest(coverage, boundary);
  const held = new Set(pack.data.addresses.flatMap((a) => numbersOf(a).map((n) => `${streetKey(a.street)}|${n}`)));
  const outside = collector.finish().addresses.filter((a) => writable(a) && !inside(a) && !held.has(`${streetKey(a.street)}|${civicNumber(a)}`));
  // The nearest first: those just across the edge.
  const [west, south, east, north] = coverage.bbox;
  const centre = { lat: (south + north) / 2, lng: (west + east) / 2 };
  outside.sort((a, b) => haversineMetres(a, centre) - haversineMetres(b, centre));
  for (const a of outside.slice(0, 300)) {
    const region = REGIONS[pack.key];
    const bare = region.order === 'street-first' ? `${a.street} ${firstNumber(a)}` : `${firstNumber(a)} ${a.street}`;
    // Found where it really is (an interpolation between the pack's own neighbours can be), it is no false match.
    expect400(packs, s, bare, a);
    expect400(packs, s, `${bare}, ${region.country}`, a);
  }
}

/** Other names a street is not: its type dropped or swapped, a direction added. */
function nearMissNames(name: string): string[] {
  const out: string[] = [];
  const typed = /^(.*\S)\s+(Street|Avenue|Place|Road|Lane|Drive)$/.exec(name);
  if (typed !== null) {
    out.push(typed[1] ?? '');
    out.push(`${typed[1]} ${typed[2] === 'Street' ? 'Avenue' : 'Street'}`);
    out.push(`${name} South`);
  }
  const compound = /^(\p{Lu}\p{Ll}{3,})(weg|strasse|gasse|gade|vej|katu|tie)$/u.exec(name);
  if (compound !== null) out.push(compound[1] ?? '');
  if (/(?:Street|Avenue)$/.test(name) && !/^(?:West|East|North|South)\b/.test(name)) out.push(`West ${name}`);
  return out.filter((variant) => variant !== '' && variant !== name);
}

function nearMisses(packs: readonly Pack[], pack: Pack, s: Suite): void {
  const names = new Set<string>();
  for (const a of pack.data.addresses) names.add(streetKey(a.street));
  for (const street of pack.data.streets) for (const n of [street.name, ...(street.altNames ?? [])]) names.add(streetKey(n));
  const done = new Set<string>();
  for (const a of pack.data.addresses) {
    if (done.has(a.street) || !/^\d+$/.test(firstNumber(a)) || !writable(a)) continue;
    done.add(a.street);
    for (const variant of nearMissNames(a.street)) {
      if (names.has(streetKey(variant))) continue;
      expect400(packs, s, writeWith(pack.key, variant, firstNumber(a), townOf(pack.key, a), a.postcode ?? ''));
    }
  }
}

/**
 * Times each lookup by the wall clock and by the process's CPU time
 * (`process.cpuUsage`, microseconds): on a shared machine the wall clock of
 * a 50 µs lookup includes whole time slices given to other processes, which
 * the CPU time leaves out.
 */
function timeLookups(geocoder: Geocoder, texts: readonly string[]): Record<'p50' | 'p99' | 'cpuP50' | 'cpuP99' | 'parseP99' | 'parseCpuP99', number> {
  const wall: number[] = [];
  const cpu: number[] = [];
  const parseWall: number[] = [];
  const parseCpu: number[] = [];
  let sink = 0;
  const time = (work: () => number, walls: number[], cpus: number[]): void => {
    const startedCpu = process.cpuUsage();
    const started = performance.now();
    sink += work();
    walls.push(performance.now() - started);
    const used = process.cpuUsage(startedCpu);
    cpus.push((used.user + used.system) / 1_000);
  };
  for (const text of texts) {
    time(() => geocoder.geocode(text).status.length, wall, cpu);
    time(() => Object.keys(parseAddress(text)).length, parseWall, parseCpu);
  }
  if (sink < 0) console.log(sink);
  const p = (values: number[], q: number): number =>
    round(
      percentile(
        [...values].sort((a, b) => a - b),
        q,
      ),
      4,
    );
  return { p50: p(wall, 50), p99: p(wall, 99), cpuP50: p(cpu, 50), cpuP99: p(cpu, 99), parseP99: p(parseWall, 99), parseCpuP99: p(parseCpu, 99) };
}

/** Our reading against pelias-parser's, on a sample of each spelling, through the same lookup. */
function parserComparison(pack: Pack, parse: (text: string) => ParsedAddress): Record<string, number> {
  const objects = pack.data.addresses;
  const step = Math.max(1, Math.floor(objects.length / PELIAS_SAMPLE));
  let ours = 0;
  let theirs = 0;
  let queries = 0;
  let oursMs = 0;
  let theirsMs = 0;
  for (let index = 0; index < objects.length; index += step) {
    const a = objects[index] as AddressPoint;
    for (const spelling of SPELLINGS) {
      const text = write(pack.key, a, spelling);
      if (text === null) continue;
      queries += 1;
      let started = performance.now();
      const own = pack.geocoder.geocode(text);
      oursMs += performance.now() - started;
      started = performance.now();
      const other = pack.geocoder.locate?.(parse(text)) ?? { status: 'not_found' as const };
      theirsMs += performance.now() - started;
      if (own.status === 'matched' && haversineMetres(own.match, a) <= WITHIN_METRES) ours += 1;
      if (other.status === 'matched' && haversineMetres(other.match, a) <= WITHIN_METRES) theirs += 1;
    }
  }
  return {
    queries,
    oursWithin: round(ours / queries, 4),
    peliasWithin: round(theirs / queries, 4),
    oursMeanMs: round(oursMs / queries, 4),
    peliasMeanMs: round(theirsMs / queries, 4),
  };
}

/** pelias-parser's classification as our parts. */
function peliasReader(): (text: string) => ParsedAddress {
  const require = createRequire(import.meta.url);
  const AddressParser = require('pelias-parser/parser/AddressParser') as new () => {
    classify(tokenizer: unknown): void;
    solve(tokenizer: unknown): void;
  };
  const Tokenizer = require('pelias-parser/tokenization/Tokenizer') as new (
    text: string,
  ) => { solution: Array<{ pair: Array<{ span: { body: string }; classification: { label: string } }> }> };
  const parser = new AddressParser();
  return (text) => {
    const tokenizer = new Tokenizer(text);
    parser.classify(tokenizer);
    parser.solve(tokenizer);
    const best = tokenizer.solution[0];
    const parsed: Record<string, string> = {};
    for (const { span, classification } of best?.pair ?? []) parsed[classification.label] = span.body;
    const out: ParsedAddress = {};
    if (parsed.housenumber !== undefined) out.housenumber = parsed.housenumber;
    if (parsed.street !== undefined) out.street = parsed.street;
    if (parsed.unit !== undefined) out.unit = parsed.unit;
    if (parsed.locality !== undefined) out.city = parsed.locality;
    if (parsed.postcode !== undefined) out.postcode = parsed.postcode;
    if (parsed.region !== undefined && /^[A-Za-z]{2}$/.test(parsed.region)) out.region = parsed.region.toUpperCase();
    return out;
  };
}

/** The machine's 1-minute load average, recorded beside each region's times. */
function machineLoad(): number {
  return round(loadavg()[0] ?? 0, 1);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const OSM_FILES: Record<RealPackKey, string> = {
  liechtenstein: 'liechtenstein/liechtenstein.osm.pbf',
  'west-village': 'nyc-west-village/nyc-west-village.osm.pbf',
  copenhagen: 'copenhagen/kbh.osm.pbf',
  helsinki: 'helsinki/helsinki-centre.osm.pbf',
  vancouver: 'vancouver/vancouver_canada.osm.pbf',
};

async function main(): Promise<void> {
  const given = process.argv.indexOf('--packs');
  const work = given > 0 ? (process.argv[given + 1] ?? '') : mkdtempSync(join(tmpdir(), 'locscore-bench-geo-'));
  mkdirSync(work, { recursive: true });
  try {
    const packs: Pack[] = [];
    for (const key of REAL_PACKS) {
      const dir = join(work, key);
      const name = existsSync(dir) ? (await loadRegion(dir)).manifest.name : (await importRealPack(key, work)).name;
      const data = await loadRegion(dir);
      const started = performance.now();
      const geocoder = createGeocoder(data);
      packs.push({ key, name, data, geocoder, buildMs: Math.round(performance.now() - started) });
    }
    const pelias = peliasReader();
    const regions: Record<string, unknown> = {};
    const suites = { foreignTown: suite(), neighbourPostcode: suite(), pastRange: suite(), outsideCoverage: suite(), nearMissName: suite() };
    for (const pack of packs) {
      const { figures, texts } = accuracy(pack);
      const timed = texts.filter((_, index) => index % Math.max(1, Math.ceil(texts.length / TIMED_LOOKUPS)) === 0);
      const runs = Array.from({ length: RUNS }, () => timeLookups(pack.geocoder, timed));
      foreignTowns(packs, pack, suites.foreignTown);
      neighbourPostcodes(packs, pack, suites.neighbourPostcode);
      pastRange(packs, pack, suites.pastRange);
      nearMisses(packs, pack, suites.nearMissName);
      regions[pack.key] = {
        addresses: pack.data.addresses.length,
        notWritable: pack.data.addresses.filter((a) => !writable(a)).length,
        geocoderBuildMs: pack.buildMs,
        accuracy: Object.fromEntries(
          Object.entries(figures).map(([spelling, f]) => [spelling, { ...f, shareWithin: round(f.within / Math.max(1, f.queries), 4) }]),
        ),
        speed: {
          lookups: timed.length,
          medianP50Ms: median(runs.map((run) => run.p50)),
          medianP99Ms: median(runs.map((run) => run.p99)),
          medianCpuP50Ms: median(runs.map((run) => run.cpuP50)),
          medianCpuP99Ms: median(runs.map((run) => run.cpuP99)),
          medianParseP99Ms: median(runs.map((run) => run.parseP99)),
          medianParseCpuP99Ms: median(runs.map((run) => run.parseCpuP99)),
          p99RatioToParse: round(median(runs.map((run) => run.p99 / run.parseP99)), 2),
          loadAverage: machineLoad(),
        },
        parser: parserComparison(pack, pelias),
      };
      const line = Object.entries(figures)
        .map(
          ([spelling, f]) =>
            `  ${spelling}: ${((f.within / Math.max(1, f.queries)) * 100).toFixed(2)} % of ${f.queries} (ambiguous ${f.ambiguous}, not found ${f.notFound})`,
        )
        .join('\n');
      const speed = (regions[pack.key] as { speed: Record<string, number> }).speed;
      console.log(
        `${pack.name}\n${line}\n  lookup p50 ${speed.medianP50Ms} ms, p99 ${speed.medianP99Ms} ms wall, ${speed.medianCpuP99Ms} ms CPU (parse alone p99 ${speed.medianParseP99Ms} ms)`,
      );
    }
    for (const pack of packs) await outsideCoverage(packs, pack, join(SHARED_DATA, OSM_FILES[pack.key]), suites.outsideCoverage);
    const result = {
      benchmark: 'geocoder-accuracy',
      description:
        'Every address point of the five real packs in six spellings; false-match suites (foreign town, neighbouring postcode, numbers past the mapped range, addresses outside the coverage, near-miss street names) with all packs loaded; in-process lookup time against parseAddress alone; pelias-parser against our reading on a sample',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      targets: { withinMetres: WITHIN_METRES, shareWithin: 0.995, falseMatches: 0, p99Ms: 1 },
      regions,
      falseMatchSuites: suites,
    };
    writeResult('geocoder-accuracy', result);
    for (const [name, s] of Object.entries(suites))
      console.log(`${name}: ${s.falseMatches} false matches of ${s.queries}${s.examples.length > 0 ? `\n  ${s.examples.join('\n  ')}` : ''}`);
  } finally {
    if (given < 0) rmSync(work, { recursive: true, force: true });
  }
}

const SHARED_DATA = join(REPO_ROOT, '..', 'shared', 'data');

await main();
