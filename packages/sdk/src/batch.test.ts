import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, scoreResult } from '../test/fixtures.js';
import { useMockApi } from '../test/mock-api.js';
import { type BatchOutcome, type BatchProgress, type BatchRow, scoreBatch } from './batch.js';
import { LocScoreClient } from './client.js';
import { AuthenticationError, BadRequestError, QuotaExceededError } from './errors.js';

interface Row extends BatchRow {
  id: string;
}

function rows(count: number): Row[] {
  return Array.from({ length: count }, (_, index) => ({ id: `r${index}`, address: `${index + 1} Main St`, category: 'coffee' }));
}

/** A fake `score` that takes `delayOf(index)` ms, counts requests in flight and fails where `failOf` says. */
function fakeScore(delayOf: (index: number) => number, failOf: (index: number) => Error | null = () => null) {
  const state = { inFlight: 0, maxInFlight: 0, sent: [] as number[] };
  const score = async (row: Row) => {
    const index = Number(row.id.slice(1));
    state.sent.push(index);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      // The global setTimeout, which the fake clock of these tests drives.
      await new Promise((resolve) => setTimeout(resolve, delayOf(index)));
      const failure = failOf(index);
      if (failure) throw failure;
      return scoreResult({ score: Math.min(10, index / 10) });
    } finally {
      state.inFlight -= 1;
    }
  };
  return { score, state };
}

async function drain<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) items.push(item);
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

/** Reads every outcome, firing the fake rows' delays on the fake clock as soon as nothing else is pending. */
async function collect<T>(iterable: AsyncIterable<T>): Promise<{ items: T[]; error: unknown }> {
  const done = drain(iterable);
  await vi.runAllTimersAsync();
  return done;
}

const quota = () =>
  new QuotaExceededError({
    message: 'spent',
    status: 429,
    code: 'quota_exceeded',
    requestId: null,
    limit: 20,
    remaining: 0,
    resetAt: null,
    retryAfterSeconds: null,
  });
const badAddress = () => new BadRequestError({ message: 'no such address', status: 400, code: 'address_not_found', requestId: null });

