/** @vitest-environment happy-dom */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { DailyChart } from './daily-chart.js';

afterEach(cleanup);

const days = [
  { date: '2026-11-01', requests: 10, succeeded: 8, failed: 2 },
  { date: '2026-11-02', requests: 0, succeeded: 0, failed: 0 },
  { date: '2026-11-03', requests: 20, succeeded: 20, failed: 0 },
];

describe('DailyChart', () => {
  it('is an image named by its title, with one bar and one failed part per day', () => {
    const { container } = render(<DailyChart days={days} title="Requests per day in 2026-11" />);
    expect(screen.getByRole('img', { name: 'Requests per day in 2026-11' })).toBeTruthy();
    const heights = [...container.querySelectorAll('rect.chart-bar')].map((bar) => Number(bar.getAttribute('height')));
    expect(heights).toHaveLength(3);
    expect(heights[2]).toBeGreaterThan(heights[0] ?? Number.POSITIVE_INFINITY);
    expect(heights[1]).toBe(0);
    expect(container.querySelectorAll('rect.chart-bar-failed')).toHaveLength(3);
  });

  it('keeps the top tick’s label inside the picture', () => {
    const { container } = render(<DailyChart days={days} title="Requests per day" />);
    const plot = container.querySelector('svg > g');
    const top = Number(/translate\(0 (\d+)\)/.exec(plot?.getAttribute('transform') ?? '')?.[1]);
    const labels = [...(plot?.querySelectorAll(':scope > g > text.chart-axis') ?? [])].map((text) => Number(text.getAttribute('y')));
    // An 11 px label reaches about 8 px above its baseline: the highest must stay below the picture's top edge.
    expect(top + Math.min(...labels) - 8).toBeGreaterThanOrEqual(0);
  });

  it('gives the same numbers as a table', () => {
    render(<DailyChart days={days} title="Requests per day" />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['1 Nov', '10', '8', '2'],
      ['2 Nov', '0', '0', '0'],
      ['3 Nov', '20', '20', '0'],
    ]);
  });
});
