import type { KeyLastUseRepository } from '../../store/key-last-use.js';

/** How often one key's last use is written at most: once a minute. */
export const LAST_USE_INTERVAL_MS = 60_000;

/**
 * Records when keys authenticate, at most once per key per
 * {@link LAST_USE_INTERVAL_MS} from this process, without making the request
 * wait: `lastUsedAt` is exact to about a minute and scoring pays no write.
 *
 * @param repository - where the times go
 * @param options - `intervalMs`, `now` (tests), and `onError` (a failed write is logged, never thrown)
 * @returns `stamp(keyId)`
 */
export function createLastUseStamp(
  repository: KeyLastUseRepository,
  options: { intervalMs?: number; now?: () => Date; onError: (error: unknown) => void },
): (keyId: string) => void {
  const interval = options.intervalMs ?? LAST_USE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const written = new Map<string, number>();
  return (keyId) => {
    const at = now();
    const last = written.get(keyId);
    if (last !== undefined && at.getTime() - last < interval) return;
    if (written.size >= 10_000) written.clear();
    written.set(keyId, at.getTime());
    repository.record(keyId, at).catch(options.onError);
  };
}
