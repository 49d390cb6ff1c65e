/**
 * What the engine answers over a real pack, for the pack golden test
 * (`pack-golden.test.ts`): a fixed sample of the pack's own address points
 * and streets, written as a person would type them, and per query the
 * geocode (matched address, precision, coordinates) and the score. Any change
 * to the importer or the pack layout must leave these answers equal.
 */
import type { Category, ScoreResult } from '@locscore/schema';
import type { RegionData } from '../src/region/types.js';
import type { ScoringEngine } from '../src/scoring-engine.js';

/** How a region writes a civic address: `Städtle 38, 9490 Vaduz` or `55 Perry Street, New York`. */
export type AddressStyle = 'number-after' | 'number-first';

/** The engine's answer to one query, or the name of the error it threw. */
export interface GoldenAnswer {
  query: string;
  category: Category;
  /** The score result without its provenance fields (see `stable`); absent when the engine threw. */
  result?: unknown;
  /** The error's class name when the engine threw (e.g. `AddressNotFoundError`). */
  error?: string;
}

/** Queries per sample kind: address points and streets. */
export const GOLDEN_SAMPLE_SIZE = 24;

/** Categories scored for each query: the first every time, the second every fourth query. */
export const GOLDEN_CATEGORIES: readonly [Category, Category] = ['coffee', 'gym-fitness'];

/** `n` items spread evenly over a list sorted by `key` (stable whatever order the importer wrote them in). */
function spread<T>(items: readonly T[], key: (item: T) => string, n: number): T[] {
  const sorted = [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  if (sorted.length <= n) return sorted;
  const step = sorted.length / n;
  return Array.from({ length: n }, (_, i) => sorted[Math.floor(i * step)] as T);
}

/**
 * The golden queries of a region: {@link GOLDEN_SAMPLE_SIZE} of its address
 * points (house number, street, postcode, city) and as many of its streets
 * named with their town and no house number.
 *
 * @param region - a loaded pack
 * @param style - where the house number goes
 */
export function goldenQueries(region: RegionData, style: AddressStyle): string[] {
  const addresses = spread(
    region.addresses.filter((a) => a.osmId !== undefined),
    (a) => a.osmId ?? '',
    GOLDEN_SAMPLE_SIZE,
  );
  // Distinct name and town pairs, so how the importer splits a name into streets does not move the sample.
  const named = new Map(region.streets.map((s) => [`${s.name}\u0000${s.city ?? ''}`, s]));
  const streets = spread([...named.values()], (s) => `${s.name}\u0000${s.city ?? ''}`, GOLDEN_SAMPLE_SIZE);
  const place = (postcode: string | undefined, city: string | undefined): string =>
    [postcode, city].filter((part) => part !== undefined && part !== '').join(' ');
  const queries = addresses.map((a) => {
    const line = style === 'number-after' ? `${a.street} ${a.housenumber}` : `${a.housenumber} ${a.street}`;
    const where = place(a.postcode, a.city);
    return where === '' ? line : `${line}, ${where}`;
  });
  for (const street of streets) queries.push(street.city === undefined ? street.name : `${street.name}, ${street.city}`);
  return queries;
}

/** Rounds every number of a JSON value to 6 decimals, so float noise below a micro-degree does not count. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e6) / 1e6;
  if (Array.isArray(value)) return value.map(rounded);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)]));
  }
  return value;
}

/**
 * A score result without what differs between two imports of the same data:
 * the pack's provenance (`meta.sources`, `meta.region`: build date, digests)
 * and the request id.
 */
function stable(result: ScoreResult): unknown {
  const copy = JSON.parse(JSON.stringify(result)) as Record<string, unknown> & { meta?: Record<string, unknown> };
  if (copy.meta !== undefined) {
    delete copy.meta.requestId;
    delete copy.meta.sources;
    delete copy.meta.region;
  }
  return rounded(copy);
}

/**
 * Scores every query with the engine, in order.
 *
 * @param engine - an engine over the pack the queries came from
 * @param queries - from {@link goldenQueries}
 */
export async function goldenAnswers(engine: ScoringEngine, queries: readonly string[]): Promise<GoldenAnswer[]> {
  const answers: GoldenAnswer[] = [];
  for (const [index, query] of queries.entries()) {
    const categories = index % 4 === 0 ? GOLDEN_CATEGORIES : [GOLDEN_CATEGORIES[0]];
    for (const category of categories) {
      try {
        answers.push({ query, category, result: stable(await engine.score({ address: query, category })) });
      } catch (error) {
        answers.push({ query, category, error: error instanceof Error ? error.constructor.name : String(error) });
      }
    }
  }
  return answers;
}
