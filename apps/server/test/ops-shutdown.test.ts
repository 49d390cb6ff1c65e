import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADERS, SCORE_PATH, ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, spawnTs, waitForLine } from './support/spawn.js';
import { templateDataDir } from './support/store-template.js';

const SLOW_SERVER = fileURLToPath(new URL('./support/ops-slow-server.ts', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

let root: string;
/** A data dir of its own for a server: a copy of the run's migrated template (`store-template.ts`). */
function dataDirFor(name: string): Promise<string> {
  return templateDataDir(join(root, name));
}
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'locscore-shutdown-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('answers the in-flight request, refuses new connections, and exits 0 within 10 s', async () => {
    const demoKey = 'lsk_shutdown_test_key_0001';
    const child = spawnTs(SLOW_SERVER, [], {
      LOCSCORE_PORT: '0',
      LOCSCORE_DATA_DIR: await dataDirFor('slow'),
      LOCSCORE_DEMO_KEY: demoKey,
      SLOW_ENGINE_MS: '2000',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const [, url] = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/);
      const started = waitForLine(child, 'stdout', /scoring started/);
      const inFlight = fetch(`${url}${SCORE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.apiKey]: demoKey },
        body: JSON.stringify({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }),
      });
      await started;
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 400));
      // The listener is closed: a new connection is refused while the old request runs.
      await expect(fetch(`${url}/healthz`, { headers: { connection: 'close' } })).rejects.toThrow();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(ScoreResult.parse(await response.json()).meta?.matchedAddress).toBe('Städtle 38, 9490 Vaduz');
      expect(await exited(child)).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(stderr).toContain('locscore server stopping');
      expect(stderr).toContain('locscore server stopped');
      // Every stderr line is a JSON log line.
      for (const line of stderr.split('\n').filter((l) => l !== '')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('cuts a request that outlives LOCSCORE_SHUTDOWN_TIMEOUT and still exits 0 in time', async () => {
    const demoKey = 'lsk_shutdown_test_key_0002';
    const child = spawnTs(SLOW_SERVER, [], {
      LOCSCORE_PORT: '0',
      LOCSCORE_DATA_DIR: await dataDirFor('stuck'),
      LOCSCORE_DEMO_KEY: demoKey,
      LOCSCORE_SHUTDOWN_TIMEOUT: '1',
      SLOW_ENGINE_MS: '30000',
    });
    try {
      const [, url] = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/);
      const started = waitForLine(child, 'stdout', /scoring started/);
      const inFlight = fetch(`${url}${SCORE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.apiKey]: demoKey },
        body: JSON.stringify({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }),
      }).then(
        (response) => response.status,
        () => 'cut',
      );
      await started;
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(await inFlight).toBe('cut');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('bad settings', () => {
  it('exit 2 naming the setting, without a stack trace', async () => {
    const child = spawnTs(MAIN, [], { LOCSCORE_RATE_LIMIT_STARTER: 'lots', LOCSCORE_DATA_DIR: join(root, 'bad') });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(2);
    expect(stderr.trim()).toBe('locscore server: LOCSCORE_RATE_LIMIT_STARTER must be N/s, N/m or N/h with N >= 1, or off, got "lots"');
  });
});
