import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openPgliteDb } from '../../src/db/pglite-db.js';
import { openStore } from '../../src/store/open-store.js';
// The `storeTemplateCache` key of vitest's ProvidedContext.
import type {} from './store-template.global-setup.js';

/**
 * Which template: `empty` is a database as PGlite's initdb leaves it (no
 * table of ours), `migrated` one that `openStore` has opened and migrated to
 * the current schema, then closed.
 */
export type TemplateKind = 'empty' | 'migrated';

/**
 * The store data directory (a folder holding `pgdata/`) of a template, made
 * on first use in the run's template folder (`store-template.global-setup.ts`)
 * and shared by every worker afterwards. It is made in a staging folder and
 * renamed into place, so a directory that exists is complete; when two
 * workers make it at once, the second rename fails and its copy is dropped.
 * Callers only copy it.
 */
async function templateDir(kind: TemplateKind): Promise<string> {
  const cache = inject('storeTemplateCache');
  const out = join(cache, kind);
  if (existsSync(out)) return out;
  const staging = await mkdtemp(join(cache, `${kind}-staging-`));
  if (kind === 'empty') {
    await (await openPgliteDb(join(staging, 'pgdata'))).close();
  } else {
    await cp(await templateDir('empty'), staging, { recursive: true });
    await (await openStore({ dataDir: staging })).close();
  }
  try {
    await rename(staging, out);
  } catch (error) {
    // Another worker renamed its template into place first.
    if (!existsSync(out)) throw error;
    await rm(staging, { recursive: true, force: true });
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
