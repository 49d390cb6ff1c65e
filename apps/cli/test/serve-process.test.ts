import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { QueuedAck, WebhookDelivery } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnInOwnGroup } from '../../server/test/support/process-group.js';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { pickSampleAddress } from '../src/commands/quickstart.js';
import { cliEnv, cliNodeArgs, collectOutput, finished, repoRoot, startCli } from './cli-process.js';

/**
 * `locscore serve` as a process: every `LOCSCORE_*` variable reaches the
 * server (as through `node dist/main.js`), and a server whose process group
 * was killed is replaced at once on the same data directory.
 */
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-cli-serve-process-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const DEMO_KEY = 'lsk_cli_serve_process_demo_key_00';

/** A port nothing listens on now (the kernel's pick, released). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A webhook receiver on 127.0.0.1 that answers 200 and resolves with the first delivery. */
async function receiver(): Promise<{ url: string; first: Promise<{ headers: IncomingHttpHeaders; body: string }>; server: Server }> {
  let deliver: (entry: { headers: IncomingHttpHeaders; body: string }) => void = () => undefined;
  const first = new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200).end();
      deliver({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, first, server };
}

describe('locscore serve reads every LOCSCORE_* variable', () => {
  it('listens on LOCSCORE_PORT, loads LOCSCORE_SAMPLE and delivers to 127.0.0.1 under LOCSCORE_ALLOW_PRIVATE_WEBHOOKS=1', async () => {
    const pack = join(workDir, 'pack');
    await buildSampleRegion(pack);
    const address = pickSampleAddress((await loadRegion(pack)).addresses);
    const port = await freePort();
    const hook = await receiver();
    const child = startCli(['serve'], {
      env: {
        LOCSCORE_PORT: String(port),
        LOCSCORE_SAMPLE: '1',
        LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: '1',
        LOCSCORE_DATA_DIR: await templateDataDir(join(workDir, 'env')),
        LOCSCORE_DEMO_KEY: DEMO_KEY,
        LOCSCORE_LOG_LEVEL: 'warn',
      },
    });
    const output = collectOutput(child);
    const exit = finished(child);
    try {
      const url = (await output.until('stdout', (text) => text.includes('\n'))).trim();
      expect(url).toBe(`http://127.0.0.1:${port}`);
      const response = await fetch(`${url}/api/franchisor/score`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': DEMO_KEY },
        body: JSON.stringify({ address, category: 'coffee', webhookUrl: hook.url }),
      });
      const body: unknown = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(202);
      const { requestId } = QueuedAck.parse(body);
      const delivery = await hook.first;
      expect(delivery.headers['webhook-id']).toBe(requestId);
      // A 202 needs a loaded region (the sample), the delivery a private webhook URL allowed.
      expect(WebhookDelivery.parse(JSON.parse(delivery.body)).requestId).toBe(requestId);
    } finally {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => hook.server.close(() => resolve()));
    }
    expect((await exit).code, output.stderr).toBe(0);
  });
});

describe('locscore serve after a crash', () => {
  it('starts at once on the data directory of a server whose process group was killed', async () => {
    const dataDir = await templateDataDir(join(workDir, 'crash'));
    const args = ['serve', '--port', '0', '--data-dir', dataDir, '--demo-key', DEMO_KEY, '--log-level', 'warn'];
    const crashed = await spawnInOwnGroup(process.execPath, cliNodeArgs(args), {
      cwd: repoRoot,
      env: cliEnv(),
    });
    const first = collectOutput(crashed.parent);
    await first.until('stdout', (text) => text.includes('http://'));
    // Killed as a supervisor kills a service; its parent has not collected it,
    // so it is still exiting or a zombie when the new server starts.
    crashed.killGroup();
    const restarted = startCli(args);
    const output = collectOutput(restarted);
    const exit = finished(restarted);
    try {
      const url = (await output.until('stdout', (text) => text.includes('\n'))).trim();
      const usage = await fetch(`${url}/api/franchisor/usage`, { headers: { 'x-api-key': DEMO_KEY } });
      expect(usage.status).toBe(200);
    } finally {
      restarted.kill('SIGTERM');
      expect(await crashed.release()).toBe(128 + 9);
    }
    expect((await exit).code, output.stderr).toBe(0);
  });
});
