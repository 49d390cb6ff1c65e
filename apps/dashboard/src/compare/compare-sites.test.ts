import type { ScoreResult } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { comparisonRows, siteList } from './compare-sites.js';

const result = (score: number, overrides: Partial<ScoreResult> = {}): ScoreResult => ({
  score,
  passed: score >= 7,
  breakdown: { transit: score, competitor: 5, marketFit: 6 },
  story: score >= 7 ? 'Strong Location' : 'Proceed with Caution',
  insights: [
    { headline: 'a', detail: 'a' },
    { headline: 'b', detail: 'b' },
  ],
  competitors: [],
  coordinates: { lat: 47.14, lng: 9.52 },
  nearestStation: 'Schaan-Vaduz',
  transitDistanceMetres: 1540,
  avgCompetitorRating: null,
  competitorCount: 0,
  ...overrides,
});

describe('siteList', () => {
  it('trims, squeezes spaces and leaves out empty lines', () => {
    expect(siteList(['  Städtle 38,  Vaduz ', '', 'Landstrasse 92, Vaduz'])).toEqual({ ok: true, addresses: ['Städtle 38, Vaduz', 'Landstrasse 92, Vaduz'] });
  });

  it('refuses nothing to score, more than five, a too-short address and a duplicate', () => {
    expect(siteList(['', ' '])).toEqual({ ok: false, error: 'Enter an address to score.' });
    expect(siteList(['a1 x', 'a2 x', 'a3 x', 'a4 x', 'a5 x', 'a6 x'])).toMatchObject({ ok: false, error: 'Compare at most 5 addresses at once.' });
    expect(siteList(['ab'])).toMatchObject({ ok: false, error: 'Each address must be 3–300 characters: “ab”.' });
    expect(siteList(['Städtle 38, Vaduz', 'städtle  38, vaduz'])).toMatchObject({ ok: false, error: '“städtle 38, vaduz” is listed twice.' });
  });
});

describe('comparisonRows', () => {
  it('marks the best score of each row, and none when all sites are equal', () => {
    const rows = comparisonRows([result(6.5), result(8.1), result(8.1)]);
    expect(rows.find((row) => row.label === 'Score')).toEqual({ label: 'Score', cells: ['6.5', '8.1', '8.1'], best: [1, 2] });
    expect(rows.find((row) => row.label === 'Competition')?.best).toEqual([]);
  });

  it('never marks a failing site best overall, whatever its score, and marks nothing best across regions', () => {
    const unit = {
      unitId: '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d',
      name: 'Risch Kaffee Schaan',
      status: 'planned' as const,
      distanceMetres: 90,
      territoryType: 'radius' as const,
    };
    const inside = result(8.6, {
      passed: false,
      story: 'Inside Own Territory',
      meta: { territory: { encroaches: [unit], nearestUnit: null, overlap: [], cannibalisation: null }, confidence: { level: 'high', reasons: ['ok'] } },
    });
    const rows = comparisonRows([inside, result(7.4)]);
    const row = (label: string) => rows.find((entry) => entry.label === label);
    expect(row('Score')?.best).toEqual([1]);
    expect(row('Verdict')).toMatchObject({ cells: ['Fail: inside the protected territory of Risch Kaffee Schaan (90 m)', 'Pass'], failing: [true, false] });
    expect(row('Inside own territory')?.cells).toEqual(['Risch Kaffee Schaan (planned, 90 m away)', 'No units of the category']);
    expect(row('Data confidence')?.cells).toEqual(['high', '—']);
    expect(comparisonRows([result(6.5), result(8.1)], false).every((entry) => entry.best.length === 0)).toBe(true);
  });

  it('writes the station with its distance, and a dash for what is unknown', () => {
    const rows = comparisonRows([result(7), result(7, { nearestStation: null, transitDistanceMetres: null, avgCompetitorRating: 4.25 })]);
    expect(rows.find((row) => row.label === 'Nearest station')?.cells).toEqual(['Schaan-Vaduz, 1.5 km', '—']);
    expect(rows.find((row) => row.label === 'Average competitor rating')?.cells).toEqual(['—', '4.3']);
    expect(rows.find((row) => row.label === 'Verdict')?.cells).toEqual(['Pass', 'Pass']);
    expect(rows.find((row) => row.label === 'Story')?.cells).toEqual(['Strong Location', 'Strong Location']);
  });
});
