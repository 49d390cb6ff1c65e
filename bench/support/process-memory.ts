/**
 * Peak resident memory and CPU time of a running process, from Linux `/proc`.
 */
import { readFileSync } from 'node:fs';

/**
 * Peak resident set size (`VmHWM`) of a live process, in MB (2^20 bytes).
 *
 * @param pid - process id
 * @returns null when `/proc/<pid>/status` is unreadable (not Linux, or the process has exited)
 */
export function peakRssMbOf(pid: number): number | null {
  return statusMbOf(pid, 'VmHWM');
}

/** A memory field of `/proc/<pid>/status` (given in kB) in MB, or null when unreadable. */
function statusMbOf(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match?.[1] === undefined ? null : Math.round(Number(match[1]) / 1024);
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system) a live process has used so far, in seconds, from
 * `/proc/<pid>/stat` fields 14 and 15 (clock ticks, assumed 100 per second as on Linux x64).
 *
 * @param pid - process id
 * @returns null when unreadable
 */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: split after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/**
 * Resident set size (`VmRSS`) of a live process now, in MB (2^20 bytes).
 *
 * @param pid - process id
 * @returns null when `/proc/<pid>/status` is unreadable
 */
export function rssMbOf(pid: number): number | null {
  return statusMbOf(pid, 'VmRSS');
}
