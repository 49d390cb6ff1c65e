import { describe, expect, it } from 'vitest';
import { type DeliveryConcurrency, fairDispatch, type Lane } from './fair-dispatch.js';

/** A job for a host and account, held open until released. */
interface Job {
  id: number;
  lane: Lane;
}

const LIMITS: DeliveryConcurrency = { total: 6, perHost: 2, perAccount: 3, waiting: { perHost: 4, perAccount: 6, total: 8 } };
const MAX_WAIT_MS = 5_000;

/** A queue of jobs in memory and the dispatcher over it on a clock the test moves, recording what ran and what was put back. */
function harness(jobs: Job[], limits: DeliveryConcurrency = LIMITS) {
  const queue = [...jobs];
  const running = new Map<number, () => void>();
  const ran: number[] = [];
  const deferred: Array<{ id: number; slow: boolean; readyInMs: number }> = [];
  const time = { now: 0 };
  const dispatch = fairDispatch<Job>(
    {
      fetch: async (count) => queue.splice(0, count),
      laneOf: async (job) => job.lane,
      run: (job) =>
        new Promise<void>((resolve) => {
          ran.push(job.id);
          running.set(job.id, () => {
            running.delete(job.id);
            resolve();
          });
        }),
      defer: async (later) => {
        for (const { job, slow, readyInMs } of later) deferred.push({ id: job.id, slow, readyInMs });
      },
      maxWaitMs: MAX_WAIT_MS,
    },
    limits,
    (error) => {
      throw error;
    },
    () => time.now,
  );
  /** Lets every pending promise of the dispatcher settle (its work is promise chains only, no timers). */
  const settle = async (): Promise<void> => {
    for (let turn = 0; turn < 50; turn += 1) await Promise.resolve();
  };
  const release = async (id: number): Promise<void> => {
    running.get(id)?.();
    await settle();
  };
  const finish = async (): Promise<void> => {
    const stopping = dispatch.stop();
    while (running.size > 0) for (const id of [...running.keys()]) await release(id);
    await stopping;
  };
  return { dispatch, running, ran, deferred, queue, settle, release, finish, time };
}

const job = (id: number, host: string, accountId: string): Job => ({ id, lane: { host, accountId } });

