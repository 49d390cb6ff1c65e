import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { runCliInProcess } from './cli-in-process.js';
import { finished, firstLine, startCli } from './cli-process.js';

/**
 * Commands that run locally: usage errors, categories, quickstart, region, keys and serve on one data dir.
 * `serve` runs as its own process (SIGTERM, the lock on its data directory); the other commands run the
 * CLI's `main` in this process (`cli-in-process.ts`). CI runs `locscore quickstart` as a process too.
 */
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-cli-local-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('usage', () => {
  it('exits 2 on unknown commands, unknown options and missing required options', async () => {
    expect((await runCliInProcess(['frobnicate'])).code).toBe(2);
    expect((await runCliInProcess(['categories', '--nope'])).code).toBe(2);
    const missing = await runCliInProcess(['score', 'Somewhere 1']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--category');
  });

  it('prints help and version with exit 0', async () => {
    const help = await runCliInProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('quickstart');
    expect((await runCliInProcess(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('lists the categories as JSON', async () => {
    const run = await runCliInProcess(['categories', '--json']);
    expect(run.code).toBe(0);
    const list = JSON.parse(run.stdout) as Array<{ category: string; label: string }>;
    expect(list).toHaveLength(12);
    expect(list[0]).toEqual({ category: 'coffee', label: 'Coffee' });
  });
});

describe('quickstart', () => {
  it('builds the sample region, serves it, scores a sample address and prints the card', async () => {
    const run = await runCliInProcess(['quickstart']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('SAMPLE DATA');
    expect(run.stdout).toMatch(/\d+\.\d \/ 10 {2}(PASS|FAIL)/);
    expect(run.stdout).toContain('Insights');
    // It ends by saying what to do next, on stderr.
    expect(run.stderr.trimEnd().split('\n').slice(-6)[0]).toBe('Next: score real addresses with a server of your own');
    expect(run.stderr).toContain('locscore region import --osm <extract.osm.pbf>');
  });

  it('prints the API body with --json', async () => {
    const run = await runCliInProcess(['quickstart', '--json', '--category', 'gym-fitness']);
    expect(run.code, run.stderr).toBe(0);
    expect(ScoreResult.parse(JSON.parse(run.stdout)).meta?.region?.sample).toBe(true);
    // Progress lines only: the server's info-level JSON request logs stay off.
    expect(run.stderr).not.toMatch(/"level":30/);
  });
});

describe('region, keys and serve on one data directory', () => {
  it('creates a key, serves with it, refuses a second process on the locked dir, and stops on SIGTERM', async () => {
    const pack = join(workDir, 'pack');
    const sample = await runCliInProcess(['region', 'sample', '--out', pack, '--json']);
    expect(sample.code, sample.stderr).toBe(0);
    expect((JSON.parse(sample.stdout) as { sample: boolean }).sample).toBe(true);
    const info = await runCliInProcess(['region', 'info', pack]);
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/^address points\s+[\d,]+$/m);
    expect((await runCliInProcess(['region', 'info', workDir])).code).toBe(2);

    const dataDir = await templateDataDir(join(workDir, 'data'));
    const created = await runCliInProcess(['keys', 'create', '--plan', 'growth', '--name', 'ci', '--data-dir', dataDir, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as { apiKey: string; plan: string; prefix: string; webhookSecret: string };
    expect(key.plan).toBe('growth');
    expect(key.apiKey.startsWith(key.prefix)).toBe(true);
    expect(key.webhookSecret).toMatch(/^whsec_/);
    const list = await runCliInProcess(['keys', 'list', '--json', '--data-dir', dataDir]);
    expect((JSON.parse(list.stdout) as Array<{ prefix: string }>).map((row) => row.prefix)).toEqual([key.prefix]);

    const serve = startCli(['serve', '--port', '0', '--data-dir', dataDir, '--region', pack]);
    const exit = finished(serve);
    try {
      const url = await firstLine(serve);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const locked = await runCliInProcess(['keys', 'list', '--data-dir', dataDir]);
      expect(locked.code).toBe(2);
      expect(locked.stderr).toMatch(/data directory/);
      const usage = await fetch(`${url}/api/franchisor/usage`, { headers: { 'x-api-key': key.apiKey } });
      expect(usage.status).toBe(200);
    } finally {
      serve.kill('SIGTERM');
    }
    const stopped = await exit;
    expect(stopped.code).toBe(0);
  });
});
