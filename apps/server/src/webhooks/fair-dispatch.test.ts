import { describe, expect, it } from 'vitest';
import { fairDispatch, type Lane } from './fair-dispatch.js';

/** A job for a host and account, held open until released. */
interface Job {
  id: number;
  lane: Lane;
}

/** A queue of jobs in memory and the dispatcher over it, recording what ran and what was put back. */
function harness(jobs: Job[], limits = { total: 6, perHost: 2, perAccount: 3 }) {
  const queue = [...jobs];
  const running = new Map<number, () => void>();
  const ran: number[] = [];
  const deferred: Array<{ id: number; slow: boolean }> = [];
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
        for (const { job, slow } of later) deferred.push({ id: job.id, slow });
      },
    },
    limits,
    (error) => {
      throw error;
    },
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return { dispatch, running, ran, deferred, queue, settle };
}

const job = (id: number, host: string, accountId: string): Job => ({ id, lane: { host, accountId } });

describe('fairDispatch', () => {
  it('runs each job on its own within the host and account limits, and puts the rest back instead of waiting for them', async () => {
    const jobs = [
      ...Array.from({ length: 10 }, (_, n) => job(n, 'hang.example', 'noisy')),
      job(10, 'quiet.example', 'quiet'),
      job(11, 'other.example', 'noisy'),
    ];
    const { dispatch, running, ran, deferred, settle } = harness(jobs);
    dispatch.kick();
    await settle();
    // Two to the hanging host (its limit), the quiet tenant's job, and one more of the noisy account (3 in all).
    expect(ran).toEqual([0, 1, 10, 11]);
    expect(deferred.map(({ id }) => id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(dispatch.running).toBe(4);
    running.get(10)?.();
    running.get(0)?.();
    await settle();
    expect(dispatch.running).toBe(2);
    const stopping = dispatch.stop();
    for (const release of [...running.values()]) release();
    await stopping;
    expect(dispatch.running).toBe(0);
  });

  it('never runs more than the total at once', async () => {
    const jobs = Array.from({ length: 20 }, (_, n) => job(n, `host-${n}.example`, `account-${n}`));
    const { dispatch, ran, queue, running, settle } = harness(jobs);
    dispatch.kick();
    await settle();
    expect(ran).toHaveLength(6);
    expect(queue).toHaveLength(14);
    running.get(0)?.();
    await settle();
    expect(ran).toHaveLength(7);
    const stopping = dispatch.stop();
    for (const release of [...running.values()]) release();
    await stopping;
  });
});
