import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { sampleResult } from '../../test/fixtures.js';
import { formatDeliveryJson, formatDeliveryLine } from './delivery-line.js';
import type { VerifiedDelivery } from './receiver.js';

const plain = new Chalk({ level: 0 });
const at = new Date('2026-11-23T09:05:07.250Z');
const requestId = '0b6c3c1e-52a4-4f7e-9d55-3d1f1e1a2b3c';

function delivery(payload: VerifiedDelivery['payload'], redelivery = false, attempt: number | null = 1): VerifiedDelivery {
  return { payload, rawBody: JSON.stringify(payload, null, 2), id: payload.requestId, timestamp: new Date(1_795_000_000_000), redelivery, attempt };
}

describe('formatDeliveryLine', () => {
  it('gives time (UTC), requestId, score, verdict, story and the matched address of a result', () => {
    const line = formatDeliveryLine(delivery({ ...sampleResult, requestId }), plain, at);
    expect(line).toBe(`09:05:07  ${requestId}  ${sampleResult.score.toFixed(1)}/10 PASS  ${sampleResult.story}  ${sampleResult.meta?.matchedAddress}`);
  });

  it('says FAIL below 7.0, gives the error of a failure notice, and marks a redelivery', () => {
    const low = formatDeliveryLine(delivery({ ...sampleResult, score: 4.2, passed: false, story: 'High Risk', meta: undefined, requestId }), plain, at);
    expect(low).toBe(`09:05:07  ${requestId}  4.2/10 FAIL  High Risk`);
    const failed = formatDeliveryLine(delivery({ requestId, error: { code: 'scoring_failed', message: 'engine fault' } }, true, 3), plain, at);
    expect(failed).toBe(`09:05:07  ${requestId}  FAILED  scoring_failed: engine fault (attempt 3) (redelivery)`);
    const unnumbered = formatDeliveryLine(delivery({ requestId, error: { code: 'scoring_failed', message: 'x' } }, false, null), plain, at);
    expect(unnumbered).toBe(`09:05:07  ${requestId}  FAILED  scoring_failed: x`);
  });
});

describe('formatDeliveryJson', () => {
  it('prints the signed body on one line, unchanged in content', () => {
    const one = delivery({ ...sampleResult, requestId });
    const line = formatDeliveryJson(one);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(JSON.parse(one.rawBody));
  });
});
