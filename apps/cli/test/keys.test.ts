/**
 * `locscore keys` and `locscore usage` as a user runs them: against a
 * running server through its admin API (`--base-url` and
 * `LOCSCORE_ADMIN_TOKEN`), and against a data directory, which is never
 * created where the user did not ask for it. The server runs as its own
 * process and the first command as the executable; the other commands run
 * the CLI's `main` in this process (`cli-in-process.ts`), the same code
 * without a Node start and a TypeScript load each.
 */

import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeyRecord, Usage } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { runCliInProcess } from './cli-in-process.js';
import { finished, firstLine, runCli, startCli } from './cli-process.js';

const TOKEN = 'cli-admin-token-0123456789abcdefghij';

interface CreatedKeyJson {
  apiKey: string;
  webhookSecret: string;
  prefix: string;
  plan: string;
  name: string | null;
  accountId: string;
  accountName: string;
}

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-cli-keys-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('keys of a running server, through its admin API', () => {
  let serve: ChildProcess;
  let exit: ReturnType<typeof finished>;
  let url: string;
  const admin = { LOCSCORE_ADMIN_TOKEN: TOKEN };

  beforeAll(async () => {
    serve = startCli(['serve', '--port', '0', '--data-dir', await templateDataDir(join(workDir, 'served'))], { env: admin });
    exit = finished(serve);
    url = await firstLine(serve);
  });
  afterAll(async () => {
    serve?.kill('SIGTERM');
    expect((await exit).code).toBe(0);
  });

  it('creates keys in a named account while the server runs, lists, re-plans, rotates and revokes them', async () => {
    const created = await runCli(['keys', 'create', '--plan', 'starter', '--account', 'Risch Kaffee AG', '--name', 'POS', '--base-url', url, '--json'], {
      env: admin,
    });
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as CreatedKeyJson;
    expect(key).toMatchObject({ plan: 'starter', name: 'POS', accountName: 'Risch Kaffee AG' });
    const second = await runCliInProcess(['keys', 'create', '--plan', 'growth', '--account', 'risch kaffee ag', '--base-url', url], { env: admin });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.trim()).toMatch(/^lsk_/);
    expect(second.stderr).not.toContain('Created the account');
    expect(second.stderr).toContain('account Risch Kaffee AG');

    const listed = await runCliInProcess(['keys', 'list', '--base-url', url, '--json'], { env: admin });
    const records = (JSON.parse(listed.stdout) as unknown[]).map((row) => ApiKeyRecord.parse(row));
    expect(records.filter((record) => record.accountId === key.accountId)).toHaveLength(2);

    const usage = async (): Promise<Usage> =>
      Usage.parse(JSON.parse((await runCliInProcess(['usage', '--base-url', url, '--api-key', key.apiKey, '--json'])).stdout));
    expect(await usage()).toMatchObject({ plan: 'starter', used: 0, limit: 20 });
    const replanned = await runCliInProcess(['keys', 'set-plan', key.prefix, '--plan', 'growth', '--base-url', url], { env: admin });
    expect(replanned.code, replanned.stderr).toBe(0);
    expect(replanned.stderr).toContain('is on growth from its next request');
    expect(await usage()).toMatchObject({ plan: 'growth', limit: 100 });
    // Off a terminal `usage` prints the API body, with the key from the environment.
    const piped = await runCliInProcess(['usage', '--base-url', url], { env: { LOCSCORE_API_KEY: key.apiKey } });
    expect(Usage.parse(JSON.parse(piped.stdout))).toMatchObject({ plan: 'growth', remaining: 100 });

    const rotated = await runCliInProcess(['keys', 'rotate-secret', key.prefix, '--base-url', url, '--json'], { env: admin });
    const secret = JSON.parse(rotated.stdout) as { webhookSecret: string; previousSecretExpiresAt: string };
    expect(secret.webhookSecret).toMatch(/^whsec_/);
    expect(secret.webhookSecret).not.toBe(key.webhookSecret);

    expect((await runCliInProcess(['keys', 'revoke', key.prefix, '--base-url', url], { env: admin })).code).toBe(0);
    const refused = await runCliInProcess(['usage', '--base-url', url, '--api-key', key.apiKey]);
    expect(refused.code).toBe(3);
    const again = await runCliInProcess(['keys', 'set-plan', key.prefix, '--plan', 'starter', '--base-url', url], { env: admin });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/revoked/);
    expect((await runCliInProcess(['keys', 'revoke', 'lsk_nobody00', '--base-url', url], { env: admin })).code).toBe(2);
  });

  it('asks for the admin token, says when it is wrong, and refuses a store flag beside --base-url', async () => {
    const missing = await runCliInProcess(['keys', 'list', '--base-url', url]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('LOCSCORE_ADMIN_TOKEN');
    const wrong = await runCliInProcess(['keys', 'list', '--base-url', url], { env: { LOCSCORE_ADMIN_TOKEN: `${TOKEN}-wrong` } });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/refused the admin token/);
    expect(wrong.stderr).not.toContain(TOKEN);
    const both = await runCliInProcess(['keys', 'list', '--base-url', url, '--data-dir', workDir], { env: admin });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/leave out --data-dir/);
    const locked = await runCliInProcess(['keys', 'list', '--data-dir', join(workDir, 'served')]);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toMatch(/--base-url/);
  });
});

