/**
 * Benchmark: geocoding accuracy, false matches and lookup time on the real
 * extracts.
 *
 * 1. Accuracy: every address point of the Liechtenstein pack (cut to its
 *    boundary) and of the NYC West Village pack (cut to the box its header
 *    declares) is written in four spellings: with postcode and town; town
 *    only; abbreviated street type and directions (`Str.`, `St`, `W`); no town
 *    (only for addresses whose street and number exist in one municipality
 *    only). Each is geocoded by that pack's geocoder. Reported per spelling:
 *    the share matched within 30 m of the OSM point it was written from, the
 *    share within 30 m of that point or of another object carrying the same
 *    address (a node and its building are one address: the geocoder answers
 *    one of them), p50/p95 error of the matches, shares ambiguous and not found.
 * 2. False matches: a sample of addresses (every 10th) with the town and
 *    postcode replaced by a real neighbouring foreign one (Swiss and Austrian
 *    towns around Liechtenstein; Brooklyn, Jersey City, Hoboken and other
 *    states for New York), geocoded with both packs loaded
 *    (`chooseAmong`). Any `matched` answer is a false match (target 0).
 * 3. Speed: p50/p99 of one in-process lookup over all Liechtenstein
 *    spellings, 3 runs; baseline in the same run: `parseAddress` alone on the
 *    same strings (the floor of any lookup). Target p99 < 1 ms.
 *
 * Run: `npx tsx bench/geocoder-accuracy.ts` (with the `@locscore/source`
 * condition, as `pnpm bench` does). Writes `bench/results/geocoder-accuracy.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressPoint, GeocodeOutcome, Geocoder, RegionData } from '../packages/engine/src/index.js';
import { chooseAmong, createGeocoder, haversineMetres, importRegion, loadRegion, normalizeStreet, parseAddress } from '../packages/engine/src/index.js';
import { machineInfo, writeResult } from './support/machine.js';
import { median, percentile } from './support/stats.js';

const DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const WITHIN_METRES = 30;
const RUNS = 3;

type Style = 'european' | 'us';
type Spelling = 'postcode_and_town' | 'town_only' | 'abbreviated' | 'no_town';

/** Abbreviations people type: German `Str.`, US `St`, `Ave`, `W`… */
const ABBREVIATIONS: ReadonlyArray<[RegExp, string]> = [
  [/strasse\b/giu, 'str.'],
  [/Straße\b/gu, 'Str.'],
  [/\bStreet\b/g, 'St'],
  [/\bAvenue\b/g, 'Ave'],
  [/\bPlace\b/g, 'Pl'],
  [/\bBoulevard\b/g, 'Blvd'],
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

/**
 * The address as a user types it: the data's spelling, the first of several
 * listed numbers (`36;38` → `36`), and the town the data gives (else, in New
 * York where most objects carry no addr:city, `New York`).
 */
function write(a: AddressPoint, style: Style, spelling: Spelling): string {
  const street = spelling === 'abbreviated' ? abbreviate(a.street) : a.street;
  const number = a.housenumber.split(/[;,]/)[0]?.trim() ?? a.housenumber;
  const town = spelling === 'no_town' ? '' : (a.city ?? (style === 'us' ? 'New York' : ''));
  const postcode = spelling === 'postcode_and_town' ? (a.postcode ?? '') : '';
  if (style === 'european') return [`${street} ${number}`, [postcode, town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const region = spelling === 'no_town' ? '' : ['NY', postcode].filter(Boolean).join(' ');
  return [`${number} ${street}`, town, region].filter(Boolean).join(', ');
}

/** Key of one civic address: folded street and number. */
const addressKey = (a: AddressPoint): string => `${normalizeStreet(a.street)}|${(a.housenumber.split(/[;,]/)[0] ?? '').trim().toLowerCase()}`;

interface SpellingFigures {
  queries: number;
  withinOfPoint: number;
  withinOfAddress: number;
  p50ErrorMetres: number;
  p95ErrorMetres: number;
  ambiguous: number;
  notFound: number;
  misses: string[];
}

function accuracy(region: RegionData, geocoder: Geocoder, style: Style): Record<Spelling, SpellingFigures> {
  const sameAddress = new Map<string, AddressPoint[]>();
  for (const a of region.addresses) sameAddress.set(addressKey(a), [...(sameAddress.get(addressKey(a)) ?? []), a]);
  const out = {} as Record<Spelling, SpellingFigures>;
  for (const spelling of ['postcode_and_town', 'town_only', 'abbreviated', 'no_town'] as const) {
    const errors: number[] = [];
    let queries = 0;
    let ofPoint = 0;
    let ofAddress = 0;
    let ambiguous = 0;
    let notFound = 0;
    const misses: string[] = [];
    for (const a of region.addresses) {
      const same = sameAddress.get(addressKey(a)) ?? [a];
      if (spelling === 'no_town') {
        // Unique in the region: every object with this street and number is within 200 m of this one.
        if (same.some((other) => haversineMetres(other, a) > 200)) continue;
      }
      const text = write(a, style, spelling);
      queries += 1;
      const outcome = geocoder.geocode(text);
      if (outcome.status !== 'matched') {
        if (outcome.status === 'ambiguous') ambiguous += 1;
        else notFound += 1;
        if (misses.length < 15) misses.push(`${text} → ${outcome.status}: ${outcome.reason}`);
        continue;
      }
      const error = haversineMetres(outcome.match, a);
      errors.push(error);
      if (error <= WITHIN_METRES) ofPoint += 1;
      const nearSame = same.filter((other) => haversineMetres(other, a) <= 200).some((other) => haversineMetres(outcome.match, other) <= WITHIN_METRES);
      if (error <= WITHIN_METRES || nearSame) ofAddress += 1;
      else if (misses.length < 15) misses.push(`${text} → ${outcome.match.matchedAddress} ${error.toFixed(0)} m off`);
    }
    errors.sort((x, y) => x - y);
    out[spelling] = {
      queries,
      withinOfPoint: round(ofPoint / queries, 4),
      withinOfAddress: round(ofAddress / queries, 4),
      p50ErrorMetres: round(percentile(errors, 50), 1),
      p95ErrorMetres: round(percentile(errors, 95), 1),
      ambiguous: round(ambiguous / queries, 4),
      notFound: round(notFound / queries, 4),
      misses,
    };
  }
  return out;
}

/** Real towns around each region, with their postcode and state or country as people write them. */
const FOREIGN_TOWNS: Record<'liechtenstein' | 'nyc', string[]> = {
  liechtenstein: [
    '9470 Buchs SG',
    '9475 Sevelen',
    '9477 Trübbach',
    '7320 Sargans',
    '7304 Maienfeld',
    '9450 Altstätten',
    '9466 Sennwald',
    'CH-8001 Zürich',
    'A-6800 Feldkirch',
    '6700 Bludenz',
    '6830 Rankweil',
    '6820 Frastanz',
  ],
  nyc: [
    'Brooklyn, NY 11201',
    'Jersey City, NJ 07302',
    'Hoboken, NJ 07030',
    'Newark, NJ 07102',
    'Yonkers, NY 10701',
    'Springfield, IL 62701',
    'Philadelphia, PA 19103',
    'Boston, MA 02108',
    'New York, NJ 07302',
    'Paris',
  ],
};

function falseMatches(regions: Array<{ name: string; data: RegionData; geocoder: Geocoder; style: Style; towns: string[] }>): {
  queries: number;
  falseMatches: number;
  examples: string[];
  ambiguous: number;
} {
  let queries = 0;
  let matched = 0;
  let ambiguous = 0;
  const examples: string[] = [];
  for (const region of regions) {
    region.data.addresses.forEach((a, index) => {
      if (index % 10 !== 0) return;
      for (const town of region.towns) {
        const number = a.housenumber.split(/[;,]/)[0]?.trim() ?? a.housenumber;
        const text = region.style === 'european' ? `${a.street} ${number}, ${town}` : `${number} ${a.street}, ${town}`;
        queries += 1;
        const choice = chooseAmong(regions.map((r) => ({ region: r.name, outcome: r.geocoder.geocode(text) })));
        if (choice.status === 'matched') {
          matched += 1;
          if (examples.length < 20) examples.push(`${text} → ${choice.match.matchedAddress}`);
        } else if (choice.status === 'ambiguous') ambiguous += 1;
      }
    });
  }
  return { queries, falseMatches: matched, examples, ambiguous };
}

function timeLookups(geocoder: Geocoder, texts: readonly string[]): { geocodeP50Ms: number; geocodeP99Ms: number; parseP50Ms: number; parseP99Ms: number } {
  const geocode: number[] = [];
  const parse: number[] = [];
  let sink = 0;
  for (const text of texts) {
    let started = performance.now();
    const outcome: GeocodeOutcome = geocoder.geocode(text);
    geocode.push(performance.now() - started);
    started = performance.now();
    sink += Object.keys(parseAddress(text)).length;
    parse.push(performance.now() - started);
    if (outcome.status === 'matched') sink += 1;
  }
  if (sink < 0) console.log(sink);
  geocode.sort((a, b) => a - b);
  parse.sort((a, b) => a - b);
  return {
    geocodeP50Ms: round(percentile(geocode, 50), 4),
    geocodeP99Ms: round(percentile(geocode, 99), 4),
    parseP50Ms: round(percentile(parse, 50), 4),
    parseP99Ms: round(percentile(parse, 99), 4),
  };
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-geo-'));
  try {
    const li = await loadRegion(
      (await importRegion({ osm: join(DATA, 'liechtenstein/liechtenstein.osm.pbf'), boundary: 'Liechtenstein', name: 'Liechtenstein', out: join(work, 'li') }))
        .outDir,
    );
    const nyc = await loadRegion(
      (await importRegion({ osm: join(DATA, 'nyc-west-village/nyc-west-village.osm.pbf'), name: 'NYC West Village', out: join(work, 'nyc') })).outDir,
    );
    let started = performance.now();
    const liGeocoder = createGeocoder(li);
    const liBuildMs = performance.now() - started;
    started = performance.now();
    const nycGeocoder = createGeocoder(nyc);
    const nycBuildMs = performance.now() - started;

    const liAccuracy = accuracy(li, liGeocoder, 'european');
    const nycAccuracy = accuracy(nyc, nycGeocoder, 'us');
    const suite = falseMatches([
      { name: 'Liechtenstein', data: li, geocoder: liGeocoder, style: 'european', towns: FOREIGN_TOWNS.liechtenstein },
      { name: 'NYC West Village', data: nyc, geocoder: nycGeocoder, style: 'us', towns: FOREIGN_TOWNS.nyc },
    ]);

    const texts = (['postcode_and_town', 'town_only', 'abbreviated', 'no_town'] as const).flatMap((spelling) =>
      li.addresses.map((a) => write(a, 'european', spelling)),
    );
    const runs = Array.from({ length: RUNS }, () => timeLookups(liGeocoder, texts));
    const speed = {
      lookups: texts.length,
      runs,
      medianGeocodeP50Ms: median(runs.map((run) => run.geocodeP50Ms)),
      medianGeocodeP99Ms: median(runs.map((run) => run.geocodeP99Ms)),
      medianParseP99Ms: median(runs.map((run) => run.parseP99Ms)),
      p99RatioToParse: round(median(runs.map((run) => run.geocodeP99Ms / run.parseP99Ms)), 2),
      targetP99Ms: 1,
    };

    const result = {
      benchmark: 'geocoder-accuracy',
      description:
        'Every address point of the Liechtenstein (boundary) and NYC West Village (declared box) packs geocoded in four spellings; a false-match suite with real neighbouring foreign towns; in-process lookup time on Liechtenstein against parseAddress alone',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      targets: { withinMetres: WITHIN_METRES, shareWithin: 0.99, falseMatches: 0, p99Ms: 1 },
      liechtenstein: { addresses: li.addresses.length, geocoderBuildMs: Math.round(liBuildMs), accuracy: liAccuracy },
      nyc: { addresses: nyc.addresses.length, geocoderBuildMs: Math.round(nycBuildMs), accuracy: nycAccuracy },
      falseMatchSuite: suite,
      speed,
    };
    writeResult('geocoder-accuracy', result);
    const line = (name: string, figures: Record<Spelling, SpellingFigures>): string =>
      Object.entries(figures)
        .map(
          ([spelling, f]) =>
            `${name} ${spelling}: ${(f.withinOfPoint * 100).toFixed(2)} % within ${WITHIN_METRES} m of the point, ${(f.withinOfAddress * 100).toFixed(2)} % of the address, p95 ${f.p95ErrorMetres} m, ambiguous ${(f.ambiguous * 100).toFixed(2)} %, not found ${(f.notFound * 100).toFixed(2)} % (${f.queries})`,
        )
        .join('\n');
    console.log(line('Liechtenstein', liAccuracy));
    console.log(line('NYC', nycAccuracy));
    console.log(`false matches: ${suite.falseMatches} of ${suite.queries}`);
    console.log(`lookup p50 ${speed.medianGeocodeP50Ms} ms, p99 ${speed.medianGeocodeP99Ms} ms (parse alone p99 ${speed.medianParseP99Ms} ms)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
