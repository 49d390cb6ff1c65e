import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorBody, HEADERS, SCORE_PATH } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, StoreLockedError } from '../src/index.js';
import { spawnInOwnGroup } from './support/process-group.js';
import { exited, spawnTs, tsCommand, waitForLine } from './support/spawn.js';
import { templateDataDir } from './support/store-template.js';

const HOLD_STORE = fileURLToPath(new URL('./support/hold-store.ts', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

let root: string;
/**
 * A data dir of its own for a test: a copy of the run's migrated template
 * (`store-template.ts`), so each holder process only opens it.
 */
function dataDirFor(name: string): Promise<string> {
  return templateDataDir(join(root, name));
}
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'locscore-process-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// Each test starts a process that opens a PGlite database copied from the template.
describe('one process per PGlite data dir', () => {
  it('refuses a second openStore while another process holds the dir, then admits it', async () => {
    const dataDir = await dataDirFor('locked');
    const child = spawnTs(HOLD_STORE, [dataDir]);
    try {
      const match = await waitForLine(child, 'stdout', /ready (\d+)/);
      const pid = Number(match[1]);
      const refusal = await openStore({ dataDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(StoreLockedError);
      expect((refusal as StoreLockedError).pid).toBe(pid);
      expect((refusal as Error).message).toBe(
        `data dir ${dataDir} is in use by another locscore process (pid ${pid}); stop that server, or give this one another data directory`,
      );
    } finally {
      child.stdin.end();
      await exited(child);
    }
    const store = await openStore({ dataDir });
    try {
      // Reopened data: migrations are not applied twice, keys persist.
      const created = await store.keys.create({ plan: 'starter' });
      expect((await store.keys.list()).map((key) => key.prefix)).toContain(created.prefix);
      const second = await openStore({ dataDir }).catch((error: unknown) => error);
      expect(second).toBeInstanceOf(StoreLockedError);
    } finally {
      await store.close();
    }
  });

  it('takes over at once the lock of a holder that was killed', async () => {
    const dataDir = await dataDirFor('killed');
    const child = spawnTs(HOLD_STORE, [dataDir]);
    await waitForLine(child, 'stdout', /ready (\d+)/);
    child.kill('SIGKILL');
    await exited(child);
    // The lock directory is still there and fresh (< 10 s): only the dead pid lets us in.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const store = await openStore({ dataDir });
    await store.close();
  });

  it('takes over at once the lock of a holder killed with its process group and not yet collected (a zombie)', async () => {
    const dataDir = await dataDirFor('zombie');
    const { command, args, options } = tsCommand(HOLD_STORE, [dataDir]);
    const holder = await spawnInOwnGroup(command, args, options);
    await waitForLine(holder.parent, 'stdout', /ready (\d+)/);
    holder.killGroup();
    try {
      const store = await openStore({ dataDir });
      await store.close();
    } finally {
      expect(await holder.release()).toBe(128 + 9);
    }
  });
});

describe('src/main.ts', () => {
  it('serves from LOCSCORE_* variables: demo key, no region → 503, SIGTERM stops it', async () => {
    const demoKey = 'lsk_main_test_demo_key_0001';
    const child = spawnTs(MAIN, [], {
      LOCSCORE_PORT: '0',
      LOCSCORE_HOST: '127.0.0.1',
      LOCSCORE_DATA_DIR: await dataDirFor('main'),
      LOCSCORE_DEMO_KEY: demoKey,
      LOCSCORE_REGIONS: '',
    });
    try {
      const [, url] = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/);
      const response = await fetch(`${url}${SCORE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.apiKey]: demoKey },
        body: JSON.stringify({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }),
      });
      expect(response.status).toBe(503);
      expect(ErrorBody.parse(await response.json()).error.code).toBe('not_configured');
      const unauthorized = await fetch(`${url}${SCORE_PATH}`, { method: 'POST' });
      expect(unauthorized.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited(child)).toBe(0);
  });

  it('exits 2 with a clear message for a bad LOCSCORE_PORT', async () => {
    const child = spawnTs(MAIN, [], { LOCSCORE_PORT: 'eighty', LOCSCORE_DATA_DIR: join(root, 'bad-port') });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(2);
    expect(stderr).toMatch(/LOCSCORE_PORT must be an integer 0-65535, got "eighty"/);
    expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
