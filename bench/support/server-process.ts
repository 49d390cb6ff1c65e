/**
 * The reference server in a child process, configured by its `LOCSCORE_*`
 * environment variables, so that load generators and clients in the
 * benchmark's process do not share its event loop or its memory figures.
 * It runs as users run it, the built `apps/server/dist/main.js` under plain
 * `node` (`pnpm bench` builds first), and from source under tsx only when
 * no build is there.
 *
 * Its stderr (the JSON access log, one line per request at the default
 * `info` level) goes to a file, as a deployment's logs go to a file or a
 * journal: piped into the benchmark's process, every line would be read on
 * the event loop that also drives autocannon, slowing the load generator for
 * the logging server but not for the silent hello baseline.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './machine.js';
import { cpuSecondsOf, peakRssMbOf } from './process-memory.js';
import { SOURCE_NODE_FLAGS } from './source-conditions.js';

/** Options of {@link spawnServer}. */
export interface SpawnServerOptions {
  /** `LOCSCORE_*` / `DATABASE_URL` variables (`LOCSCORE_PORT` defaults to 0). */
  env: Record<string, string>;
  /** Extra node flags before the source flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /**
   * Script to run instead of the server's {@link SERVER_MAIN} (must print
   * `listening on <url>` on stderr); a `.ts` script runs with the source flags.
   */
  script?: string;
  /** Give up waiting for the listening line after this many ms (default 60 000: a new PGlite data dir takes ~7 s). */
  startTimeoutMs?: number;
}

/** A server running in a child process. */
export interface ServerProcess {
  /** Base URL it listens on. */
  url: string;
  pid: number;
  /** The last 100 kB of its stderr so far (read from its log file). */
  stderr(): string;
  /** Peak RSS so far, MB (null when unreadable). */
  peakRssMb(): number | null;
  /** CPU seconds (user + system) used so far (null when unreadable). */
  cpuSeconds(): number | null;
  /** Sends SIGTERM and waits for the exit; resolves the exit code and the peak RSS just before. */
  stop(): Promise<{ code: number | null; peakRssMb: number | null }>;
}

/** Path of the reference server's built entry point. */
const SERVER_DIST_MAIN = join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');

/** The reference server's entry point: the build when there is one, else `src/main.ts`. */
export const SERVER_MAIN = existsSync(SERVER_DIST_MAIN) ? SERVER_DIST_MAIN : join(REPO_ROOT, 'apps', 'server', 'src', 'main.ts');

/**
 * Starts a server process and waits until it prints `listening on <url>`.
 *
 * @param options - see {@link SpawnServerOptions}
 * @throws Error with the child's stderr when it exits or does not listen in time
 */
export async function spawnServer(options: SpawnServerOptions): Promise<ServerProcess> {
  const script = options.script ?? SERVER_MAIN;
  const sourceFlags = script.endsWith('.ts') ? SOURCE_NODE_FLAGS : [];
  const logDir = mkdtempSync(join(tmpdir(), 'locscore-bench-server-'));
  const logFile = join(logDir, 'stderr.log');
  const logFd = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeFlags ?? []), ...sourceFlags, script], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOCSCORE_PORT: '0', ...options.env },
    stdio: ['ignore', 'ignore', logFd],
  });
  closeSync(logFd);
  const stderr = (): string => tailOf(logFile, 100_000);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** The log can hold one line per request (25 MB for a 100k-row batch): removed once the server stopped. */
  const removeLog = (): void => rmSync(logDir, { recursive: true, force: true });
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timeoutMs = options.startTimeoutMs ?? 60_000;
    const started = Date.now();
    const poll = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(stderr());
      if (match?.[1] !== undefined) {
        clearInterval(poll);
        listening = true;
        resolve(match[1]);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error(`server did not listen within ${timeoutMs} ms:\n${stderr()}`));
        child.kill('SIGKILL');
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      if (listening) return;
      const message = `server exited (code ${code}) before listening:\n${stderr()}`;
      removeLog();
      reject(new Error(message));
    });
  });
  const pid = child.pid ?? -1;
  return {
    url,
    pid,
    stderr,
    peakRssMb: () => peakRssMbOf(pid),
    cpuSeconds: () => cpuSecondsOf(pid),
    async stop() {
      const peakRssMb = peakRssMbOf(pid);
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      removeLog();
      return { code, peakRssMb };
    },
  };
}

/** The last `bytes` of a file as UTF-8 ('' when it cannot be read). */
function tailOf(path: string, bytes: number): string {
  try {
    const size = statSync(path).size;
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    const fd = openSync(path, 'r');
    try {
      readSync(fd, buffer, 0, length, size - length);
    } finally {
      closeSync(fd);
    }
    return buffer.toString('utf8');
  } catch {
    return '';
  }
}
