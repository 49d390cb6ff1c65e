import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { inject } from 'vitest';
import { openPgliteDb } from '../../src/db/pglite-db.js';
import { createLogger } from '../../src/infra/logger.js';
import { openQueue } from '../../src/services/jobs/boss-queue.js';
import { SCORE_QUEUE } from '../../src/services/scoring/scoring-job.js';
import { DELIVERY_QUEUE } from '../../src/services/webhooks/delivery-queue.js';
import { openStore } from '../../src/store/open-store.js';
// The `storeTemplateCache` key of vitest's ProvidedContext.
import type {} from './store-template.global-setup.js';

/**
 * Which template: `empty` is a database as PGlite's initdb leaves it (no
 * table of ours), `migrated` one as a server's first start leaves it:
 * opened and migrated by `openStore`, with pg-boss's schema (`pgboss`) and
 * the server's queues created, then closed.
 */
export type TemplateKind = 'empty' | 'migrated';

/** Makes the template `kind` at `out`, in a staging folder renamed into place, so a directory at `out` is complete. */
async function makeTemplate(kind: TemplateKind, out: string): Promise<void> {
  const staging = await mkdtemp(`${out}-staging-`);
  try {
    if (kind === 'empty') {
      await (await openPgliteDb(join(staging, 'pgdata'))).close();
    } else {
      await cp(await templateDir('empty'), staging, { recursive: true });
      const store = await openStore({ dataDir: staging });
      try {
        await (await openQueue([SCORE_QUEUE, DELIVERY_QUEUE], { store, logger: createLogger({ level: 'silent' }) })).stop();
      } finally {
        await store.close();
      }
    }
    await rename(staging, out);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The store data directory (a folder holding `pgdata/`) of a template, made
 * on first use in the run's template folder (`store-template.global-setup.ts`)
 * and shared by every worker afterwards. One worker makes it while the
 * others wait on its lock (proper-lockfile, as the server's data dir lock,
 * retrying up to about 10 minutes, the e2e hook limit). Callers only copy it.
 */
async function templateDir(kind: TemplateKind): Promise<string> {
  const cache = inject('storeTemplateCache');
  const out = join(cache, kind);
  if (existsSync(out)) return out;
  // The lock is `<out>.lock`; `out` itself does not exist yet (realpath: false).
  const release = await lockfile.lock(out, { realpath: false, stale: 60_000, retries: { retries: 600, minTimeout: 100, maxTimeout: 1000 } });
  try {
    if (!existsSync(out)) await makeTemplate(kind, out);
  } finally {
    await release();
  }
  return out;
}

/**
 * A store data directory (the `dataDir` of `openStore`, `startServer`,
 * `LOCSCORE_DATA_DIR` and the CLI's `--data-dir`) holding a copy of a
 * template database: what a first start would have made, without paying
 * for initdb again. Tests about the first start itself (initdb, a new
 * directory) create their own instead.
 *
 * @param dataDir - where to copy it (created with its parents; must not hold
 *   a database yet) @default a new temporary directory
 * @param kind - which template @default 'migrated'
 * @returns the data directory
 */
export async function templateDataDir(dataDir?: string, kind: TemplateKind = 'migrated'): Promise<string> {
  const template = await templateDir(kind);
  const target = dataDir ?? (await mkdtemp(join(tmpdir(), 'locscore-test-data-')));
  await cp(template, target, { recursive: true });
  return target;
}

/**
 * A PGlite database directory (the path `openPgliteDb` takes) holding a
 * copy of a template database.
 *
 * @param pgdata - where to copy it (created with its parents) @default `pgdata/` in a new temporary directory
 * @param kind - which template @default 'migrated'
 * @returns the database directory
 */
export async function templatePgdata(pgdata?: string, kind: TemplateKind = 'migrated'): Promise<string> {
  const template = await templateDir(kind);
  const target = pgdata ?? join(await mkdtemp(join(tmpdir(), 'locscore-test-pgdata-')), 'pgdata');
  await cp(join(template, 'pgdata'), target, { recursive: true });
  return target;
}
