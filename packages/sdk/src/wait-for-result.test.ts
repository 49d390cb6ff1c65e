import type { RequestStatus } from '@locscore/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** Settles `promise` while firing every timer it sets on the fake clock (see beforeEach). */
async function onFakeClock<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const settled = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

describe('waitForResult', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls until succeeded, waiting 1.5× longer each time, and returns the result', async () => {
    const { poll, calls } = poller([
      pending('queued'),
      pending('running'),
      pending('running'),
      { requestId: REQUEST_ID, status: 'succeeded', result: scoreResult({ score: 5.5, passed: false, story: 'Proceed with Caution' }), delivery },
    ]);
    const { value: result } = await onFakeClock(waitForResult(poll, REQUEST_ID, { intervalMs: 40 }));
    expect(result?.story).toBe('Proceed with Caution');
    expect(calls).toHaveLength(4);
    const gaps = calls.slice(1).map((at, index) => at - (calls[index] ?? at));
    expect(gaps).toEqual([40, 60, 90]);
  });

  it('grows the interval up to 10 s and never waits past the deadline', async () => {
    const { poll, calls } = poller([pending('queued')]);
    const { error } = await onFakeClock(waitForResult(poll, REQUEST_ID, { intervalMs: 4_000, timeoutMs: 30_000 }));
    expect(error).toBeInstanceOf(TimeoutError);
    const gaps = calls.slice(1).map((at, index) => at - (calls[index] ?? at));
    // 4 s, 6 s, 9 s, then 13.5 s capped at 10 s; the last wait is the 1 s left before the deadline.
    expect(gaps).toEqual([4_000, 6_000, 9_000, 10_000, 1_000]);
  });

  it('throws ScoringError with the request error code when the request failed', async () => {
    const { poll } = poller([
      pending('running'),
      { requestId: REQUEST_ID, status: 'failed', error: { code: 'address_not_found', message: 'could not locate the address' }, delivery },
    ]);
    const { error } = await onFakeClock(waitForResult(poll, REQUEST_ID, { intervalMs: 5 }));
    expect(error).toBeInstanceOf(ScoringError);
    expect(error).toMatchObject({ code: 'address_not_found', message: 'could not locate the address', requestId: REQUEST_ID, status: null });
  });

  it('throws TimeoutError when the request is not done within timeoutMs', async () => {
    const { poll, calls } = poller([pending('queued')]);
    const started = Date.now();
    const { error } = await onFakeClock(waitForResult(poll, REQUEST_ID, { intervalMs: 20, timeoutMs: 150 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', requestId: REQUEST_ID });
    // Polls at 0, 20, 50, 95 and 150 ms (the last wait shortened to the deadline), then gives up.
    expect(calls.map((at) => at - started)).toEqual([0, 20, 50, 95, 150]);
  });

  it('throws AbortedError promptly when the signal fires during a wait', async () => {
    const { poll, calls } = poller([pending('queued')]);
    const controller = new AbortController();
    const waiting = waitForResult(poll, REQUEST_ID, { intervalMs: 5_000, signal: controller.signal }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    const error = await waiting;
    expect(error).toBeInstanceOf(AbortedError);
    // Aborted during the first 5 s wait: no second poll.
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
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
