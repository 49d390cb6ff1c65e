import { describe, expect, it } from 'vitest';
import { quotaPeriod, secondsUntilReset } from './period.js';

describe('quota period', () => {
  it('is the UTC calendar month, across year ends and leap days', () => {
    expect(quotaPeriod(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
    expect(quotaPeriod(new Date('2028-02-29T12:00:00.000Z')).end).toEqual(new Date('2028-03-01T00:00:00.000Z'));
    expect(quotaPeriod(new Date('2026-03-01T00:00:00.000Z')).start).toEqual(new Date('2026-03-01T00:00:00.000Z'));
  });

  it('counts whole seconds to the reset, at least 1', () => {
    expect(secondsUntilReset(new Date('2026-03-31T23:59:00.000Z'))).toBe(60);
    expect(secondsUntilReset(new Date('2026-03-31T23:59:59.500Z'))).toBe(1);
    expect(secondsUntilReset(new Date('2026-03-01T00:00:00.000Z'))).toBe(31 * 86_400);
  });
});
