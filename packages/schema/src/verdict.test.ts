import { describe, expect, it } from 'vitest';
import { ScoreResult } from './score-result.js';
import { comparisonCaveat, describeFailingFact, formatDistance, readVerdict, verdictLine } from './verdict.js';

const base = ScoreResult.parse({
  score: 8.6,
  passed: true,
  breakdown: { transit: 9, competitor: 8, marketFit: 8.8 },
  story: 'Prime Location',
  insights: [
    { headline: 'A', detail: 'a' },
    { headline: 'B', detail: 'b' },
  ],
  competitors: [],
  coordinates: { lat: 47.1, lng: 9.5 },
  nearestStation: null,
  transitDistanceMetres: null,
  avgCompetitorRating: null,
  competitorCount: 0,
  meta: { confidence: { level: 'high', reasons: ['Well mapped.'] }, region: { name: 'Liechtenstein', sample: false, attribution: 'OSM' } },
});
const unit = {
  unitId: '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d',
  name: 'Maple North',
  status: 'open' as const,
  distanceMetres: 120,
  territoryType: 'radius' as const,
};

describe('readVerdict', () => {
  it('passes what the result passed, and names no failing fact', () => {
    const verdict = readVerdict(base);
    expect(verdict).toMatchObject({ passed: true, story: 'Prime Location', failing: [], confidence: 'high', region: 'Liechtenstein', encroaches: null });
    expect(verdictLine(verdict)).toBe('Pass');
  });

  it('names the own unit’s territory first for a high score that fails inside it, never the score', () => {
    const inside = {
      ...base,
      passed: false,
      story: 'Inside Own Territory' as const,
      meta: { ...base.meta, territory: { encroaches: [unit, { ...unit, name: 'Maple South' }], nearestUnit: null, overlap: [], cannibalisation: null } },
    };
    const verdict = readVerdict(inside as ScoreResult);
    expect(verdict.failing.map((fact) => fact.kind)).toEqual(['territory']);
    expect(verdictLine(verdict)).toBe('Fail: inside the protected territory of Maple North (120 m) and 1 more');
  });

  it('names low data confidence and a score under 7.0, and says when the result gives no ground', () => {
    const low = {
      ...base,
      score: 6.2,
      passed: false,
      story: 'Proceed with Caution' as const,
      meta: { confidence: { level: 'low' as const, reasons: ['Sparse.'] } },
    };
    expect(verdictLine(readVerdict(low))).toBe('Fail: data confidence low; score 6.2 under the 7.0 pass mark');
    expect(verdictLine(readVerdict({ ...base, passed: false, story: 'Needs Verification', meta: {} }))).toBe('Fail: not passed by the server');
    expect(describeFailingFact({ kind: 'confidence', level: 'low', reason: null })).toBe('data confidence low');
  });
});

describe('formatDistance', () => {
  it('uses whole metres below 1 km, one decimal below 10 km, whole km beyond', () => {
    expect([240.4, 999.4, 999.6, 1480, 9949, 9951, 6_397_900].map(formatDistance)).toEqual([
      '240 m',
      '999 m',
      '1.0 km',
      '1.5 km',
      '9.9 km',
      '10 km',
      '6,398 km',
    ]);
  });
});

describe('comparisonCaveat', () => {
  it('is null for one region and category, and names the regions or categories that differ', () => {
    expect(
      comparisonCaveat([
        { region: 'A', category: 'coffee' },
        { region: 'A', category: 'coffee' },
      ]),
    ).toBeNull();
    expect(
      comparisonCaveat([
        { region: 'West Village', category: 'coffee' },
        { region: 'Liechtenstein', category: 'coffee' },
      ]),
    ).toContain('different regions (West Village, Liechtenstein)');
    expect(
      comparisonCaveat([
        { region: 'A', category: 'coffee' },
        { region: 'A', category: 'gym-fitness' },
      ]),
    ).toContain('different categories (Coffee, Gym & fitness)');
  });
});
