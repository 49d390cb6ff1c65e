/**
 * Peak resident memory of a running process, from Linux `/proc`.
 */
import { readFileSync } from 'node:fs';

/**
 * Peak resident set size (`VmHWM`) of a live process, in MB (2^20 bytes).
 *
 * @param pid - process id
 * @returns null when `/proc/<pid>/status` is unreadable (not Linux, or the process has exited)
 */
export function peakRssMbOf(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return match?.[1] === undefined ? null : Math.round(Number(match[1]) / 1024);
  } catch {
    return null;
  }
}
