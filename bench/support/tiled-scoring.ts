/**
 * What a tiled country's pack answers, in-process: whether civic addresses
 * typed with a copy's own town and postcode are found in that copy, and the
 * latency of `engine.score` over them. Takes the engine's public API only, so
 * it measures a pack of any format the engine loads.
 */
import type { Category } from '../../packages/schema/src/index.js';
import { type LatencySummary, summariseLatencies } from './stats.js';
import { copyAt } from './tiled-country.js';

/** An address point of the pack, as the engine's `RegionData.addresses` holds it. */
export interface TiledAddress {
  lat: number;
  lng: number;
  street: string;
  housenumber: string;
  postcode?: string;
  city?: string;
}

/** The engine calls used here. */
export interface TiledEngine {
  score(input: { address: string; category: Category }): Promise<{ score: number }>;
  warm?(): Promise<number>;
}

/** A geocoder's answer, reduced to what is checked. */
export type GeocodeOf = (address: string) => { lat: number; lng: number } | null;

/** Result of {@link checkOwnCopy}. */
export interface OwnCopyCheck {
  sampled: number;
  /** Matched to a point in the copy whose town and postcode the string names. */
  inOwnCopy: number;
  /** Matched to a point of another copy. */
  inOtherCopy: number;
  /** Not matched (not found or ambiguous). */
  unmatched: number;
  share: number;
  /** Up to five strings that were not found in their copy. */
  examples: string[];
}

/**
 * `count` address points spread evenly over the pack (every n-th), with a
 * town and a plain house number, as typed strings `<street> <number>,
 * <postcode> <town>` with the copy they lie in.
 *
 * @param addresses - the pack's address points
 * @param copies - copies in the tiled file
 * @param count - how many
 */
export function sampleAddresses(addresses: readonly TiledAddress[], copies: number, count: number): Array<{ text: string; copy: number }> {
  const usable = addresses.filter((a) => a.city !== undefined && /^\d+[a-z]?$/i.test(a.housenumber));
  const step = Math.max(1, Math.floor(usable.length / count));
  const sample: Array<{ text: string; copy: number }> = [];
  for (let i = 0; i < usable.length && sample.length < count; i += step) {
    const a = usable[i] as TiledAddress;
    sample.push({ text: `${a.street} ${a.housenumber}, ${a.postcode ?? ''} ${a.city ?? ''}`.replace(/\s+/g, ' '), copy: copyAt(a.lng, a.lat, copies) });
  }
  return sample;
}

/**
 * Geocodes each sampled string and counts those found in their own copy.
 *
 * @param sample - from {@link sampleAddresses}
 * @param geocode - the region's geocoder
 * @param copies - copies in the tiled file
 */
export function checkOwnCopy(sample: ReadonlyArray<{ text: string; copy: number }>, geocode: GeocodeOf, copies: number): OwnCopyCheck {
  let inOwnCopy = 0;
  let inOtherCopy = 0;
  const examples: string[] = [];
  for (const { text, copy } of sample) {
    const point = geocode(text);
    if (point !== null && copyAt(point.lng, point.lat, copies) === copy) inOwnCopy++;
    else {
      if (point !== null) inOtherCopy++;
      if (examples.length < 5) examples.push(text);
    }
  }
  const sampled = sample.length;
  return { sampled, inOwnCopy, inOtherCopy, unmatched: sampled - inOwnCopy - inOtherCopy, share: sampled === 0 ? 0 : inOwnCopy / sampled, examples };
}

/**
 * `engine.score` latency over `requests` inputs after `warmup` others
 * (categories in turn), once the engine's tables are warm: wall time, and
 * the process's CPU time per call, which the shared machine's load does not
 * stretch.
 *
 * @param engine - the engine over the pack
 * @param texts - address strings the engine locates, at least `requests + warmup`
 * @param categories - the categories to rotate through
 */
export async function scoreLatency(
  engine: TiledEngine,
  texts: readonly string[],
  categories: readonly Category[],
  requests: number,
  warmup: number,
): Promise<{ wall: LatencySummary; cpu: LatencySummary }> {
  await engine.warm?.();
  const inputs = texts.map((address, i) => ({ address, category: categories[i % categories.length] as Category }));
  for (const input of inputs.slice(requests, requests + warmup)) await engine.score(input);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const input of inputs.slice(0, requests)) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await engine.score(input);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: summariseLatencies(wall), cpu: summariseLatencies(cpu) };
}
