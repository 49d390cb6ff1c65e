/**
 * Waits `ms` milliseconds unless `signal` fires first, with one timer and
 * no promise rejection (browsers and Node alike).
 *
 * @param ms - milliseconds to wait
 * @param signal - stops the wait early
 * @returns `true` when the time passed, `false` when `signal` fired (or had fired)
 */
export function delay(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
