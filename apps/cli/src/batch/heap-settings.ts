import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags `locscore batch` sets on its own process when the command starts
 * (with `v8.setFlagsFromString`, so they apply however the CLI is launched:
 * `node apps/cli/dist/bin.js batch`, `pnpm locscore batch`, an installed
 * `locscore` bin, or under a caller's own `NODE_OPTIONS`). Both are read by
 * V8 each time it resizes a heap space, not only at start, which is why
 * setting them at run time works (`heap-settings.test.ts` checks it):
 *
 * - `--semi-space-growth-factor=1`: the young generation keeps its initial
 *   1 MB semi-spaces instead of doubling up to 16 MB each on Node 20. A
 *   batch's garbage is short-lived (one row's request, response and output),
 *   so a small nursery frees it as well, and 30 MB less is committed.
 * - `--heap-growing-percent=20`: after each full GC the old generation may
 *   grow by 20 % of what survived before the next one, instead of V8's
 *   dynamic factor (up to 4×). Without it the old generation of a 100k-row
 *   run drifts up with promoted garbage (26 % above the 10k run); with it the
 *   peak is flat. The live heap of a batch is about 15 MB, so the extra full
 *   GCs cost a few milliseconds each.
 *
 * Measured with `locscore batch` on 10,000 and 100,000 rows at
 * `--concurrency 16` against a stub server (peak RSS 10k / 100k): no flags
 * 103–105 / 117 MB; `--semi-space-growth-factor=1` alone 81 / 104 MB;
 * `--heap-growing-percent=20` alone 108 MB at 100k; both 79–83 / 81–83 MB,
 * with CPU per row within run-to-run noise of no flags (0.29 ms at 100k).
 * Rejected: the launch-time `--max-semi-space-size` (1: 99 MB, 2: 87 MB,
 * 4: 85 / 105 MB, not flat), which also needs a re-exec or a shebang flag
 * to reach every launch path; `--max-old-space-size=64` (102 MB at 10k: the
 * old generation was not the problem); `--max-old-space-size=48`, which
 * halved throughput before the transport change.
 */
export const BATCH_V8_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=20'] as const;

/**
 * Applies {@link BATCH_V8_FLAGS} to this process. Call it once, as the batch
 * command starts and before its rows flow; it changes how this whole process
 * sizes its heap from then on, so other commands (a long-running `serve`)
 * must not call it.
 */
export function applyBatchHeapSettings(): void {
  for (const flag of BATCH_V8_FLAGS) setFlagsFromString(flag);
}
