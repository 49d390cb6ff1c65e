/** @vitest-environment happy-dom */
import { ScoreResult } from '@locscore/schema';
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ComparisonTable } from '../pages/comparison-table.js';
import { ResultCard } from './result-card.js';

afterEach(cleanup);

const passing = ScoreResult.parse({
  score: 8.6,
  passed: true,
  breakdown: { transit: 9, competitor: 8.2, marketFit: 8.6 },
  story: 'Prime Location',
  insights: [
    { headline: 'Rail 420 m away', detail: 'Schaan-Vaduz station is 420 m away.' },
    { headline: '3 cafés within 500 m', detail: 'Café Risch is the nearest.' },
  ],
  competitors: [],
  coordinates: { lat: 47.14, lng: 9.52 },
  nearestStation: 'Schaan-Vaduz',
  transitDistanceMetres: 420,
  avgCompetitorRating: null,
  competitorCount: 3,
  meta: {
    geocodePrecision: 'address_point',
    confidence: { level: 'high', reasons: ['The trade area is mapped like the core.'] },
    region: { name: 'Liechtenstein', sample: false, attribution: 'OSM' },
  },
});
const unit = {
  unitId: '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d',
  name: 'Risch Kaffee Schaan',
  status: 'planned' as const,
  distanceMetres: 90,
  territoryType: 'radius' as const,
};

/** The three ways to fail: a low score, data too thin to trust, and an own unit's territory. */
const FAILURES = {
  failing: { ...passing, score: 4.2, passed: false, story: 'High Risk' as const },
  'low-confidence': {
    ...passing,
    score: 7.8,
    passed: false,
    story: 'Needs Verification' as const,
    meta: { ...passing.meta, geocodePrecision: 'street' as const, confidence: { level: 'low' as const, reasons: ['Located on the street only.'] } },
  },
  encroaching: {
    ...passing,
    passed: false,
    story: 'Inside Own Territory' as const,
    meta: {
      ...passing.meta,
      territory: { encroaches: [unit], nearestUnit: { unitId: unit.unitId, name: unit.name, distanceMetres: 90 }, overlap: [], cannibalisation: null },
    },
  },
} satisfies Record<string, ScoreResult>;
const SAYS: Record<keyof typeof FAILURES, string> = {
  failing: 'score 4.2 under the 7.0 pass mark',
  'low-confidence': 'data confidence low',
  encroaching: 'inside the protected territory of Risch Kaffee Schaan (90 m)',
};
const KINDS = Object.keys(FAILURES) as Array<keyof typeof FAILURES>;

describe('one verdict, shown the same in the dashboard card and the compare table', () => {
  it.each(KINDS)('the card of a %s result says Fail and names its failing fact', (kind) => {
    render(<ResultCard result={FAILURES[kind]} address="Egertastrasse 36, 9490 Vaduz" category="coffee" />);
    expect(screen.getByText('Fail').className).toBe('score-passed');
    expect(screen.queryByText('Pass')).toBeNull();
    expect(document.querySelector('.verdict-why')?.textContent).toBe(`Fails on: ${SAYS[kind]}`);
    expect(screen.getByText(FAILURES[kind].story)).toBeTruthy();
  });

  it('the compare table says Fail and why for each, and marks only the passing site best overall', () => {
    const sites = [...KINDS.map((kind) => ({ address: kind, result: FAILURES[kind] as ScoreResult })), { address: 'passing', result: passing }];
    render(<ComparisonTable sites={sites} category="coffee" />);
    const row = (label: string) =>
      [...(screen.getByRole('rowheader', { name: label }).parentElement?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
    expect(row('Verdict')).toEqual([...KINDS.map((kind) => `Fail: ${SAYS[kind]}`), 'Pass']);
    expect(row('Data confidence')).toEqual(['high', 'low', 'high', 'high']);
    expect(row('Inside own territory')).toEqual([
      'No units of the category',
      'No units of the category',
      'Risch Kaffee Schaan (planned, 90 m away)',
      'No units of the category',
    ]);
    expect(row('Geocode precision')).toEqual(['address point', 'street', 'address point', 'address point']);
    expect(row('Score')).toEqual(['4.2', '7.8', '8.6', '8.6 best']);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('compares sites of different regions only under a note, with no best anywhere', () => {
    const elsewhere = { ...passing, score: 9.2, meta: { ...passing.meta, region: { name: 'West Village', sample: false, attribution: 'OSM' } } };
    render(
      <ComparisonTable
        sites={[
          { address: '55 Perry St', result: elsewhere },
          { address: 'Städtle 38', result: passing },
        ]}
        category="coffee"
      />,
    );
    expect(within(screen.getByRole('note')).getByText(/different regions \(West Village, Liechtenstein\)/)).toBeTruthy();
    expect(screen.queryByText(/best$/)).toBeNull();
  });
});
