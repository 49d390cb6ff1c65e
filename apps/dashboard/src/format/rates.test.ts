import { describe, expect, it } from 'vitest';
import { errorRate, quotaFraction, totalRequests, webhookSuccessRate } from './rates.js';

const day = (date: string, succeeded: number, failed: number, pending = 0) => ({ date, requests: succeeded + failed + pending, succeeded, failed });

describe('rates', () => {
  it('counts errors among finished requests only', () => {
    expect(errorRate([day('2026-11-01', 3, 1), day('2026-11-02', 4, 0, 2)])).toBe(1 / 8);
    expect(totalRequests([day('2026-11-01', 3, 1), day('2026-11-02', 4, 0, 2)])).toBe(10);
  });

  it('has no error rate before anything finished, rather than 0%', () => {
    expect(errorRate([])).toBeNull();
    expect(errorRate([day('2026-11-01', 0, 0, 5)])).toBeNull();
  });

  it('leaves pending deliveries out of the webhook success rate', () => {
    expect(webhookSuccessRate({ delivered: 3, failed: 1, pending: 10 })).toBe(0.75);
    expect(webhookSuccessRate({ delivered: 0, failed: 0, pending: 2 })).toBeNull();
  });

  it('fills the meter at the limit, also after a downgrade below what was used', () => {
    expect(quotaFraction(5, 20)).toBe(0.25);
    expect(quotaFraction(30, 20)).toBe(1);
    expect(quotaFraction(0, 0)).toBe(1);
    expect(quotaFraction(500, null)).toBeNull();
  });
});
