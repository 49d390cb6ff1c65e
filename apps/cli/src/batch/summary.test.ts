import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { sampleResult } from '../../test/fixtures.js';
import { addToTally, BEST_SITES, createTally, renderSummary } from './summary.js';

describe('batch tally and summary', () => {
  it('counts passed, below 7 and errors, keeps the five best in score order, and renders them', () => {
    const tally = createTally();
    const scores = [7.4, 3.1, 9.2, 6.0, 8.8, 7.0, 9.9, 2.0];
    scores.forEach((score, index) => {
      addToTally(tally, index + 1, `addr ${index + 1}`, { result: { ...sampleResult, score, passed: score >= 7 } });
    });
    addToTally(tally, 9, 'bad', { error: { code: 'address_not_found', message: 'x', requestId: null } });
    expect(tally).toMatchObject({ done: 9, passed: 5, failed: 3, errors: 1 });
    expect(tally.best.map((site) => site.score)).toEqual([...scores].sort((a, b) => b - a).slice(0, BEST_SITES));
    const text = renderSummary(tally, new Chalk({ level: 0 }));
    expect(text).toContain('9 rows: 5 passed, 3 below 7.0, 1 errors');
    expect(text).toContain(`Mean score ${(scores.reduce((a, b) => a + b, 0) / scores.length).toFixed(1)}`);
    expect(text).toContain('9.9  addr 7 (row 7)');
  });
});