describe('keys in a data directory', () => {
  it('never makes a store where none was asked for: the default directory, or a named one for anything but create', async () => {
    const home = join(workDir, 'home');
    const env = { HOME: home };
    for (const args of [
      ['keys', 'list'],
      ['keys', 'create', '--plan', 'starter'],
      ['keys', 'revoke', 'lsk_abcdefgh'],
    ]) {
      const run = await runCliInProcess(args, { env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(join(home, '.locscore', 'data'));
      expect(run.stderr).toMatch(/--data-dir/);
    }
    expect(existsSync(join(home, '.locscore'))).toBe(false);
    const named = join(workDir, 'never');
    expect((await runCliInProcess(['keys', 'list', '--data-dir', named])).code).toBe(2);
    expect(existsSync(join(named, 'pgdata'))).toBe(false);
  });

  it('creates keys in a named account or an account of their own, and changes a plan', async () => {
    const dataDir = await templateDataDir(join(workDir, 'local'));
    const first = await runCliInProcess(['keys', 'create', '--plan', 'starter', '--account', 'Vaduz Bakeries', '--data-dir', dataDir]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Created the account "Vaduz Bakeries"');
    const second = JSON.parse(
      (await runCliInProcess(['keys', 'create', '--plan', 'growth', '--account', 'Vaduz Bakeries', '--data-dir', dataDir, '--json'])).stdout,
    ) as CreatedKeyJson;
    const alone = JSON.parse(
      (await runCliInProcess(['keys', 'create', '--plan', 'growth', '--name', 'kiosk', '--data-dir', dataDir, '--json'])).stdout,
    ) as CreatedKeyJson;
    expect(alone.accountName).toBe(`kiosk (${alone.prefix})`);
    const table = await runCliInProcess(['keys', 'list', '--data-dir', dataDir]);
    expect(table.stdout.split('\n')[0]).toMatch(/^PREFIX\s+PLAN\s+NAME\s+ACCOUNT\s+USED\s+LAST USED\s+CREATED\s+REVOKED$/);
    expect(table.stdout.split('\n').filter((line) => line.includes('Vaduz Bakeries'))).toHaveLength(2);
    const replanned = await runCliInProcess(['keys', 'set-plan', second.prefix, '--plan', 'enterprise', '--data-dir', dataDir, '--json']);
    expect(ApiKeyRecord.parse(JSON.parse(replanned.stdout))).toMatchObject({ plan: 'enterprise', usage: { limit: null } });
    const unknownPlan = await runCliInProcess(['keys', 'set-plan', second.prefix, '--plan', 'gold', '--data-dir', dataDir]);
    expect(unknownPlan.code).toBe(2);
  });
});
