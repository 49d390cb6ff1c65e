import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './error-from-response.js';
import { backoffCeilingMs, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './retry.js';

describe('backoffCeilingMs', () => {
  it('doubles from the base and stops at the cap', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 10].map(backoffCeilingMs);
    expect(ceilings).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(ceilings[0]).toBe(RETRY_BASE_DELAY_MS);
    expect(Math.max(...ceilings)).toBe(RETRY_MAX_DELAY_MS);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta seconds and HTTP dates, never negative', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('1.2', now)).toBe(2);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
