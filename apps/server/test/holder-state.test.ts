import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { holderState, parseProcStat, waitWhileExiting } from '../src/db/holder-state.js';

/** `/proc/<pid>/stat` of a process with the given state, flags, threads and pending signals (proc(5) field order). */
function stat(state: string, flags: number, threads: number, pending: number): string {
  const fields = [state, '1', '1', '1', '0', '-1', String(flags), ...Array(10).fill('0'), String(threads), ...Array(10).fill('0'), String(pending), '0'];
  return `4242 (node (locscore) x) ${fields.join(' ')}`;
}

describe('parseProcStat', () => {
  it('reads a live process as running, whatever its command name holds', () => {
    expect(parseProcStat(stat('S', 0x400000, 11, 0))).toBe('running');
    expect(parseProcStat(stat('R', 0x400000, 1, 0))).toBe('running');
  });

  it('reads a process in do_exit (PF_EXITING) or with SIGKILL pending as exiting', () => {
    expect(parseProcStat(stat('R', 0x400004, 11, 0))).toBe('exiting');
    expect(parseProcStat(stat('S', 0x400000, 11, 1 << 8))).toBe('exiting');
    // The group leader has exited, other threads have not yet.
    expect(parseProcStat(stat('Z', 0x40800c, 3, 0))).toBe('exiting');
  });

  it('reads a zombie or dead task without threads left as gone', () => {
    expect(parseProcStat(stat('Z', 0x40800c, 1, 0))).toBe('gone');
    expect(parseProcStat(stat('X', 0x40800c, 0, 0))).toBe('gone');
  });
});

describe.skipIf(!existsSync('/proc/self/stat'))('holderState on this machine', () => {
  it('sees this process running and an unused pid gone', async () => {
    expect(await holderState(process.pid)).toBe('running');
    expect(await holderState(2 ** 22 + 1)).toBe('gone');
  });

  it('sees a killed child that its parent has not collected (a zombie) as gone', async () => {
    // dash does not collect a background job while `read` waits on stdin.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; read _'], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
      expect(await holderState(pid)).toBe('running');
      process.kill(pid, 'SIGKILL');
      expect(await waitWhileExiting(pid, 5_000)).toBe('gone');
      expect(existsSync(`/proc/${pid}/stat`)).toBe(true);
    } finally {
      parent.stdin.end();
    }
  });
});
