import { ScoreResult } from '@locscore/schema';

/** A result that satisfies the API schema (parsed, so a schema change breaks this test). */
export const sampleResult = ScoreResult.parse({
  score: 7.4,
  passed: true,
  breakdown: { transit: 9.1, competitor: 5.5, marketFit: 7.0 },
  story: 'Strong Location',
  insights: [
    { headline: 'Rapid transit nearby', detail: 'Central Station is 240 m away.' },
    { headline: 'Moderate competition', detail: '3 coffee shops within 500 m.' },
  ],
  competitors: [
    { name: 'Bean There', rating: 4.5, distanceMetres: 120 },
    { name: 'Cup & Co', rating: null, distanceMetres: 1480 },
  ],
  coordinates: { lat: 47.141, lng: 9.521 },
  nearestStation: 'Central Station',
  transitDistanceMetres: 240,
  avgCompetitorRating: 4.5,
  competitorCount: 3,
  meta: {
    matchedAddress: '12 Market Street, Sampleton',
    geocodePrecision: 'address_point',
    region: { name: 'Sampleton', sample: true, attribution: 'Sample data' },
    requestId: '3b241101-e2bb-4255-8caf-4136c566a962',
  },
});
