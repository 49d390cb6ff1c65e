/**
 * What a new user hits in the first hour, end to end through the CLI
 * process: folders created for `--out`, a base URL without a scheme, a
 * server that is not running, no API key (and the command the hint gives,
 * run on a fresh machine), a port in use, a locked data directory, an empty
 * address, errors as JSON with `--json`, a pipe closed early, JSON indented on
 * a terminal, the server's logs on a terminal, listen's secret kept out of
 * the process list, a census table given to `--census`, import progress,
 * `locscore` installed on the PATH with `npm i -g ./apps/cli`, and
 * `pnpm locscore` in the checkout: no banner on stdout, no ELIFECYCLE line,
 * relative paths meaning the user's directory. Where a test is about what a
 * command says rather than about the process (usage and connection errors,
 * region import's report), the command runs the CLI's `main` in this process
 * (`cli-in-process.ts`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { runCliInProcess } from './cli-in-process.js';
import { cliEnv, cliNodeArgs, collectOutput, finished, firstLine, repoRoot, runCli, startCli } from './cli-process.js';

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
    const imported = await runCliInProcess(['region', 'import', '--osm', tinyPbf, '--name', 'Vaduz centre', '--out', join(workDir, 'regions', 'li', 'vaduz')]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(workDir, 'regions', 'li', 'vaduz', 'manifest.json'), 'utf8'))).toMatchObject({ name: 'Vaduz centre' });
    const sample = await runCliInProcess(['region', 'sample', '--out', join(workDir, 'fresh', 'regions', 'sample')]);
    expect(sample.code, sample.stderr).toBe(0);
    expect(existsSync(join(workDir, 'fresh', 'regions', 'sample', 'manifest.json'))).toBe(true);
  });
});

describe('the README webhook walk-through', () => {
  it("serve --allow-private-webhooks, listen with the key's secret, then score --webhook-url --wait", async () => {
    // A copy of the run's template database: creating one on a fresh machine is the missing-key hint's test below.
    const dataDir = await templateDataDir(join(workDir, 'walkthrough', '.locscore', 'data'));
    const created = await runCli(['keys', 'create', '--plan', 'starter', '--data-dir', dataDir, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout) as { apiKey: string; webhookSecret: string };
    const serve = startCli(['serve', '--port', '0', '--data-dir', dataDir, '--sample', '--allow-private-webhooks']);
    const listen = startCli(['listen', '--port', '0', '--json'], { env: { LOCSCORE_WEBHOOK_SECRET: key.webhookSecret } });
    const listener = collectOutput(listen);
    const served = finished(serve);
    const listened = finished(listen);
    try {
      const baseUrl = await firstLine(serve);
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
  });
});

describe('connection errors in CLI words', () => {
  it('refuses --base-url without http:// with exit 2, no stack trace, and as JSON with --json', async () => {
    const run = await runCliInProcess(['score', 'Städtle 38, 9490 Vaduz', '-c', 'coffee', '--base-url', 'localhost:8787', '--api-key', 'k']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'Error: --base-url must be an http:// or https:// URL such as http://127.0.0.1:8787, got "localhost:8787" (did you mean http://localhost:8787?)\n',
    );
    const json = await runCliInProcess(['score', 'Städtle 38', '-c', 'coffee', '--json'], { env: { LOCSCORE_BASE_URL: 'localhost:8787' } });
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    expect(jsonError(json.stderr)).toMatchObject({ code: 'usage', exitCode: 2, message: expect.stringMatching(/^LOCSCORE_BASE_URL must be an http/) });
  });

  it('says how to start a server when none answers (exit 5)', async () => {
    const run = await runCliInProcess(['score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('Could not reach the server: POST http://127.0.0.1:9/api/franchisor/score failed');
    expect(run.stderr).toContain('Start one in another terminal with `locscore serve --sample`');
    const json = await runCliInProcess(['score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k', '--json']);
    expect(jsonError(json.stderr)).toMatchObject({ code: 'connection_error', exitCode: 5 });
  });

  it('explains a missing API key with the flag and the variable (exit 3)', async () => {
    const run = await runCliInProcess(['score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('No API key: pass --api-key <key> or set LOCSCORE_API_KEY');
    expect(run.stderr).not.toContain('LocScoreClient');
  });

  it('writes a usage error as one JSON line with --json', async () => {
    const unknown = await runCliInProcess(['score', 'Städtle 38', '-c', 'bakery', '--json']);
    expect(unknown.code).toBe(2);
    expect(jsonError(unknown.stderr)).toMatchObject({ code: 'usage', message: expect.stringContaining('unknown category "bakery"') });
    const missing = await runCliInProcess(['score', 'Städtle 38', '--json']);
    expect(missing.code).toBe(2);
    expect(jsonError(missing.stderr)).toMatchObject({ code: 'usage', message: expect.stringContaining('--category') });
  });
});

describe.skipIf(!hasScript)('--json on a terminal', () => {
  it('is indented on a terminal and one line in a pipe', async () => {
    const command = [process.execPath, ...cliNodeArgs(['categories', '--json'])].map((part) => `'${part}'`).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: repoRoot, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const output = collectOutput(child);
    await finished(child);
    expect(output.stdout).toMatch(/^\[\r?\n {2}\{\r?\n {4}"category": "coffee",/);
    const piped = await runCli(['categories', '--json']);
    expect(piped.stdout.trim().split('\n')).toHaveLength(1);
  });
});

describe('the locscore executable', () => {
  it('is linked at install time, before a build, and then says to build instead of failing to start', async () => {
    const checkout = join(workDir, 'unbuilt', 'apps', 'cli');
    await mkdir(join(checkout, 'bin'), { recursive: true });
    await writeFile(join(checkout, 'package.json'), JSON.stringify({ type: 'module' }));
    await writeFile(join(checkout, 'bin', 'locscore.js'), await readFile(join(repoRoot, 'apps/cli/bin/locscore.js')));
    const run = spawnSync(process.execPath, [join(checkout, 'bin', 'locscore.js'), '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('Error: locscore is not built yet: run `pnpm build` in the repository first (apps/cli/dist/bin.js is missing).\n');
    const manifest = JSON.parse(await readFile(join(repoRoot, 'apps/cli/package.json'), 'utf8')) as { bin: Record<string, string>; files: string[] };
    expect(manifest.bin).toEqual({ locscore: './bin/locscore.js' });
    expect(manifest.files).toContain('bin');
  });
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
  });

  it('pnpm locscore resolves relative paths against the directory it was typed in, not the repository', async () => {
    const userDir = await mkdtemp(join(repoRoot, 'apps', 'cli', '.first-hour-'));
    try {
      const run = spawnSync('pnpm', ['locscore', 'region', 'sample', '--out', 'regions/sample', '--json'], { cwd: userDir, env: cliEnv(), encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(existsSync(join(userDir, 'regions', 'sample', 'manifest.json'))).toBe(true);
      expect(existsSync(join(repoRoot, 'regions', 'sample'))).toBe(false);
    } finally {
      await rm(userDir, { recursive: true, force: true });
    }
  });

  it('pnpm locscore … --json writes the JSON alone on stdout, and a failure adds no ELIFECYCLE line', () => {
    const json = spawnSync('pnpm', ['locscore', 'categories', '--json'], { cwd: repoRoot, env: cliEnv(), encoding: 'utf8' });
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toContainEqual({ category: 'coffee', label: 'Coffee' });
    const failed = spawnSync('pnpm', ['locscore', 'score', 'Städtle 38', '-c', 'bakery'], { cwd: join(repoRoot, 'docs'), env: cliEnv(), encoding: 'utf8' });
    expect(failed.status).toBe(2);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(/^Error: unknown category "bakery"; use one of: coffee,[^\n]*\n$/);
    expect(failed.stderr).not.toContain('ELIFECYCLE');
    // Hints name the command as typed.
    const noKey = spawnSync('pnpm', ['locscore', 'score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9'], {
      cwd: repoRoot,
      env: cliEnv(),
      encoding: 'utf8',
    });
    expect(noKey.status).toBe(3);
    expect(noKey.stderr).toContain('`pnpm locscore keys create --plan starter --data-dir ./.locscore/data`');
  });
});

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) console.warn('[locscore cli] the PostgreSQL case of `serve on a port in use` is skipped: DATABASE_URL is not set');

/** A TCP port another program holds on 127.0.0.1, and how to free it. */
async function takenPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, release: () => new Promise((resolve) => holder.close(() => resolve())) };
}

