import { describe, expect, it } from 'vitest';
import { roundScore, ScoreResult, storyFor } from './score-result.js';

const valid = {
  score: 7.4,
  passed: true,
  breakdown: { transit: 8.1, competitor: 6, marketFit: 7.9 },
  story: 'Strong Location',
  insights: [
    { headline: 'Rail 420 m away', detail: 'Schaan-Vaduz station is 420 m away.' },
    { headline: '3 cafés within 500 m', detail: 'Café Risch is the nearest, 120 m away.' },
  ],
  competitors: [{ name: 'Café Risch', rating: null, distanceMetres: 120 }],
  coordinates: { lat: 47.14, lng: 9.52 },
  nearestStation: 'Schaan-Vaduz',
  transitDistanceMetres: 420,
  avgCompetitorRating: null,
  competitorCount: 3,
};

describe('ScoreResult', () => {
  it('accepts a result with nullable fields null', () => {
    expect(ScoreResult.parse({ ...valid, nearestStation: null, transitDistanceMetres: null })).toMatchObject({ score: 7.4 });
  });

  it('refuses scores outside 0–10 or with more than one decimal', () => {
    expect(ScoreResult.safeParse({ ...valid, score: 10.1 }).success).toBe(false);
    expect(ScoreResult.safeParse({ ...valid, score: 7.45 }).success).toBe(false);
  });

  it('needs 2 to 6 insights and at most 10 competitors', () => {
    expect(ScoreResult.safeParse({ ...valid, insights: valid.insights.slice(0, 1) }).success).toBe(false);
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `Café ${i}`, rating: 4 }));
    expect(ScoreResult.safeParse({ ...valid, competitors: many }).success).toBe(false);
  });
});

describe('storyFor', () => {
  it('never reads Prime or Strong for a score that does not pass, and names why', () => {
    expect(storyFor(8.9, 'data')).toBe('Needs Verification');
    expect(storyFor(7.2, 'territory')).toBe('Inside Own Territory');
    expect(storyFor(6.1, 'data')).toBe('Proceed with Caution');
    expect(storyFor(3, 'territory')).toBe('High Risk');
  });

  it('follows the thresholds 8.5, 7.0 and 5.0', () => {
    expect([9, 8.5, 8.4, 7, 6.9, 5, 4.9, 0].map((score) => storyFor(score))).toEqual([
      'Prime Location',
      'Prime Location',
      'Strong Location',
      'Strong Location',
      'Proceed with Caution',
      'Proceed with Caution',
      'High Risk',
      'High Risk',
    ]);
  });

  it('rounds to one decimal', () => {
    expect(roundScore(7.449)).toBe(7.4);
    expect(roundScore(7.45)).toBe(7.5);
  });
});
