import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE } from './retry-schedule.js';

describe('retry schedule', () => {
  it("is docs/api.md's: 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]);
  });
});
