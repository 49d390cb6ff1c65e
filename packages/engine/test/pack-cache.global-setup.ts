import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the region packs the e2e tests of one run share (see `sharedPack` in `region-fixtures.ts`). */
    regionPackCache: string;
  }
}

/**
 * Global set-up of the e2e project: one empty folder per test run where
 * `sharedPack` imports each real region pack (Liechtenstein, West Village…)
 * once, for every test file that asks for the same import options, instead
 * of once per file. Nothing is built here, so running one test file costs
 * only the packs it uses. The folder is removed when the run ends.
 *
 * @returns the teardown
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'locscore-test-packs-'));
  project.provide('regionPackCache', dir);
  return () => rm(dir, { recursive: true, force: true });
}
