/**
 * What a new user hits in the first hour, end to end through the CLI
 * process: folders created for `--out`, a base URL without a scheme, a
 * server that is not running, no API key, errors as JSON with `--json`,
 * JSON indented on a terminal, `locscore` installed on the PATH with
 * `npm i -g ./apps/cli`, and relative paths through `pnpm locscore`
 * meaning the user's directory.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, cliEnv, collectOutput, finished, firstLine, repoRoot, runCli, startCli } from './cli-process.js';

const tinyPbf = join(repoRoot, 'packages/engine/test/fixtures/vaduz-centre.osm.pbf');
const builtBin = join(repoRoot, 'apps/cli/dist/bin.js');
const built = existsSync(builtBin);
if (!built) console.warn('[locscore cli] skipping the PATH and `pnpm locscore` tests: run `pnpm build` first (apps/cli/dist/bin.js is absent)');
const hasScript = spawnSync('script', ['--version']).status === 0;
if (!hasScript) console.warn('[locscore cli] skipping the terminal test of --json: util-linux `script` is not installed');

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-first-hour-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The one JSON error line a `--json` run wrote on stderr. */
function jsonError(stderr: string): { code: string; message: string; exitCode: number; requestId: string | null } {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return (JSON.parse(lines[0] ?? '') as { error: { code: string; message: string; exitCode: number; requestId: string | null } }).error;
}

describe('the README walk-through', () => {
  it('region import and region sample create the missing parent folders of --out', async () => {
    const imported = await runCli(['region', 'import', '--osm', tinyPbf, '--name', 'Vaduz centre', '--out', join(workDir, 'regions', 'li', 'vaduz')]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(workDir, 'regions', 'li', 'vaduz', 'manifest.json'), 'utf8'))).toMatchObject({ name: 'Vaduz centre' });
    const sample = await runCli(['region', 'sample', '--out', join(workDir, 'fresh', 'regions', 'sample')]);
    expect(sample.code, sample.stderr).toBe(0);
    expect(existsSync(join(workDir, 'fresh', 'regions', 'sample', 'manifest.json'))).toBe(true);
  }, 120_000);
});