describe('the errors of serve and keys say what to do, and doing it works', () => {
  // `prepare` gives the PGlite data directory its database (a copy of the run's template) before the first serve.
  const stores = [
    { name: 'PGlite', prepare: (dir: string) => templateDataDir(dir), flags: (dir: string) => ['--data-dir', dir] },
    ...(databaseUrl ? [{ name: 'PostgreSQL', prepare: async () => undefined, flags: () => ['--database-url', databaseUrl] }] : []),
  ];
  for (const store of stores) {
    it(`serve on a port in use says to stop the other server or pass --port, without a stack trace (${store.name})`, async () => {
      await store.prepare(join(workDir, `port-${store.name}`));
      const { port, release } = await takenPort();
      try {
        const run = await runCli(['serve', '--port', String(port), ...store.flags(join(workDir, `port-${store.name}`))]);
        expect(run.code).toBe(2);
        const error = run.stderr.split('\n').filter((line) => line.startsWith('Error:'));
        expect(error).toEqual([
          `Error: Port ${port} is already in use on 127.0.0.1: another server (perhaps an earlier \`locscore serve\`) listens on 127.0.0.1:${port}. Stop it (Ctrl-C in its terminal), or pass --port <n> (--port 0 takes any free port).`,
        ]);
        expect(run.stderr).not.toMatch(/^\s+at /m);
      } finally {
        await release();
      }
      // The advice works: once the other program has stopped, the same command starts.
      const again = startCli(['serve', '--port', String(port), ...store.flags(join(workDir, `port-${store.name}`))]);
      const stopped = finished(again);
      try {
        expect(await firstLine(again)).toBe(`http://127.0.0.1:${port}`);
      } finally {
        again.kill('SIGTERM');
      }
      expect((await stopped).code).toBe(0);
    });
  }

  it('a data directory a running server holds: keys and a second serve say to stop it, and after that keys works', async () => {
    const dataDir = await templateDataDir(join(workDir, 'locked'));
    const serve = startCli(['serve', '--port', '0', '--data-dir', dataDir]);
    const served = finished(serve);
    try {
      await firstLine(serve);
      const keys = await runCli(['keys', 'create', '--plan', 'starter', '--data-dir', dataDir]);
      expect(keys.code).toBe(2);
      expect(keys.stderr).toMatch(
        new RegExp(
          `^Error: The data directory ${dataDir} is in use by another locscore process \\(pid \\d+\\), most likely a running \`locscore serve\`\\.\\n`,
        ),
      );
      expect(keys.stderr).toContain('Stop that server (Ctrl-C in its terminal) and run this again, or, while it runs with LOCSCORE_ADMIN_TOKEN');
      expect(keys.stderr).not.toContain('--demo-key');
      const second = await runCli(['serve', '--port', '0', '--data-dir', dataDir]);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain('most likely another `locscore serve`. Stop it (Ctrl-C in its terminal), or start this one on another --data-dir.');
    } finally {
      serve.kill('SIGINT');
    }
    expect((await served).code).toBe(0);
    const after = await runCli(['keys', 'create', '--plan', 'starter', '--data-dir', dataDir, '--json']);
    expect(after.code, after.stderr).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ plan: 'starter' });
  });

  it("the missing-key hint's commands work on a fresh machine, and an empty address is one sentence", async () => {
    const home = join(workDir, 'fresh-home');
    const project = join(workDir, 'fresh-project');
    await mkdir(home, { recursive: true });
    await mkdir(project, { recursive: true });
    const env = { HOME: home };
    const noKey = await runCli(['score', 'Städtle 38', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9'], { env, cwd: project });
    expect(noKey.code).toBe(3);
    const commands = [...noKey.stderr.matchAll(/`locscore ([^`]+)`/g)].map((match) => (match[1] ?? '').split(' '));
    const create = commands.find((args) => args[0] === 'keys' && args.includes('--data-dir'));
    const serveArgs = commands.find((args) => args[0] === 'serve');
    expect(create).toEqual(['keys', 'create', '--plan', 'starter', '--data-dir', './.locscore/data']);
    expect(serveArgs).toEqual(['serve', '--data-dir', './.locscore/data', '--region', '<pack>']);
    const created = await runCli(create ?? [], { env, cwd: project });
    expect(created.code, created.stderr).toBe(0);
    const apiKey = created.stdout.trim();
    expect(apiKey).toMatch(/^lsk_/);
    const serve = startCli([...(serveArgs ?? []).slice(0, 3), '--sample', '--port', '0'], { env, cwd: project });
    const served = finished(serve);
    try {
      const baseUrl = await firstLine(serve);
      const scored = await runCli(['score', '110 Main Street, Maple Junction', '-c', 'coffee', '--json'], {
        env: { ...env, LOCSCORE_API_KEY: apiKey, LOCSCORE_BASE_URL: baseUrl },
      });
      expect(scored.code, scored.stderr).toBe(0);
      const empty = await runCli(['score', '', '-c', 'coffee'], { env: { ...env, LOCSCORE_API_KEY: apiKey, LOCSCORE_BASE_URL: baseUrl } });
      expect(empty.code).toBe(2);
      expect(empty.stderr).toMatch(/^Error: Invalid request: address must be at least 3 characters \(request [0-9a-f-]{36}\)\n$/);
    } finally {
      serve.kill('SIGTERM');
    }
    expect((await served).code).toBe(0);
    expect(existsSync(join(project, '.locscore', 'data'))).toBe(true);
    expect(existsSync(join(home, '.locscore'))).toBe(false);
  });
});

describe('pipes and terminals', () => {
  it('ends quietly with exit 0 when the reader of stdout has gone (… --json | (exit 0))', async () => {
    const child = startCli(['categories', '--json']);
    // The read end closes before the CLI has started, so its first write meets a closed pipe.
    child.stdout?.destroy();
    const run = await finished(child);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it.skipIf(!hasScript)('serve logs readable lines on a terminal, and JSON lines when stderr is piped', async () => {
    const command = [process.execPath, ...cliNodeArgs(['serve', '--port', '0', '--data-dir', await templateDataDir(join(workDir, 'tty'))])]
      .map((part) => `'${part}'`)
      .join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: repoRoot, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const output = collectOutput(child);
    try {
      const url = /(http:\/\/127\.0\.0\.1:\d+)\r?\n/.exec(await output.until('stdout', (text) => /http:\/\/127\.0\.0\.1:\d+\r?\n/.test(text)))?.[1];
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const logged = await output.until('stdout', (text) => text.includes('request completed'));
      const line = logged.split(/\r?\n/).find((text) => text.includes('request completed')) ?? '';
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request completed \{.*"url":"\/healthz".*\}$/);
      expect(logged).not.toContain('"level":30');
    } finally {
      child.kill('SIGTERM');
    }
    await finished(child);
    const piped = startCli(['serve', '--port', '0', '--data-dir', await templateDataDir(join(workDir, 'piped'))]);
    const logs = collectOutput(piped);
    try {
      const url = await firstLine(piped);
      await fetch(`${url}/healthz`);
      const text = await logs.until('stderr', (all) => all.includes('request completed'));
      const line = text.split('\n').find((entry) => entry.includes('request completed')) ?? '';
      expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'request completed', req: { url: '/healthz' } });
    } finally {
      piped.kill('SIGTERM');
    }
    await finished(piped);
  });
});

describe("listen's webhook secret stays out of the process list", () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;

  it('takes it from LOCSCORE_WEBHOOK_SECRET; --secret still works but warns; neither and no terminal exits 2 saying what to set', async () => {
    const fromEnv = startCli(['listen', '--port', '0'], { env: { LOCSCORE_WEBHOOK_SECRET: secret } });
    const envOutput = collectOutput(fromEnv);
    await envOutput.until('stderr', (text) => text.includes('Listening for locscore webhook deliveries'));
    expect(envOutput.stderr).not.toContain('Warning');
    fromEnv.kill('SIGTERM');
    expect((await finished(fromEnv)).code).toBe(0);
    const fromFlag = startCli(['listen', '--port', '0', '--secret', secret]);
    const flagOutput = collectOutput(fromFlag);
    await flagOutput.until('stderr', (text) => text.includes('Listening for locscore webhook deliveries'));
    expect(flagOutput.stderr).toContain('Warning: --secret shows the webhook secret to every user of this machine (ps)');
    fromFlag.kill('SIGTERM');
    await finished(fromFlag);
    const none = await runCli(['listen', '--port', '0']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Error: No webhook secret: set LOCSCORE_WEBHOOK_SECRET');
  });

  it.skipIf(!hasScript)('asks for it on a terminal, without echoing it', async () => {
    const command = [process.execPath, ...cliNodeArgs(['listen', '--port', '0'])].map((part) => `'${part}'`).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: repoRoot, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const output = collectOutput(child);
    try {
      await output.until('stdout', (text) => text.includes('Webhook secret'));
      child.stdin?.write(`${secret}\r`);
      await output.until('stdout', (text) => text.includes('Listening for locscore webhook deliveries'));
      expect(output.stdout).not.toContain(secret);
    } finally {
      child.kill('SIGTERM');
    }
    await finished(child);
  });
});

describe('region import for a new user', () => {
  it('prints each step without a stray count, and region info explains where the population came from', async () => {
    const out = join(workDir, 'progress', 'vaduz');
    const run = await runCliInProcess(['region', 'import', '--osm', tinyPbf, '--name', 'Vaduz centre', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('osm: reading vaduz-centre.osm.pbf\n');
    expect(run.stderr).toMatch(/^osm: [\d,]+ OSM elements: \d+ addresses/m);
    expect(run.stderr).not.toMatch(/ \d+\n/);
    const info = await runCliInProcess(['region', 'info', out]);
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/^address points\s+[\d,]+$/m);
    expect(info.stdout).not.toMatch(/^census/m);
    expect(info.stdout).toMatch(/^population [\d,]+ residents \((osm|estimate): /m);
    expect(info.stdout).toMatch(/^format 4, written \S+ by @locscore\/engine importRegion, [\d.]+ MB on disk$/m);
    expect(info.stdout).toMatch(/^source osm vaduz-centre\.osm\.pbf [\d.]+ MB sha256 [0-9a-f]{64} .*\(ODbL 1\.0\)$/m);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    const older = join(workDir, 'progress', 'format-3');
    await mkdir(older, { recursive: true });
    await writeFile(join(older, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 3 }));
    const refused = await runCliInProcess(['region', 'info', older]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`locscore region import --osm vaduz-centre.osm.pbf --name "Vaduz centre" --out ${older} --force`);
  });

  it('answers a census table given to --census with the shapefile recipe, before reading the extract', async () => {
    const table = join(workDir, 'demographics_ct.csv');
    await writeFile(table, 'geoid,ct,pop,households,occupied\n36061006500,6500,4210,4100,2050\n');
    const run = await runCliInProcess(['region', 'import', '--osm', join(workDir, 'absent.osm.pbf'), '--census', table, '--out', join(workDir, 'census-pack')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Error: demographics_ct.csv has no lat and lng columns, so --census cannot place its areas');
    expect(run.stderr).toContain(
      '--census-boundaries cb_2020_36_tract_500k.shp --census-table demographics_ct.csv --census-join GEOID=geoid --census-population-field pop --census-households-field occupied',
    );
  });

  const census = join(repoRoot, '../shared/data/nyc-census');
  const village = join(repoRoot, '../shared/data/nyc-west-village/nyc-west-village.osm.pbf');
  it.skipIf(!existsSync(census) || !existsSync(village))('the recipe the error gives builds the West Village pack from the real census files', async () => {
    const hint = await runCliInProcess(['region', 'import', '--osm', village, '--census', join(census, 'demographics_ct.csv'), '--out', join(workDir, 'wv')]);
    const recipe = /^\s+(--census-boundaries .*)$/m.exec(hint.stderr)?.[1]?.split(' ') ?? [];
    const paths: Record<string, string> = {
      'cb_2020_36_tract_500k.shp': join(census, 'cb_2020_36_tract_500k', 'cb_2020_36_tract_500k.shp'),
      'demographics_ct.csv': join(census, 'demographics_ct.csv'),
    };
    const run = await runCliInProcess([
      'region',
      'import',
      '--osm',
      village,
      ...recipe.map((part) => paths[part] ?? part),
      '--out',
      join(workDir, 'wv'),
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ population: { method: 'census' }, counts: { census: 7 } });
  });
});
