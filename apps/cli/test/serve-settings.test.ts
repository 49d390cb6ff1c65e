import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { runCliInProcess } from './cli-in-process.js';
import { collectOutput, finished, startCli } from './cli-process.js';

/**
 * `locscore serve` flags for the server's settings: burst limits per plan and the log level. The servers run as
 * processes (SIGTERM ends them); the refused settings run the CLI's `main` in this process (`cli-in-process.ts`).
 */
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-cli-serve-settings-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const DEMO_KEY = 'lsk_cli_serve_settings_demo_key_0000';

/** Starts `serve` with `args`, runs `work` against its URL, stops it with SIGTERM and returns its stderr. */
async function withServe(args: string[], work: (url: string) => Promise<void>, env: Record<string, string> = {}): Promise<string> {
  const child = startCli(['serve', '--port', '0', '--demo-key', DEMO_KEY, '--demo-plan', 'growth', ...args], { env });
  const output = collectOutput(child);
  const exit = finished(child);
  try {
    const url = (await output.until('stdout', (text) => text.includes('\n'))).trim();
    await work(url);
  } finally {
    child.kill('SIGTERM');
  }
  const stopped = await exit;
  expect(stopped.code, output.stderr).toBe(0);
  return output.stderr;
}

const usage = (url: string): Promise<Response> => fetch(`${url}/api/franchisor/usage`, { headers: { 'x-api-key': DEMO_KEY } });

describe('serve settings', () => {
  it('limits a Growth key to --rate-limit-growth, and --log-level silent keeps the JSON logs off stderr', async () => {
    const stderr = await withServe(
      ['--data-dir', await templateDataDir(join(workDir, 'limited')), '--rate-limit-growth', '2/m', '--log-level', 'silent'],
      async (url) => {
        expect((await usage(url)).status).toBe(200);
        expect((await usage(url)).status).toBe(200);
        const limited = await usage(url);
        expect(limited.status).toBe(429);
        expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      },
    );
    expect(stderr).not.toMatch(/"level":/);
  });

  it('takes the limit from LOCSCORE_RATE_LIMIT_GROWTH without the flag, and logs JSON at the default level', async () => {
    const stderr = await withServe(
      ['--data-dir', await templateDataDir(join(workDir, 'env'))],
      async (url) => {
        expect((await usage(url)).status).toBe(200);
        expect((await usage(url)).status).toBe(429);
      },
      { LOCSCORE_RATE_LIMIT_GROWTH: '1/h' },
    );
    expect(stderr).toMatch(/"level":30/);
  });

  it('exits 2 naming the flag for a bad log level, rate limit, retry schedule or shutdown timeout', async () => {
    const runs = await Promise.all([
      runCliInProcess(['serve', '--port', '0', '--log-level', 'loud']),
      runCliInProcess(['serve', '--port', '0', '--rate-limit-starter', '5/fortnight']),
      runCliInProcess(['serve', '--port', '0', '--webhook-retry-schedule', 'soon']),
      runCliInProcess(['serve', '--port', '0'], { env: { LOCSCORE_SHUTDOWN_TIMEOUT: '600' } }),
    ]);
    expect(runs.map((run) => run.code)).toEqual([2, 2, 2, 2]);
    expect(runs[0]?.stderr).toMatch(/--log-level must be one of/);
    expect(runs[1]?.stderr).toMatch(/--rate-limit-starter must be N\/s, N\/m or N\/h/);
    expect(runs[2]?.stderr).toMatch(/--webhook-retry-schedule must be/);
    expect(runs[3]?.stderr).toMatch(/LOCSCORE_SHUTDOWN_TIMEOUT must be seconds/);
  });
});