describe('the README webhook walk-through', () => {
  it("serve --allow-private-webhooks, listen with the key's secret, then score --webhook-url --wait", async () => {
    const dataDir = join(workDir, 'walkthrough', '.locscore', 'data');
    const created = await runCli(['keys', 'create', '--plan', 'starter', '--data-dir', dataDir, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as { apiKey: string; webhookSecret: string };
    const serve = startCli(['serve', '--port', '0', '--data-dir', dataDir, '--sample', '--allow-private-webhooks']);
    const listen = startCli(['listen', '--port', '0', '--secret', key.webhookSecret, '--json']);
    const listener = collectOutput(listen);
    const served = finished(serve);
    const listened = finished(listen);
    try {
      const baseUrl = await firstLine(serve, 120_000);
      const receiverUrl = /on (http:\/\/\S+)/.exec(await listener.until('stderr', (text) => /on http:\/\/\S+/.test(text)))?.[1] ?? '';
      const run = await runCli(['score', '110 Main Street, Maple Junction', '--category', 'coffee', '--webhook-url', receiverUrl, '--wait', '--json'], {
        env: { LOCSCORE_API_KEY: key.apiKey, LOCSCORE_BASE_URL: baseUrl },
      });
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout) as { score: number; meta: { requestId: string } };
      const printed = await listener.until('stdout', (text) => text.includes(result.meta.requestId));
      expect(JSON.parse(printed.trim().split('\n').at(-1) ?? '')).toMatchObject({ requestId: result.meta.requestId, score: result.score });
    } finally {
      serve.kill('SIGTERM');
      listen.kill('SIGTERM');
    }
    expect((await served).code).toBe(0);
    expect((await listened).code).toBe(0);
  }, 240_000);
});

describe('connection errors in CLI words', () => {
  it('refuses --base-url without http:// with exit 2, no stack trace, and as JSON with --json', async () => {
    const run = await runCli(['score', 'Städtle 38, 9490 Vaduz', '-c', 'coffee', '--base-url', 'localhost:8787', '--api-key', 'k']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'Error: --base-url must be an http:// or https:// URL such as http://127.0.0.1:8787, got "localhost:8787" (did you mean http://localhost:8787?)\n',
    );
    const json = await runCli(['score', 'Städtle 38', '-c', 'coffee', '--json'], { env: { LOCSCORE_BASE_URL: 'localhost:8787' } });
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    expect(jsonError(json.stderr)).toMatchObject({ code: 'usage', exitCode: 2, message: expect.stringMatching(/^LOCSCORE_BASE_URL must be an http/) });
  });

  it('says how to start a server when none answers (exit 5)', async () => {
    const run = await runCli(['score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('Could not reach the server: POST http://127.0.0.1:9/api/franchisor/score failed');
    expect(run.stderr).toContain('Start one in another terminal with `locscore serve --sample`');
    const json = await runCli(['score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--json']);
    expect(jsonError(json.stderr)).toMatchObject({ code: 'connection_error', exitCode: 5 });
  });

  it('explains a missing API key with the flag and the variable (exit 3)', async () => {
    const run = await runCli(['score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('No API key: pass --api-key <key> or set LOCSCORE_API_KEY');
    expect(run.stderr).not.toContain('LocScoreClient');
  });

  it('writes a usage error as one JSON line with --json', async () => {
    const unknown = await runCli(['score', 'Städtle 38', '-c', 'bakery', '--json']);
    expect(unknown.code).toBe(2);
    expect(jsonError(unknown.stderr)).toMatchObject({ code: 'usage', message: expect.stringContaining('unknown category "bakery"') });
    const missing = await runCli(['score', 'Städtle 38', '--json']);
    expect(missing.code).toBe(2);
    expect(jsonError(missing.stderr)).toMatchObject({ code: 'usage', message: expect.stringContaining('--category') });
  });
});

describe.skipIf(!hasScript)('--json on a terminal', () => {
  it('is indented on a terminal and one line in a pipe', async () => {
    const command = [process.execPath, '--conditions=@locscore/source', '--import', 'tsx', binPath, 'categories', '--json']
      .map((part) => `'${part}'`)
      .join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: repoRoot, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const output = collectOutput(child);
    await finished(child);
    expect(output.stdout).toMatch(/^\[\r?\n {2}\{\r?\n {4}"category": "coffee",/);
    const piped = await runCli(['categories', '--json']);
    expect(piped.stdout.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});

describe.skipIf(!built)('locscore on the PATH and through pnpm', () => {
  it('npm i -g ./apps/cli puts a locscore that resolves paths against the directory it runs in', async () => {
    const prefix = join(workDir, 'global');
    const install = spawnSync('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(repoRoot, 'apps/cli')], {
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    const userDir = join(workDir, 'user');
    await mkdir(userDir, { recursive: true });
    const env = { ...cliEnv(), PATH: `${join(prefix, 'bin')}:${process.env['PATH'] ?? ''}` };
    const version = spawnSync('locscore', ['--version'], { cwd: userDir, env, encoding: 'utf8' });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const sample = spawnSync('locscore', ['region', 'sample', '--out', 'regions/sample', '--json'], { cwd: userDir, env, encoding: 'utf8' });
    expect(sample.status, sample.stderr).toBe(0);
    expect(existsSync(join(userDir, 'regions', 'sample', 'manifest.json'))).toBe(true);
  }, 120_000);

  it('pnpm locscore resolves relative paths against the directory it was typed in, not the repository', async () => {
    const userDir = join(workDir, 'pnpm-user');
    await mkdir(userDir, { recursive: true });
    const run = spawnSync('pnpm', ['--silent', '--dir', repoRoot, 'locscore', 'region', 'sample', '--out', 'regions/sample', '--json'], {
      cwd: userDir,
      env: cliEnv(),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(userDir, 'regions', 'sample', 'manifest.json'))).toBe(true);
    expect(existsSync(join(repoRoot, 'regions', 'sample'))).toBe(false);
  }, 120_000);
});
