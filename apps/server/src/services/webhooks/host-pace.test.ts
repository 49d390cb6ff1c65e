import { describe, expect, it } from 'vitest';
import { hostPace, SLOW_HOST_MS } from './host-pace.js';

describe('hostPace', () => {
  it('learns a host’s typical time from the attempts that ended', () => {
    const pace = hostPace();
    expect(pace.typicalMs('h')).toBeUndefined();
    pace.started('h', 0)(100);
    expect(pace.typicalMs('h')).toBe(100);
    pace.started('h', 1_000)(1_200);
    expect(pace.typicalMs('h')).toBeCloseTo(130);
    expect(pace.slow('h', 5_000)).toBe(false);
  });

  it('finds a host slow while an attempt to it has run a second, before any ended', () => {
    const pace = hostPace();
    const end = pace.started('hang', 0);
    pace.started('hang', 500);
    expect(pace.slow('hang', SLOW_HOST_MS - 1)).toBe(false);
    expect(pace.slow('hang', SLOW_HOST_MS)).toBe(true);
    expect(pace.slow('other', SLOW_HOST_MS)).toBe(false);
    end(SLOW_HOST_MS);
    // The attempt that ended took a second: slow by its typical time from now on.
    expect(pace.slow('hang', 10_000)).toBe(true);
  });
});
