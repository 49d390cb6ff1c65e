import type { Server } from 'node:http';

/** Result of {@link closeHttpServer}. */
export interface HttpCloseResult {
  /** True when the timeout ran out and in-flight connections were cut. */
  forced: boolean;
}

/**
 * Stops an HTTP server gracefully: stops accepting connections, closes idle
 * keep-alive connections (now, and every 100 ms as in-flight responses end),
 * lets in-flight requests finish, and after `timeoutMs` closes whatever is left.
 *
 * @param server - a listening Node.js HTTP server
 * @param timeoutMs - milliseconds to wait for in-flight requests
 * @returns once every connection is closed
 */
export function closeHttpServer(server: Server, timeoutMs: number): Promise<HttpCloseResult> {
  return new Promise((resolve) => {
    let forced = false;
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const deadline = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve({ forced });
    });
    server.closeIdleConnections();
  });
}

/**
 * Resolves with `work`'s outcome, or with `'timeout'` after `ms` (the work
 * keeps running; its late rejection is ignored).
 *
 * @param work - e.g. stopping the job queue
 * @param ms - milliseconds to wait
 */
export async function withinTime(work: Promise<void>, ms: number): Promise<'done' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work.then(() => 'done' as const), timeout]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}
