import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { webhooks } from '@locscore/sdk';
import { describe, expect, it } from 'vitest';
import { cliEnv, cliNodeArgs, collectOutput, repoRoot } from './cli-process.js';
import { sampleResult } from './fixtures.js';

/**
 * `locscore listen` on a real terminal: util-linux `script` gives it a
 * pseudo-terminal, so stdout is a TTY and each delivery prints one summary line.
 */
const hasScript = spawnSync('script', ['--version']).status === 0;
if (!hasScript) console.warn('[locscore cli] skipping the terminal test of listen: util-linux `script` is not installed');

const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

describe.skipIf(!hasScript)('locscore listen on a terminal', () => {
  it('prints one summary line per verified delivery: requestId, score, verdict, story, attempt, redelivery', async () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const command = [process.execPath, ...cliNodeArgs(['listen', '--port', '0'])].map(shellQuote).join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: repoRoot,
      env: cliEnv({ LOCSCORE_WEBHOOK_SECRET: secret }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const output = collectOutput(child);
    try {
      const text = await output.until('stdout', (all) => /on http:\/\/\S+\//.test(all));
      const url = /on (http:\/\/\S+\/)/.exec(text)?.[1] ?? '';
      const requestId = '2f0d3c4e-1a2b-4c5d-8e9f-0a1b2c3d4e5f';
      const body = JSON.stringify({ ...sampleResult, requestId });
      for (const attempt of ['1', '2']) {
        const headers = { ...webhooks.testHeaders({ body, secret, id: requestId }), 'x-locscore-attempt': attempt };
        expect((await fetch(url, { method: 'POST', body, headers })).status).toBe(204);
      }
      const printed = await output.until('stdout', (all) => all.includes('(redelivery)'));
      const lines = printed.split(/\r?\n/).filter((line) => line.includes(requestId));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        new RegExp(
          `^\\d\\d:\\d\\d:\\d\\d  ${requestId}  ${sampleResult.score.toFixed(1)}/10 PASS  ${sampleResult.story}  ${sampleResult.meta?.matchedAddress}$`,
        ),
      );
      expect(lines[1]).toMatch(/\(attempt 2\) \(redelivery\)$/);
      // No JSON on a terminal.
      expect(printed).not.toContain(`"requestId":"${requestId}"`);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
