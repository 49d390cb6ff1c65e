/**
 * A terminal that reports 0 columns (a pseudo-terminal with no size, as
 * util-linux `script` without a terminal on stdin gives, or some
 * `docker exec -t`): ora took the spinner's line for infinitely many and
 * cleared them for ever, so `region sample`, `score`, `opportunities`… never
 * ended and wrote escape codes without end. Such a terminal gets no spinner:
 * the command ends and writes its pack.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, cliNodeArgs, finished, repoRoot } from './cli-process.js';

const hasScript = spawnSync('script', ['--version']).status === 0;
if (!hasScript) console.warn('[locscore cli] skipping the 0-column terminal test: util-linux `script` is not installed');

describe.skipIf(!hasScript)('a terminal of 0 columns', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'locscore-spinner-width-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('region sample ends, writes its pack and a few lines, with no spinner', async () => {
    const out = join(dir, 'sample');
    const command = [process.execPath, ...cliNodeArgs(['region', 'sample', '--out', out])].map((part) => `'${part}'`).join(' ');
    // stty reports the size script gave the terminal: 0 columns, stdin being a pipe.
    const child = spawn('script', ['-qfec', `stty size; ${command}`, '/dev/null'], { cwd: repoRoot, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    // Bounded: a runaway spinner is stopped once it has written a megabyte.
    let written = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      written += chunk.length;
      if (written > 1_000_000) child.kill();
    });
    const output = await finished(child);
    expect(output.stdout.split(/\r?\n/)[0]).toBe('0 0');
    expect(output.code).toBe(0);
    expect(existsSync(join(out, 'manifest.json'))).toBe(true);
    expect(output.stdout.length).toBeLessThan(10_000);
    expect(output.stdout).not.toContain('\u001b[1A');
  });
});
