import { readFile } from 'node:fs/promises';

/**
 * What became of a process: `running`; `exiting`, killed or exiting but not
 * yet gone (its memory and files are still being released); or `gone`,
 * including a zombie (it has exited, only its parent has not collected its
 * status yet: a supervisor that was killed with it leaves it to init, which
 * may take seconds).
 */
export type HolderState = 'running' | 'exiting' | 'gone';

/** `PF_EXITING` in the flags of `/proc/<pid>/stat` (Linux `include/linux/sched.h`): the task is in `do_exit`. */
const PF_EXITING = 0x4;
/** Bit of SIGKILL (signal 9) in the pending-signal mask of `/proc/<pid>/stat`. */
const SIGKILL_BIT = 1 << 8;

/**
 * Reads the state of a process from the text of Linux's `/proc/<pid>/stat`
 * (proc(5)): field 3 the state, 9 the flags, 20 the number of threads and 31
 * the pending signals. A zombie (`Z`) or dead (`X`) task with no thread left
 * is gone; one with `PF_EXITING` set or a SIGKILL pending is exiting.
 *
 * @param stat - the file's text
 * @returns the state; `running` when the text cannot be read
 */
export function parseProcStat(stat: string): HolderState {
  // The command name (field 2) is in parentheses and may hold spaces and ')'.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(/\s+/);
  const state = fields[0] ?? '';
  const flags = Number(fields[6] ?? 0);
  const threads = Number(fields[17] ?? 1);
  const pending = Number(fields[28] ?? 0);
  if ((state === 'Z' || state === 'X') && threads <= 1) return 'gone';
  if (state === 'Z' || state === 'X' || (flags & PF_EXITING) !== 0 || (pending & SIGKILL_BIT) !== 0) return 'exiting';
  return 'running';
}

/** Whether a process with this id exists (signal 0 probes without signalling). */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * The state of a process: `gone` when no process has this id; otherwise from
 * `/proc/<pid>/stat` ({@link parseProcStat}). Where there is no `/proc`
 * (macOS, Windows) a process that exists counts as `running`.
 *
 * @param pid - the process id
 */
export async function holderState(pid: number): Promise<HolderState> {
  if (!exists(pid)) return 'gone';
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return exists(pid) ? 'running' : 'gone';
  return parseProcStat(stat);
}

/**
 * Waits while a process is exiting, polling every 50 ms for at most
 * `timeoutMs`.
 *
 * @param pid - the process id
 * @param timeoutMs - the longest wait
 * @returns its state when it stopped exiting, or `exiting` when time ran out
 */
export async function waitWhileExiting(pid: number, timeoutMs: number): Promise<HolderState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await holderState(pid);
    if (state !== 'exiting' || Date.now() >= deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
