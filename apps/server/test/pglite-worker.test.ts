import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClosableDb, Db } from '../src/db/db.js';
import { openPgliteDb } from '../src/db/pglite-db.js';
import { exited, spawnTs } from './support/spawn.js';
import { templatePgdata } from './support/store-template.js';

/**
 * PGlite on its worker thread (`store/pglite-db.ts`, `store/pglite-worker.ts`)
 * on a real data directory: the same semantics as PGlite in one thread.
 */
let dir: string;
let db: ClosableDb;

/** A new data directory: a copy of the run's empty template database (`store-template.ts`). */
function freshDataDir(name: string): Promise<string> {
  return templatePgdata(join(dir, name), 'empty');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'locscore-pglite-worker-'));
  db = await openPgliteDb(await freshDataDir('pgdata'));
  await db.exec(`
    CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL, at timestamptz, doc jsonb);
    CREATE TABLE waits (id int PRIMARY KEY);
  `);
});

afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

async function labels(handle: Db): Promise<string[]> {
  const { rows } = await handle.query<{ label: string }>('SELECT label FROM items ORDER BY id');
  return rows.map((row) => row.label);
}

describe('PGlite on a worker thread', () => {
  it('answers rows of query, and of every statement of exec', async () => {
    expect(db.driver).toBe('pglite');
    expect(await db.query('SELECT $1::int + 1 AS n', [41])).toEqual({ rows: [{ n: 42 }] });
    const results = await db.exec(`
      INSERT INTO items (id, label) VALUES (1, 'one') RETURNING id;
      SELECT label FROM items WHERE id = 1;
      DELETE FROM items;
    `);
    expect(results).toEqual([{ rows: [{ id: 1 }] }, { rows: [{ label: 'one' }] }, { rows: [] }]);
  });

  it('keeps Date, jsonb, arrays, int8 and bytea values across the thread boundary', async () => {
    const at = new Date('2026-03-01T12:34:56.789Z');
    await db.query('INSERT INTO items (id, label, at, doc) VALUES ($1, $2, $3, $4)', [2, 'typed', at, JSON.stringify({ a: [1, 'x'], b: null })]);
    const { rows } = await db.query<{ at: Date; doc: unknown }>('SELECT at, doc FROM items WHERE id = 2');
    expect(rows[0]?.at).toBeInstanceOf(Date);
    expect(rows[0]?.at.toISOString()).toBe(at.toISOString());
    expect(rows[0]?.doc).toEqual({ a: [1, 'x'], b: null });

    const arrays = await db.query<{ texts: string[]; times: Date[]; empty: null }>(
      'SELECT $1::text[] AS texts, $2::timestamptz[] AS times, $3::text AS empty',
      [['a', 'b,c', ''], [at, new Date(0)], null],
    );
    expect(arrays.rows).toEqual([{ texts: ['a', 'b,c', ''], times: [at, new Date(0)], empty: null }]);

    const numbers = await db.query("SELECT count(*) AS c, 9007199254740993::int8 AS big, true AS yes, '\\x01ff'::bytea AS bytes FROM items");
    expect(numbers.rows).toEqual([{ c: 1, big: 9007199254740993n, yes: true, bytes: new Uint8Array([1, 255]) }]);
    await db.query('DELETE FROM items');
  });

  it('rejects with PGlite’s message and SQLSTATE fields', async () => {
    await db.query("INSERT INTO items (id, label) VALUES (3, 'three')");
    const error: unknown = await db.query("INSERT INTO items (id, label) VALUES (3, 'again')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'duplicate key value violates unique constraint "items_pkey"',
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (id)=(3) already exists.',
      constraint: 'items_pkey',
      schema: 'public',
      table: 'items',
    });
    await expect(db.query("DO $$ BEGIN RAISE EXCEPTION 'custom failure'; END $$")).rejects.toMatchObject({ message: 'custom failure', code: 'P0001' });
    await expect(db.query('SELECT $1::int', [() => 1])).rejects.toThrow(/could not be cloned/);
    expect(await labels(db)).toEqual(['three']);
    await db.query('DELETE FROM items');
  });

  it('commits a transaction when fn resolves, rolls back when it rejects and passes the rejection on', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, label) VALUES (10, 'kept')");
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]?.n;
    });
    expect(value).toBe(1);

    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, label) VALUES (11, 'dropped')");
        expect(await labels(tx)).toEqual(['kept', 'dropped']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await labels(db)).toEqual(['kept']);
  });

  it('runs a nested transaction inside the same transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.transaction(async (nested) => {
          await nested.query("INSERT INTO items (id, label) VALUES (12, 'nested')");
          await nested.exec("INSERT INTO items (id, label) VALUES (13, 'nested exec')");
        });
        expect(await labels(tx)).toEqual(['kept', 'nested', 'nested exec']);
        throw new Error('roll back the outer one');
      }),
    ).rejects.toThrow('roll back the outer one');
    expect(await labels(db)).toEqual(['kept']);
  });

  it('rejects a failing query inside a transaction and lets fn decide', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, label) VALUES (14, 'before the error')");
        await tx.query("INSERT INTO items (id, label) VALUES (10, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await labels(db)).toEqual(['kept']);

    // fn swallows the error and resolves: PostgreSQL rolled the transaction back, and COMMIT says so (as in one thread).
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO items (id, label) VALUES (15, 'lost')");
        await tx.query("INSERT INTO items (id, label) VALUES (10, 'duplicate')").catch(() => undefined);
        await expect(tx.query('SELECT 1')).rejects.toMatchObject({ code: '25P02' });
      }),
    ).rejects.toThrow();
    expect(await labels(db)).toEqual(['kept']);
  });

  it('makes queries on the database wait while a transaction is open', async () => {
    let releaseTransaction = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    let opened = (): void => undefined;
    const isOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO waits (id) VALUES (1)');
      opened();
      await released;
      await tx.query('INSERT INTO waits (id) VALUES (2)');
    });
    await isOpen;
    let answered = false;
    const outside = db.query<{ ids: number[] }>('SELECT coalesce(array_agg(id ORDER BY id), ARRAY[]::int[]) AS ids FROM waits').then((result) => {
      answered = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    releaseTransaction();
    await transaction;
    // It ran after COMMIT, not between the two inserts.
    expect((await outside).rows).toEqual([{ ids: [1, 2] }]);
  });

  it('rejects pending and later calls when the worker dies', async () => {
    const other = await openPgliteDb(await freshDataDir('dies'));
    const postMessage = vi.spyOn(Worker.prototype, 'postMessage');
    await other.query('SELECT 1');
    const worker = postMessage.mock.contexts[0] as Worker;
    postMessage.mockRestore();

    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = other.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await held;
      await tx.query('SELECT 2');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = other.query('SELECT 3');
    await worker.terminate();
    await expect(waiting).rejects.toThrow('PGlite worker exited unexpectedly');
    release();
    await expect(transaction).rejects.toThrow('PGlite worker exited unexpectedly');
    await expect(other.query('SELECT 4')).rejects.toThrow('PGlite worker exited unexpectedly');
    await other.close();
  });

  it('rejects openPgliteDb with the error of PGlite.create', async () => {
    const corrupt = join(dir, 'corrupt');
    await mkdir(corrupt);
    await writeFile(join(corrupt, 'PG_VERSION'), 'not a version\n');
    await expect(openPgliteDb(corrupt)).rejects.toThrow('PGlite failed to initialize properly');

    const notADirectory = join(dir, 'a-file');
    await writeFile(notADirectory, 'x');
    await expect(openPgliteDb(notADirectory)).rejects.toMatchObject({ name: 'ErrnoError', errno: expect.any(Number) });
  });

  it('closes once, rejects later calls, and a reopened database sees committed data', async () => {
    const path = await freshDataDir('reopened');
    const first = await openPgliteDb(path);
    await first.exec("CREATE TABLE notes (body text); INSERT INTO notes VALUES ('kept')");
    await first.transaction((tx) => tx.query("INSERT INTO notes VALUES ('committed')"));
    await first
      .transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('rolled back')");
        throw new Error('no');
      })
      .catch(() => undefined);
    const answer = first.query('SELECT count(*) AS n FROM notes');
    await Promise.all([first.close(), first.close()]);
    await first.close();
    expect(await answer).toEqual({ rows: [{ n: 2 }] });
    await expect(first.query('SELECT 1')).rejects.toThrow('PGlite is closed');
    await expect(first.exec('SELECT 1')).rejects.toThrow('PGlite is closed');
    await expect(first.transaction(async () => undefined)).rejects.toThrow('PGlite is closed');

    const second = await openPgliteDb(path);
    try {
      expect((await second.query('SELECT body FROM notes ORDER BY body')).rows).toEqual([{ body: 'committed' }, { body: 'kept' }]);
    } finally {
      await second.close();
    }
  });

  it('runs under node --import tsx, keeps the process alive while a call is pending, and lets it exit after close', async () => {
    const script = join(dir, 'tsx-child.mts');
    const module = fileURLToPath(new URL('../src/db/pglite-db.ts', import.meta.url));
    await writeFile(
      script,
      `import { openPgliteDb } from ${JSON.stringify(module)};
const db = await openPgliteDb(${JSON.stringify(await freshDataDir('tsx-child'))});
// Nothing but the pending query keeps the process alive here.
void db.query<{ answer: string }>("SELECT 'answered' AS answer, pg_sleep(0.2)").then(async ({ rows }) => {
  console.log(rows[0]?.answer);
  await db.close();
  console.log('closed');
});
`,
    );
    const child = spawnTs(script);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await exited(child), stderr).toBe(0);
    expect(stdout).toBe('answered\nclosed\n');
  });
});
