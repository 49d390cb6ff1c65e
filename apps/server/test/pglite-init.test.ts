import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDb } from '../src/db/pglite-db.js';
import { createPgliteDataDir, isNewDataDir } from '../src/db/pglite-init.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'locscore-pglite-init-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('isNewDataDir', () => {
  it('is true for an absent path and an empty directory only', async () => {
    await mkdir(join(dir, 'empty'));
    await mkdir(join(dir, 'used'));
    await writeFile(join(dir, 'used', 'PG_VERSION'), '18\n');
    await writeFile(join(dir, 'a-file'), 'x');

    expect(await isNewDataDir(join(dir, 'absent'))).toBe(true);
    expect(await isNewDataDir(join(dir, 'absent', 'deeper'))).toBe(true);
    expect(await isNewDataDir(join(dir, 'empty'))).toBe(true);
    expect(await isNewDataDir(join(dir, 'used'))).toBe(false);
    // A file, or a path under one, is left for PGlite.create to reject with its own error.
    expect(await isNewDataDir(join(dir, 'a-file'))).toBe(false);
    expect(await isNewDataDir(join(dir, 'a-file', 'pgdata'))).toBe(false);
  });
});

describe('createPgliteDataDir', () => {
  it('creates a database in a child process that the worker then opens', async () => {
    const path = join(dir, 'created', 'pgdata');
    await createPgliteDataDir(path);
    expect((await readFile(join(path, 'PG_VERSION'), 'utf8')).trim()).toMatch(/^\d+$/);
    expect(await isNewDataDir(path)).toBe(false);
    // Made beside the directory and renamed into place: nothing else is left there.
    expect(await readdir(join(dir, 'created'))).toEqual(['pgdata']);

    const db = await openPgliteDb(path);
    try {
      await db.exec('CREATE TABLE notes (body text)');
      await db.query('INSERT INTO notes VALUES ($1)', ['kept']);
      expect((await db.query('SELECT body FROM notes')).rows).toEqual([{ body: 'kept' }]);
    } finally {
      await db.close();
    }
  });

  it('fills an empty directory (openStore makes the folder for its lock first)', async () => {
    const path = join(dir, 'empty-before');
    await mkdir(path);
    await createPgliteDataDir(path);
    expect(await readFile(join(path, 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
    expect((await readdir(dir)).filter((name) => name.startsWith('empty-before'))).toEqual(['empty-before']);
  });

  it('names the directory and the reason when PGlite cannot create it, and leaves nothing behind', async () => {
    await writeFile(join(dir, 'not-a-dir'), 'x');
    const path = join(dir, 'not-a-dir', 'pgdata');
    // Its parent folder is a file: the reason is the file system's (EEXIST from mkdir).
    await expect(createPgliteDataDir(path)).rejects.toThrow(`could not create a PGlite database in ${path}: EEXIST`);

    // A directory holding a file is not empty: the rename into place fails and the made database is removed.
    await mkdir(join(dir, 'occupied'));
    await writeFile(join(dir, 'occupied', 'other'), 'x');
    await expect(createPgliteDataDir(join(dir, 'occupied'))).rejects.toThrow(`could not create a PGlite database in ${join(dir, 'occupied')}: ENOTEMPTY`);
    expect(await readdir(join(dir, 'occupied'))).toEqual(['other']);
    expect((await readdir(dir)).filter((name) => name.startsWith('occupied'))).toEqual(['occupied']);
  });
});
