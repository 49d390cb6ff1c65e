import { createHash } from 'node:crypto';
import { AddressAmbiguousError, AddressNotFoundError, PACK_FORMAT_VERSION, type RegionManifest, type ScoringEngine } from '@locscore/engine';
import { PASS_THRESHOLD, roundScore, type ScoreResult, storyFor } from '@locscore/schema';

/** A manifest for the fake region (only `regions.length` matters to the server). */
export const FAKE_MANIFEST: RegionManifest = {
  formatVersion: PACK_FORMAT_VERSION,
  name: 'Fake Town',
  sample: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  bbox: [9.4, 47.0, 9.7, 47.3],
  counts: { addresses: 1, streets: 1, stations: 1, busStops: 0, pois: 0, roads: 0, census: 0 },
  sources: [],
  attribution: 'fake data for server tests',
};

/** Address that the fake engine cannot locate. */
export const UNKNOWN_ADDRESS = '1 Nowhere Lane';
/** Address that the fake engine finds in two towns (AddressAmbiguousError). */
export const AMBIGUOUS_ADDRESS = 'Landstrasse 92';
/** The two places of {@link AMBIGUOUS_ADDRESS}. */
export const AMBIGUOUS_CANDIDATES = [
  { matchedAddress: 'Landstrasse 92, 9490 Vaduz', lat: 47.14974, lng: 9.51224, region: 'Fake Town', precision: 'address_point' as const },
  { matchedAddress: 'Landstrasse 92, 9491 Ruggell', lat: 47.23682, lng: 9.52027, region: 'Fake Town', precision: 'address_point' as const },
];
/** Address on which the fake engine always faults (not AddressNotFoundError). */
export const FAULTY_ADDRESS = '13 Faulty Road';

/**
 * A deterministic engine: the score is derived from a hash of the address and
 * category; {@link UNKNOWN_ADDRESS} rejects with AddressNotFoundError.
 */
export function fakeEngine(): ScoringEngine & { calls: number } {
  const engine = {
    calls: 0,
    regions: [FAKE_MANIFEST],
    async score({ address, category }: { address: string; category: string }): Promise<ScoreResult> {
      engine.calls += 1;
      if (address === UNKNOWN_ADDRESS) throw new AddressNotFoundError(address, 'no street named "Nowhere Lane"');
      if (address === AMBIGUOUS_ADDRESS)
        throw new AddressAmbiguousError(address, '"Landstrasse 92" is in 2 places; add the municipality or postcode', AMBIGUOUS_CANDIDATES);
      if (address === FAULTY_ADDRESS) throw new Error('index corrupted');
      const digest = createHash('sha256').update(`${address}|${category}`).digest();
      const score = roundScore((digest[0] ?? 0) / 25.5);
      return {
        score,
        passed: score >= PASS_THRESHOLD,
        breakdown: { transit: score, competitor: score, marketFit: score },
        story: storyFor(score),
        insights: [
          { headline: 'Fake insight', detail: `Scored ${address} for ${category}.` },
          { headline: 'Another', detail: 'Deterministic fake engine.' },
        ],
        competitors: [],
        coordinates: { lat: 47.14, lng: 9.52 },
        nearestStation: null,
        transitDistanceMetres: null,
        avgCompetitorRating: null,
        competitorCount: 0,
        meta: { matchedAddress: address, geocodePrecision: 'address_point', modelVersion: 'fake-1' },
      };
    },
  };
  return engine;
}

/** An engine whose every score rejects with a fault (not AddressNotFoundError). */
export function failingEngine(): ScoringEngine {
  return {
    regions: [FAKE_MANIFEST],
    score: () => Promise.reject(new Error('disk on fire')),
  };
}