describe('scoreBatch', () => {
  // The fake rows' latencies run on a fake clock: their order is what matters, not their duration.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('yields every row in input order although later rows finish first, and never exceeds the concurrency', async () => {
    // Row i takes longer the earlier it is, so completion order is the reverse of input order within a window.
    const { score, state } = fakeScore((index) => 40 - (index % 4) * 10);
    const { items, error } = await collect(scoreBatch(score, rows(13), { concurrency: 3 }));
    expect(error).toBeUndefined();
    expect(items.map((item) => item.index)).toEqual(Array.from({ length: 13 }, (_, index) => index));
    expect(items.map((item) => item.request.id)).toEqual(rows(13).map((row) => row.id));
    expect(state.maxInFlight).toBe(3);
  });

  it('never reads more than concurrency rows ahead of the consumer, from a lazy async source', async () => {
    let read = 0;
    async function* source(): AsyncGenerator<Row> {
      for (const row of rows(1_000)) {
        read += 1;
        yield row;
      }
    }
    const { score } = fakeScore(() => 1);
    const seen: number[] = [];
    const reading = (async () => {
      for await (const outcome of scoreBatch(score, source(), { concurrency: 4 })) {
        seen.push(outcome.index);
        expect(read - seen.length).toBeLessThanOrEqual(4);
        if (seen.length === 20) break;
      }
    })();
    await vi.runAllTimersAsync();
    await reading;
    expect(seen).toHaveLength(20);
    expect(read).toBeLessThanOrEqual(24);
  });

  it('yields a per-row 400 as an error and goes on', async () => {
    const { score } = fakeScore(
      () => 2,
      (index) => (index === 2 ? badAddress() : null),
    );
    const { items, error } = await collect(scoreBatch(score, rows(5), { concurrency: 2 }));
    expect(error).toBeUndefined();
    expect(items).toHaveLength(5);
    const failed = items.filter((item): item is Extract<BatchOutcome<Row>, { error: unknown }> => 'error' in item);
    expect(failed.map((item) => item.index)).toEqual([2]);
    expect(failed[0]?.error).toBeInstanceOf(BadRequestError);
  });

  it.each([
    ['QuotaExceededError', quota, QuotaExceededError],
    ['AuthenticationError', () => new AuthenticationError({ message: 'revoked', status: 401, code: 'unauthorized', requestId: null }), AuthenticationError],
  ] as const)('on the first %s stops sending, yields the rows in flight, then throws it', async (_name, makeError, ErrorClass) => {
    // Row 3 fails fast; rows 4 and 5 are already in flight (concurrency 3) and finish later.
    const { score, state } = fakeScore(
      (index) => (index === 3 ? 1 : 30),
      (index) => (index >= 3 && index <= 5 ? makeError() : null),
    );
    const { items, error } = await collect(scoreBatch(score, rows(50), { concurrency: 3 }));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(Math.max(...state.sent)).toBeLessThan(50);
    // Everything sent was yielded, in order, and nothing after the stop was sent.
    expect(items.map((item) => item.index)).toEqual(state.sent.slice().sort((a, b) => a - b));
    expect(state.sent.length).toBeLessThanOrEqual(6);
    expect(items[3]).toMatchObject({ index: 3 });
    expect('error' in (items[3] ?? {})).toBe(true);
  });

  it('honours signal: stops sending, finishes and yields the rows in flight, then returns', async () => {
    const controller = new AbortController();
    const { score, state } = fakeScore(() => 20);
    const { items, error } = await collect(
      (async function* () {
        for await (const outcome of scoreBatch(score, rows(100), { concurrency: 4, signal: controller.signal })) {
          if (outcome.index === 5) controller.abort();
          yield outcome;
        }
      })(),
    );
    expect(error).toBeUndefined();
    expect(items.map((item) => item.index)).toEqual(state.sent);
    expect(items.every((item) => 'result' in item)).toBe(true);
    expect(state.sent.length).toBeLessThanOrEqual(6 + 4);
    expect(state.sent.length).toBeLessThan(100);
  });

  it('yields the rows in flight before rethrowing an error from reading the input', async () => {
    const { score, state } = fakeScore(() => 10);
    async function* source(): AsyncGenerator<Row> {
      yield* rows(5);
      throw new Error('CSV line 7: unclosed quote');
    }
    const { items, error } = await collect(scoreBatch(score, source(), { concurrency: 3 }));
    expect((error as Error).message).toBe('CSV line 7: unclosed quote');
    expect(items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4]);
    expect(state.sent).toHaveLength(5);
  });

  it('reports progress counts and passes per-row idempotency keys', async () => {
    const keys: Array<string | undefined> = [];
    const progress: BatchProgress[] = [];
    const score = async (row: Row, options: { idempotencyKey?: string | undefined }) => {
      keys.push(options.idempotencyKey);
      if (row.id === 'r1') throw badAddress();
      return scoreResult();
    };
    await collect(
      scoreBatch(score, rows(3), {
        concurrency: 1,
        idempotencyKey: (row, index) => `file-abc:${index}:${row.id}`,
        onProgress: (counts) => progress.push(counts),
      }),
    );
    expect(keys).toEqual(['file-abc:0:r0', 'file-abc:1:r1', 'file-abc:2:r2']);
    expect(progress.at(-1)).toEqual({ completed: 3, succeeded: 2, failed: 1, inFlight: 0 });
  });

  it('refuses a bad concurrency naming the option', async () => {
    const { score } = fakeScore(() => 1);
    await expect(
      collect(scoreBatch(score, rows(1), { concurrency: 0 })).then((outcome) => {
        throw outcome.error;
      }),
    ).rejects.toThrow(/concurrency/);
    await expect(
      collect(scoreBatch(score, rows(1), { concurrency: 2.5 })).then((outcome) => {
        throw outcome.error;
      }),
    ).rejects.toThrow(/concurrency/);
  });
});

describe('client.scoreBatch over HTTP', () => {
  const server = useMockApi();

  it('sends only address and category, carries the other fields through, and stops on a quota 429', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('http://api.locscore.test/api/franchisor/score', async ({ request }) => {
        const body = (await request.json()) as { address: string };
        bodies.push(body);
        if (body.address.startsWith('4 ')) {
          return HttpResponse.json(errorBody('quota_exceeded', 'spent'), { status: 429, headers: { 'x-quota-limit': '20', 'x-quota-remaining': '0' } });
        }
        if (body.address.startsWith('2 ')) return HttpResponse.json(errorBody('address_not_found', 'unknown'), { status: 400 });
        return HttpResponse.json(scoreResult());
      }),
    );
    const client = new LocScoreClient({ apiKey: 'k', baseUrl: 'http://api.locscore.test', fetch: (input, init) => globalThis.fetch(input, init) });
    const { items, error } = await drain(client.scoreBatch(rows(10), { concurrency: 1 }));
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(bodies).toEqual(rows(4).map(({ address, category }) => ({ address, category })));
    expect(items.map((item) => [item.request.id, 'result' in item])).toEqual([
      ['r0', true],
      ['r1', false],
      ['r2', true],
      ['r3', false],
    ]);
  });
});
