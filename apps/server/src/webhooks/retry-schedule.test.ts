import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './retry-schedule.js';

describe('retry schedule', () => {
  it('defaults to 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]);
  });

  it('parses comma-separated seconds and refuses anything else, naming the variable', () => {
    expect(parseRetrySchedule('0, 1.5,60')).toEqual([0, 1.5, 60]);
    for (const bad of ['', ',', '1,-2', '1,x', 'Infinity']) {
      expect(() => parseRetrySchedule(bad)).toThrow(/LOCSCORE_WEBHOOK_RETRY_SCHEDULE/);
    }
  });
});
