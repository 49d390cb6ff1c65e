import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatEncroachments, formatLimit, formatMetres, formatPercent, formatPlan, formatScore, monthOf, NONE } from './format.js';

describe('formatters', () => {
  it('writes whole metres below 1 km, km with one decimal below 10 km, whole km beyond', () => {
    expect([0, 420.4, 999, 1000, 1540, 2000, 6_397_900].map(formatMetres)).toEqual(['0 m', '420 m', '999 m', '1.0 km', '1.5 km', '2.0 km', '6,398 km']);
    expect(formatMetres(null)).toBe(NONE);
  });

  it('lists encroached units with status and distance, or the given word for none', () => {
    const unit = { unitId: '0b9ed6c5-6a4f-4c6e-9a51-2d7c1a0f3e11', territoryType: 'radius' as const };
    const units = [
      { ...unit, name: 'Perry Street', status: 'open' as const, distanceMetres: 120 },
      { ...unit, name: 'Bleecker', status: 'planned' as const, distanceMetres: 1540 },
    ];
    expect(formatEncroachments(units, 'no')).toBe('Perry Street (open, 120 m away); Bleecker (planned, 1.5 km away)');
    expect(formatEncroachments([], 'No')).toBe('No');
  });

  it('keeps the one decimal of a score and shows a dash before there is one', () => {
    expect(formatScore(7)).toBe('7.0');
    expect(formatScore(8.5)).toBe('8.5');
    expect(formatScore(null)).toBe(NONE);
  });

  it('writes a rate as a whole percentage, and no rate as a dash rather than 0%', () => {
    expect(formatPercent(0.834)).toBe('83%');
    expect(formatPercent(null)).toBe(NONE);
  });

  it('writes limits and plans with their quota', () => {
    expect(formatLimit(null)).toBe('unlimited');
    expect(formatLimit(1000)).toBe('1,000');
    expect(formatPlan('starter')).toBe('Starter (20 a month)');
    expect(formatPlan('enterprise')).toBe('Enterprise (unlimited)');
  });

  it('writes times in UTC whatever the browser’s zone', () => {
    expect(formatDateTime('2026-11-02T23:30:00.000Z')).toBe('2 Nov 2026, 23:30 UTC');
    expect(formatDateTime(null)).toBe(NONE);
    expect(formatDateTime('not a time')).toBe(NONE);
    expect(formatDay('2026-11-02')).toBe('2 Nov');
  });

  it('names the UTC month of a time', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });
});
