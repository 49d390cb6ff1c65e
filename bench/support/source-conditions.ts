/**
 * Runs a benchmark script with the workspace's source export condition, so
 * `@locscore/*` resolve to their `src` (nothing needs building).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Node flags that run TypeScript sources of the workspace: `--conditions=@locscore/source --import tsx`. */
export const SOURCE_NODE_FLAGS: readonly string[] = ['--conditions=@locscore/source', '--import', 'tsx'];

/** True when this process already resolves `@locscore/*` to their sources. */
export function hasSourceConditions(): boolean {
  return process.execArgv.some((flag) => flag.includes('@locscore/source'));
}

/**
 * Re-runs the script at `scriptUrl` with {@link SOURCE_NODE_FLAGS} (stdio
 * inherited) unless this process already has them; then sets the exit code.
 *
 * @param scriptUrl - `import.meta.url` of the benchmark script
 * @returns true when the script was re-run (the caller must stop), false when it should go on
 */
export function rerunWithSourceConditions(scriptUrl: string): boolean {
  if (hasSourceConditions()) return false;
  const run = spawnSync(process.execPath, [...SOURCE_NODE_FLAGS, fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
  return true;
}
