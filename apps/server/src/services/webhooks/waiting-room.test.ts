import { describe, expect, it } from 'vitest';
import { waitingRoom } from './waiting-room.js';

describe('waitingRoom', () => {
  it('admits within the limits per host, per account and in all', () => {
    const room = waitingRoom<number>({ perHost: 2, perAccount: 3, total: 4 });
    expect(room.admit(1, { host: 'h', accountId: 'a' }, 0)).toBe(true);
    expect(room.admit(2, { host: 'h', accountId: 'a' }, 0)).toBe(true);
    expect(room.admit(3, { host: 'h', accountId: 'b' }, 0)).toBe(false);
    expect(room.admit(4, { host: 'i', accountId: 'a' }, 0)).toBe(true);
    expect(room.admit(5, { host: 'j', accountId: 'a' }, 0)).toBe(false);
    expect(room.admit(6, { host: 'j', accountId: 'b' }, 0)).toBe(true);
    expect(room.admit(7, { host: 'k', accountId: 'c' }, 0)).toBe(false);
    expect(room.size).toBe(4);
    expect(room.waitingOn('h')).toBe(2);
  });

  it('starts jobs oldest first as their lanes allow, each seen by the next check', () => {
    const room = waitingRoom<number>({ perHost: 10, perAccount: 10, total: 10 });
    for (const [n, host] of ['h', 'i', 'h', 'h'].entries()) room.admit(n, { host, accountId: 'a' }, n);
    const started: number[] = [];
    let slotsOfH = 2;
    room.startWhere(
      (lane) => lane.host !== 'h' || slotsOfH > 0,
      (job, lane) => {
        started.push(job);
        if (lane.host === 'h') slotsOfH -= 1;
      },
    );
    expect(started).toEqual([0, 1, 2]);
    expect(room.size).toBe(1);
    expect(room.waitingOn('h')).toBe(1);
    expect(room.removeWhere(({ since }) => since >= 3).map(({ job }) => job)).toEqual([3]);
    expect(room.size).toBe(0);
    expect(room.waitingOn('h')).toBe(0);
    expect(room.admit(9, { host: 'h', accountId: 'a' }, 9)).toBe(true);
  });
});
