import type { ErrorBody, ScoreResult } from '@locscore/schema';

/** A ScoreResult that validates against the schema (values are made up for tests). */
export function scoreResult(overrides: Partial<ScoreResult> = {}): ScoreResult {
  return {
    score: 7.4,
    passed: true,
    breakdown: { transit: 8.1, competitor: 6.5, marketFit: 7.2 },
    story: 'Strong Location',
    insights: [
      { headline: 'Near rail', detail: 'Central Station is 240 m away.' },
      { headline: 'Some competition', detail: '3 coffee shops within 500 m.' },
    ],
    competitors: [{ name: 'Bean There', rating: 4.2, distanceMetres: 120 }],
    coordinates: { lat: 47.14, lng: 9.52 },
    nearestStation: 'Central Station',
    transitDistanceMetres: 240,
    avgCompetitorRating: 4.2,
    competitorCount: 3,
    meta: { requestId: '3b241101-e2bb-4255-8caf-4136c566a962' },
    ...overrides,
  };
}

/** An API error body. */
export function errorBody(code: ErrorBody['error']['code'], message: string, details?: ErrorBody['error']['details']): ErrorBody {
  return { error: { code, message, requestId: '9f1c7a3e-2b4d-4c6e-8f0a-1b2c3d4e5f60', ...(details ? { details } : {}) } };
}

export const REQUEST_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