describe('fairDispatch', () => {
  it('starts each job within the host and account limits; the others of a full lane wait and start the moment a slot frees', async () => {
    const jobs = [...Array.from({ length: 6 }, (_, n) => job(n, 'busy.example', 'noisy')), job(6, 'quiet.example', 'quiet'), job(7, 'other.example', 'noisy')];
    const { dispatch, ran, deferred, release, settle, finish } = harness(jobs);
    dispatch.kick();
    await settle();
    // Two to the busy host (its limit), the quiet tenant's job, one more of the noisy account (3 in all); 2–5 wait in memory.
    expect(ran).toEqual([0, 1, 6, 7]);
    expect(dispatch.waiting).toBe(4);
    expect(deferred).toEqual([]);
    await release(7);
    // The account has a slot again but the host has none: still waiting.
    expect(ran).toEqual([0, 1, 6, 7]);
    await release(0);
    expect(ran).toEqual([0, 1, 6, 7, 2]);
    await release(1);
    await release(2);
    expect(ran).toEqual([0, 1, 6, 7, 2, 3, 4]);
    expect(deferred).toEqual([]);
    await finish();
  });

  it('puts jobs beyond the waiting limits back in the queue, and fetches on so other tenants are reached', async () => {
    const jobs = [...Array.from({ length: 10 }, (_, n) => job(n, 'busy.example', 'noisy')), job(10, 'quiet.example', 'quiet')];
    const { dispatch, ran, deferred, settle, finish } = harness(jobs);
    dispatch.kick();
    await settle();
    expect(ran).toEqual([0, 1, 10]);
    expect(dispatch.waiting).toBe(4);
    expect(deferred.map(({ id }) => id)).toEqual([6, 7, 8, 9]);
    expect(deferred.every(({ slow }) => !slow)).toBe(true);
    // No attempt to the host has ended yet: a second per slot's worth of waiting jobs (4 waiting, 2 slots).
    expect(deferred.map(({ readyInMs }) => readyInMs)).toEqual([2_000, 2_000, 2_000, 2_000]);
    await finish();
  });

  it('sends a hanging host’s jobs back to the queue as slow instead of holding them, while the quiet tenant’s job starts', async () => {
    const jobs = Array.from({ length: 4 }, (_, n) => job(n, 'hang.example', 'noisy'));
    const { dispatch, ran, deferred, queue, settle, finish, time } = harness(jobs);
    dispatch.kick();
    await settle();
    expect(dispatch.waiting).toBe(2);
    // The two attempts to the host have now run for a second: the host is slow, its waiting jobs go back.
    time.now = 1_000;
    queue.push(job(4, 'hang.example', 'noisy'), job(5, 'quiet.example', 'quiet'));
    dispatch.kick();
    await settle();
    expect(ran).toEqual([0, 1, 5]);
    expect(dispatch.waiting).toBe(0);
    expect(deferred).toEqual([
      { id: 2, slow: true, readyInMs: 0 },
      { id: 3, slow: true, readyInMs: 0 },
      { id: 4, slow: true, readyInMs: 0 },
    ]);
    await finish();
  });

  it('sends back a job that waited its longest, at the next look', async () => {
    // The account's three slots are taken by attempts to other hosts; the job of a fresh host waits for the account.
    const jobs = [job(0, 'a.example', 'noisy'), job(1, 'b.example', 'noisy'), job(2, 'c.example', 'noisy'), job(3, 'fresh.example', 'noisy')];
    const { dispatch, ran, deferred, settle, finish, time } = harness(jobs);
    dispatch.kick();
    await settle();
    expect(dispatch.waiting).toBe(1);
    time.now = MAX_WAIT_MS - 1;
    dispatch.kick();
    await settle();
    expect(dispatch.waiting).toBe(1);
    time.now = MAX_WAIT_MS;
    dispatch.kick();
    await settle();
    expect(dispatch.waiting).toBe(0);
    expect(deferred).toEqual([{ id: 3, slow: false, readyInMs: 0 }]);
    expect(ran).toEqual([0, 1, 2]);
    await finish();
  });

  it('holds no job of a host whose pace would not start it within the longest wait', async () => {
    const limits = { total: 6, perHost: 1, perAccount: 3, waiting: { perHost: 10, perAccount: 10, total: 10 } };
    const { dispatch, ran, deferred, queue, release, settle, finish, time } = harness([job(0, 'steady.example', 'a')], limits);
    dispatch.kick();
    await settle();
    // An attempt that took 0.9 s: not slow, but one at a time, only the 5 jobs that would start within 5 s wait.
    time.now = 900;
    await release(0);
    queue.push(...Array.from({ length: 8 }, (_, n) => job(n + 1, 'steady.example', `a${n}`)));
    dispatch.kick();
    await settle();
    expect(ran).toEqual([0, 1]);
    expect(dispatch.waiting).toBe(5);
    expect(deferred.map(({ id }) => id)).toEqual([7, 8]);
    // 5 waiting ahead at 900 ms each, one at a time.
    expect(deferred.map(({ readyInMs }) => readyInMs)).toEqual([4_500, 4_500]);
    expect(deferred.every(({ slow }) => !slow)).toBe(true);
    await finish();
  });

  it('never runs more than the total at once', async () => {
    const jobs = Array.from({ length: 20 }, (_, n) => job(n, `host-${n}.example`, `account-${n}`));
    const { dispatch, ran, queue, release, settle, finish } = harness(jobs);
    dispatch.kick();
    await settle();
    expect(ran).toHaveLength(6);
    expect(queue).toHaveLength(14);
    await release(0);
    expect(ran).toHaveLength(7);
    await finish();
  });

  it('puts the waiting jobs back in the queue when it stops, and starts nothing more', async () => {
    const { dispatch, ran, deferred, release, settle } = harness(Array.from({ length: 4 }, (_, n) => job(n, 'busy.example', 'noisy')));
    dispatch.kick();
    await settle();
    expect(dispatch.waiting).toBe(2);
    const stopping = dispatch.stop();
    await settle();
    expect(deferred.map(({ id }) => id)).toEqual([2, 3]);
    await release(0);
    await release(1);
    await stopping;
    expect(ran).toEqual([0, 1]);
    expect(dispatch.running).toBe(0);
  });
});
