import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the PGlite template databases the e2e tests of one run copy (see `store-template.ts`). */
    storeTemplateCache: string;
  }
}

/**
 * Global set-up of the e2e project: one empty folder per test run where
 * `store-template.ts` makes its PGlite template databases (an empty one and
 * a migrated one), once, for every test file that copies them instead of
 * creating a database of its own. Creating a PGlite database (initdb) costs
 * several seconds of CPU, copying one a fraction of one. Nothing is created
 * here, so a run that opens no store pays nothing. The folder is removed
 * when the run ends.
 *
 * @returns the teardown
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'locscore-test-stores-'));
  project.provide('storeTemplateCache', dir);
  return () => rm(dir, { recursive: true, force: true });
}
