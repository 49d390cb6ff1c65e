import type { RequestStatus } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID, scoreResult } from '../test/fixtures.js';
import { AbortedError, InvalidResponseError, ScoringError, TimeoutError } from './errors.js';
import { waitForResult } from './wait-for-result.js';

const delivery = { attempts: 0, lastStatusCode: null, nextAttemptAt: null, deliveredAt: null };
const pending = (status: 'queued' | 'running'): RequestStatus => ({ requestId: REQUEST_ID, status, delivery });

/** A poll function that answers `answers` in turn (the last repeats) and records when it was called. */
function poller(answers: RequestStatus[]) {
  const calls: number[] = [];
  const poll = async () => {
    calls.push(Date.now());
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!answer) throw new Error('no answer');
    return answer;
  };
  return { poll, calls };
}

describe('waitForResult', () => {
  it('polls until succeeded, waiting 1.5× longer each time, and returns the result', async () => {
    const { poll, calls } = poller([
      pending('queued'),
      pending('running'),
      pending('running'),
      { requestId: REQUEST_ID, status: 'succeeded', result: scoreResult({ score: 5.5, passed: false, story: 'Proceed with Caution' }), delivery },
    ]);
    const result = await waitForResult(poll, REQUEST_ID, { intervalMs: 40 });
    expect(result.story).toBe('Proceed with Caution');
    expect(calls).toHaveLength(4);
    const gaps = calls.slice(1).map((at, index) => at - (calls[index] ?? at));
    // 40, 60, 90 ms (timers may fire a millisecond early or run late under load).
    expect(gaps[0]).toBeGreaterThanOrEqual(38);
    expect(gaps[1]).toBeGreaterThanOrEqual(58);
    expect(gaps[2]).toBeGreaterThanOrEqual(88);
  });

  it('throws ScoringError with the request error code when the request failed', async () => {
    const { poll } = poller([
      pending('running'),
      { requestId: REQUEST_ID, status: 'failed', error: { code: 'address_not_found', message: 'could not locate the address' }, delivery },
    ]);
    const error = await waitForResult(poll, REQUEST_ID, { intervalMs: 5 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScoringError);
    expect(error).toMatchObject({ code: 'address_not_found', message: 'could not locate the address', requestId: REQUEST_ID, status: null });
  });

  it('throws TimeoutError when the request is not done within timeoutMs', async () => {
    const { poll, calls } = poller([pending('queued')]);
    const started = Date.now();
    const error = await waitForResult(poll, REQUEST_ID, { intervalMs: 20, timeoutMs: 150 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', requestId: REQUEST_ID });
    expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls.length).toBeGreaterThanOrEqual(3);
  });

  it('throws AbortedError promptly when the signal fires during a wait', async () => {
    const { poll } = poller([pending('queued')]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    const error = await waitForResult(poll, REQUEST_ID, { intervalMs: 5_000, signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('throws InvalidResponseError for succeeded without a result', async () => {
    const { poll } = poller([{ requestId: REQUEST_ID, status: 'succeeded', delivery }]);
    await expect(waitForResult(poll, REQUEST_ID)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('refuses a non-positive interval or timeout naming the option', async () => {
    const { poll } = poller([pending('queued')]);
    await expect(waitForResult(poll, REQUEST_ID, { intervalMs: 0 })).rejects.toThrow(/intervalMs/);
    await expect(waitForResult(poll, REQUEST_ID, { timeoutMs: Number.NaN })).rejects.toThrow(/timeoutMs/);
  });
});
