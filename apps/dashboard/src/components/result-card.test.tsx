/** @vitest-environment happy-dom */
import type { ScoreResult } from '@locscore/schema';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCard } from './result-card.js';

afterEach(cleanup);

const result: ScoreResult = {
  score: 7,
  passed: true,
  breakdown: { transit: 8.1, competitor: 6, marketFit: 7.2 },
  story: 'Strong Location',
  insights: [
    { headline: 'Rail 420 m away', detail: 'Schaan-Vaduz station is 420 m away.' },
    { headline: '3 cafés within 500 m', detail: 'Café Risch is the nearest, 120 m away.' },
  ],
  competitors: [{ name: 'Café Risch', rating: null, distanceMetres: 120 }],
  coordinates: { lat: 47.14, lng: 9.52 },
  nearestStation: null,
  transitDistanceMetres: null,
  avgCompetitorRating: null,
  competitorCount: 3,
  meta: { matchedAddress: 'Städtle 38, 9490 Vaduz', region: { name: 'sample-town', sample: true, attribution: 'fictional' } },
};

describe('ResultCard', () => {
  it('shows the score with its decimal, the verdict and each sub-score', () => {
    render(<ResultCard result={result} address="Staedtle 38, Vaduz" category="coffee" />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Staedtle 38, Vaduz');
    expect(screen.getByText('7.0').className).toBe('score-value');
    expect(screen.getByText('Pass')).toBeTruthy();
    expect(screen.getByLabelText('Transit score').closest('dd')?.textContent).toBe(' 8.1');
    expect(screen.getByText(/matched Städtle 38, 9490 Vaduz/)).toBeTruthy();
  });

  it('says there is no station rather than a distance, and marks sample data', () => {
    render(<ResultCard result={result} address="Städtle 38, 9490 Vaduz" category="coffee" />);
    expect(screen.getByText('None within 5 km')).toBeTruthy();
    expect(screen.getByText(/sample data, not real/)).toBeTruthy();
    expect(screen.queryByText(/matched/)).toBeNull();
  });

  it('shows the data confidence and the rank in the region when the result carries them', () => {
    render(
      <ResultCard
        result={{ ...result, meta: { ...result.meta, confidence: { level: 'low', reasons: ['No gym is mapped in the region.'] }, percentile: 42 } }}
        address="x"
        category="coffee"
      />,
    );
    expect(screen.getByText('Data confidence').nextElementSibling?.textContent).toBe('low');
    expect(screen.getByText('Rank in the region').nextElementSibling?.textContent).toBe('scores at or above 42 % of its address points for this category');
  });

  it('shows neither confidence nor rank when the result has none', () => {
    render(<ResultCard result={result} address="x" category="coffee" />);
    expect(screen.queryByText('Data confidence')).toBeNull();
    expect(screen.queryByText('Rank in the region')).toBeNull();
  });

  it('lists the competitors with a dash for an unknown rating', () => {
    render(<ResultCard result={result} address="x" category="coffee" />);
    const table = screen.getByRole('table', { name: 'Nearest competitors' });
    const cells = [...table.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(cells).toEqual([['Café Risch', '120 m', '—']]);
  });

  it('shows the own units of meta.territory: the encroached unit, the nearest, the share from own units, or that it is not measured', () => {
    const unitId = '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d';
    const territory = {
      encroaches: [{ unitId, name: 'Taïm', status: 'open' as const, distanceMetres: 80, territoryType: 'radius' as const }],
      nearestUnit: { unitId, name: 'Taïm', distanceMetres: 80 },
      overlap: [],
      cannibalisation: { capturedResidents: 1158, shareFromOwnUnits: 0.94, units: [] },
    };
    const { unmount } = render(<ResultCard result={{ ...result, passed: false, meta: { ...result.meta, territory } }} address="a" category="coffee" />);
    expect(screen.getByText('Inside a unit’s protected territory').nextElementSibling?.textContent).toBe('Taïm (open, 80 m away)');
    expect(screen.getByText('Nearest own unit').nextElementSibling?.textContent).toBe('Taïm, 80 m');
    expect(screen.getByText('Demand taken from own units').nextElementSibling?.textContent).toBe('94%');
    unmount();
    render(
      <ResultCard
        result={{ ...result, meta: { ...result.meta, territory: { ...territory, encroaches: [], cannibalisation: null } } }}
        address="a"
        category="coffee"
      />,
    );
    expect(screen.getByText('Inside a unit’s protected territory').nextElementSibling?.textContent).toBe('No');
    expect(screen.getByText('Demand taken from own units').nextElementSibling?.textContent).toBe('Not measured (no population layer)');
  });
});
