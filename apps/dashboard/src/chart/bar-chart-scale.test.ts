import { describe, expect, it } from 'vitest';
import { barChartScale, niceCeiling } from './bar-chart-scale.js';

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 1, 3, 7, 10, 11, 48, 120, 501].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 50, 200, 1000]);
  });
});

describe('barChartScale', () => {
  const days = [
    { date: '2026-11-01', requests: 10, succeeded: 8, failed: 2 },
    { date: '2026-11-02', requests: 0, succeeded: 0, failed: 0 },
    { date: '2026-11-03', requests: 20, succeeded: 20, failed: 0 },
  ];

  it('gives each day a slot and heights in proportion on a round axis', () => {
    const { bars, max, ticks } = barChartScale(days, 300, 100, 2);
    expect(max).toBe(20);
    expect(bars.map((bar) => [bar.x, bar.width, bar.height, bar.y])).toEqual([
      [1, 98, 50, 50],
      [101, 98, 0, 100],
      [201, 98, 100, 0],
    ]);
    expect(bars[0]?.failedHeight).toBe(10);
    expect(ticks.map((tick) => tick.value)).toEqual([0, 5, 10, 15, 20]);
  });

  it('draws an empty month on a 0–1 axis without dividing by zero', () => {
    const { bars, max } = barChartScale([{ date: '2026-11-01', requests: 0, succeeded: 0, failed: 0 }], 100, 50);
    expect(max).toBe(1);
    expect(bars[0]?.height).toBe(0);
    expect(barChartScale([], 100, 50).bars).toEqual([]);
  });
});
