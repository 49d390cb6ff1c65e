/**
 * `pnpm bench`: runs every benchmark script in this folder (`bench/*.ts`
 * except this file) one after another, each in its own process so that peak
 * RSS figures are its own. Each script writes `bench/results/<name>.json`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

let failed = 0;
for (const script of scripts) {
  process.stderr.write(`\n== bench ${script}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${here}${script}`], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    process.stderr.write(`bench ${script} failed (exit ${run.status})\n`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
