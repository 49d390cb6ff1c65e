import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from './cli-in-process.js';
import { collectOutput, finished, startCli } from './cli-process.js';

/**
 * `keys` and `serve` against PostgreSQL (`--database-url`,
 * `LOCSCORE_DATABASE_URL`, `DATABASE_URL`). Needs `DATABASE_URL` pointing at
 * a server where the user may create databases, e.g.
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres`; each test gets
 * a fresh database, dropped after it.
 */
const adminUrl = process.env['DATABASE_URL'];
if (!adminUrl) console.warn('[locscore cli] skipping the PostgreSQL tests: DATABASE_URL is unset (e.g. postgres://postgres@127.0.0.1:5432/postgres)');

interface CreatedKey {
  apiKey: string;
  prefix: string;
  plan: string;
  webhookSecret: string;
}
interface ListedKey {
  prefix: string;
  plan: string;
  name: string | null;
  revokedAt: string | null;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return inDatabase(adminUrl ?? '', work);
}

async function inDatabase<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('keys and serve on PostgreSQL', () => {
  let database: string;
  let databaseUrl: string;

  beforeEach(async () => {
    database = `locscore_cli_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  });

  afterEach(async () => {
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  });

  it('creates a key with --database-url, lists it from DATABASE_URL, revokes it from LOCSCORE_DATABASE_URL', async () => {
    const created = await runCliInProcess(['keys', 'create', '--plan', 'starter', '--name', 'pg', '--json', '--database-url', databaseUrl]);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as CreatedKey;
    expect(key.plan).toBe('starter');
    expect(key.apiKey.startsWith(key.prefix)).toBe(true);
    expect(key.webhookSecret).toMatch(/^whsec_/);
    // The key really is in that database, and only its prefix is stored in clear.
    const stored = await inDatabase(databaseUrl, (client) => client.query<{ prefix: string }>('SELECT prefix FROM api_keys'));
    expect(stored.rows.map((row) => row.prefix)).toEqual([key.prefix]);

    const listed = await runCliInProcess(['keys', 'list', '--json'], { env: { DATABASE_URL: databaseUrl } });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as ListedKey[]).map((row) => [row.prefix, row.plan, row.name, row.revokedAt])).toEqual([
      [key.prefix, 'starter', 'pg', null],
    ]);

    const env = { LOCSCORE_DATABASE_URL: databaseUrl, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/elsewhere' };
    const revoked = await runCliInProcess(['keys', 'revoke', key.prefix, '--json'], { env });
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ prefix: key.prefix, revoked: true, revokedAt: expect.stringMatching(/^\d{4}-/) });
    const after = JSON.parse((await runCliInProcess(['keys', 'list', '--json'], { env })).stdout) as ListedKey[];
    expect(after[0]?.revokedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Revoking again changes nothing and says since when, as the admin API does.
    const again = await runCliInProcess(['keys', 'revoke', key.prefix], { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`${key.prefix}`);
    expect(again.stderr).toContain(after[0]?.revokedAt ?? 'never');
    expect((await runCliInProcess(['keys', 'revoke', 'lsk_nobody00'], { env })).code).toBe(2);
  });

  it('serves from the same database that keys writes to, while keys still works (no lock on PostgreSQL)', async () => {
    const created = await runCliInProcess(['keys', 'create', '--plan', 'growth', '--json', '--database-url', databaseUrl]);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as CreatedKey;
    const serve = startCli(['serve', '--port', '0'], { env: { DATABASE_URL: databaseUrl } });
    const output = collectOutput(serve);
    const exit = finished(serve);
    try {
      const url = (await output.until('stdout', (text) => text.includes('\n'))).trim();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await output.until('stderr', (text) => text.includes('Store:'));
      expect(output.stderr).toContain(`Store: PostgreSQL ${databaseUrl} (from DATABASE_URL)`);
      const usage = await fetch(`${url}/api/franchisor/usage`, { headers: { 'x-api-key': key.apiKey } });
      expect(usage.status).toBe(200);
      expect(((await usage.json()) as { plan: string }).plan).toBe('growth');
      const second = await runCliInProcess(['keys', 'create', '--plan', 'enterprise', '--json', '--database-url', databaseUrl]);
      expect(second.code, second.stderr).toBe(0);
      const secondKey = JSON.parse(second.stdout) as CreatedKey;
      expect((await fetch(`${url}/api/franchisor/usage`, { headers: { 'x-api-key': secondKey.apiKey } })).status).toBe(200);
    } finally {
      serve.kill('SIGTERM');
    }
    expect((await exit).code).toBe(0);
  });

  it('exits 5 naming the database (without its password) when it does not exist', async () => {
    const url = new URL(databaseUrl);
    url.pathname = `/${database}_missing`;
    url.password = 'hunter2';
    const run = await runCliInProcess(['keys', 'list', '--database-url', url.toString()]);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(`${database}_missing`);
    expect(run.stderr).not.toContain('hunter2');
  });
});

describe('store flags without PostgreSQL', () => {
  it('exits 5 when PostgreSQL is unreachable and 2 for a bad URL or both store flags', async () => {
    const unreachable = await runCliInProcess(['keys', 'list', '--database-url', 'postgres://app:secret@127.0.0.1:1/locscore']);
    expect(unreachable.code).toBe(5);
    expect(unreachable.stderr).toContain('postgres://app:***@127.0.0.1:1/locscore');
    expect(unreachable.stderr).not.toContain('secret');
    const bad = await runCliInProcess(['keys', 'list'], { env: { DATABASE_URL: 'mysql://db/x' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('DATABASE_URL must start with postgres://');
    const both = await runCliInProcess(['serve', '--port', '0', '--data-dir', '/tmp/x', '--database-url', 'postgres://h/db']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--database-url and --data-dir');
  });
});
