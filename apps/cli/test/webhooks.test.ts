import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { QueuedAck, RequestStatus, ScoreResult, WebhookDelivery } from '@locscore/schema';
import { webhooks } from '@locscore/sdk';
import { startServer } from '@locscore/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { pickSampleAddress } from '../src/commands/quickstart.js';
import { runCliInProcess } from './cli-in-process.js';
import { type CollectedOutput, collectOutput, finished, runCli, startCli } from './cli-process.js';

/**
 * `locscore score --webhook-url` against a real server (sample region,
 * PGlite, `allowPrivateWebhooks`), with `locscore listen` as the receiver,
 * verifying with the webhook secret that `keys create --json` printed.
 */
interface CreatedKey {
  apiKey: string;
  prefix: string;
  webhookSecret: string;
}

let workDir: string;
let server: Awaited<ReturnType<typeof startServer>>;
let key: CreatedKey;
let otherKey: CreatedKey;
let address: string;
const listeners: ChildProcess[] = [];

async function createKey(dataDir: string, name: string): Promise<CreatedKey> {
  const run = await runCliInProcess(['keys', 'create', '--plan', 'enterprise', '--name', name, '--data-dir', dataDir, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as CreatedKey;
}

/** Starts `locscore listen --port 0` and resolves with its URL (printed on stderr) and its output. */
async function listen(args: string[], env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; output: CollectedOutput }> {
  const child = startCli(['listen', '--port', '0', ...args], { env });
  listeners.push(child);
  const output = collectOutput(child);
  const stderr = await output.until('stderr', (text) => /Listening .* on http:\/\/\S+/.test(text));
  const url = /on (http:\/\/\S+)/.exec(stderr)?.[1];
  if (!url) throw new Error(`no URL in ${stderr}`);
  return { url, child, output };
}

/** The JSON lines a listener printed, parsed. */
function jsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-cli-webhooks-'));
  const pack = join(workDir, 'pack');
  await buildSampleRegion(pack);
  address = pickSampleAddress((await loadRegion(pack)).addresses);
  const dataDir = await templateDataDir(join(workDir, 'data'));
  key = await createKey(dataDir, 'webhooks');
  otherKey = await createKey(dataDir, 'other');
  server = await startServer({
    port: 0,
    dataDir,
    regions: [pack],
    allowPrivateWebhooks: true,
    // One retry a second later, so that a refused delivery is retried within the test.
    webhookRetrySchedule: [0, 1],
  });
});

afterAll(async () => {
  for (const child of listeners) if (child.exitCode === null) child.kill('SIGKILL');
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const api = (): Record<string, string> => ({ LOCSCORE_BASE_URL: server.url, LOCSCORE_API_KEY: key.apiKey });

describe('locscore score --webhook-url with locscore listen', () => {
  it('prints the exact 202 body, and the listener prints the verified delivery with the same requestId', async () => {
    const listener = await listen(['--json'], { LOCSCORE_WEBHOOK_SECRET: key.webhookSecret });
    const run = await runCliInProcess(['score', address, '-c', 'coffee', '--webhook-url', listener.url, '--json'], { env: api() });
    expect(run.code, run.stderr).toBe(0);
    const ack = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(ack).sort()).toEqual(['queued', 'requestId']);
    const { requestId } = QueuedAck.parse(ack);

    const printed = await listener.output.until('stdout', (text) => text.includes(requestId));
    const deliveries = jsonLines(printed).map((line) => WebhookDelivery.parse(line));
    const delivery = deliveries.find((one) => one.requestId === requestId);
    expect(delivery).toBeDefined();
    // The delivered body is the stored result of that request.
    const status = RequestStatus.parse(await (await fetch(`${server.url}/api/franchisor/score/${requestId}`, { headers: { 'x-api-key': key.apiKey } })).json());
    expect(status.status).toBe('succeeded');
    const { requestId: deliveredId, ...deliveredResult } = delivery ?? { requestId: '' };
    expect(deliveredId).toBe(requestId);
    expect(deliveredResult).toEqual(status.result);
    expect(listener.output.stderr).not.toMatch(/Rejected/);

    const stopped = finished(listener.child);
    listener.child.kill('SIGINT');
    const exit = await stopped;
    expect(exit.code).toBe(0);
    expect(listener.output.stderr).toMatch(/Stopped \(SIGINT\): 1 verified, 0 rejected/);
  });

  it('--wait prints the result as a synchronous score does; the listener takes its secret from LOCSCORE_WEBHOOK_SECRET', async () => {
    const listener = await listen([], { LOCSCORE_WEBHOOK_SECRET: key.webhookSecret });
    const run = await runCliInProcess(['score', address, '-c', 'pharmacy-health', '--webhook-url', listener.url, '--wait'], { env: api() });
    expect(run.code, run.stderr).toBe(0);
    const result = ScoreResult.parse(JSON.parse(run.stdout));
    const requestId = result.meta?.requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // Same result as a synchronous score of the same address would print.
    const sync = ScoreResult.parse(JSON.parse((await runCliInProcess(['score', address, '-c', 'pharmacy-health', '--json'], { env: api() })).stdout));
    expect({ ...result, meta: { ...result.meta, requestId: null } }).toEqual({ ...sync, meta: { ...sync.meta, requestId: null } });
    // The listener (secret from LOCSCORE_WEBHOOK_SECRET, JSON because stdout is a pipe) got it too.
    const printed = await listener.output.until('stdout', (text) => text.includes(requestId ?? '-'));
    const delivery = jsonLines(printed)
      .map((line) => WebhookDelivery.parse(line))
      .find((one) => one.requestId === requestId);
    expect(delivery?.score).toBe(result.score);
    expect(delivery?.story).toBe(result.story);
  });

  it("refuses a delivery signed with another key's secret: 400 to the server, reported on stderr, nothing on stdout", async () => {
    const listener = await listen(['--json'], { LOCSCORE_WEBHOOK_SECRET: otherKey.webhookSecret });
    const run = await runCliInProcess(['score', address, '-c', 'coffee', '--webhook-url', listener.url, '--json'], { env: api() });
    expect(run.code, run.stderr).toBe(0);
    const { requestId } = QueuedAck.parse(JSON.parse(run.stdout));
    // Both attempts of the schedule [0, 1] are refused.
    await listener.output.until('stderr', (text) => text.split(`Rejected delivery ${requestId}`).length - 1 >= 2);
    expect(listener.output.stderr).toContain('no_matching_signature');
    expect(listener.output.stderr).toContain('answered 400');
    expect(listener.output.stdout).toBe('');
    // The server records an attempt after the listener's answer, in its own store: nothing to await but its status.
    const delivery = await vi.waitFor(
      async () => {
        const status = RequestStatus.parse(
          await (await fetch(`${server.url}/api/franchisor/score/${requestId}`, { headers: { 'x-api-key': key.apiKey } })).json(),
        );
        if (status.delivery.attempts < 2 || status.delivery.nextAttemptAt !== null) throw new Error(`delivery still ${JSON.stringify(status.delivery)}`);
        return status.delivery;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(delivery.deliveredAt).toBeNull();
    expect(delivery.lastStatusCode).toBe(400);
  });
});

describe('locscore listen', () => {
  it('answers 204 to a signed delivery, 400 to a forged one and 405 to a GET, reporting refusals on stderr', async () => {
    const listener = await listen([], { LOCSCORE_WEBHOOK_SECRET: key.webhookSecret });
    const body = JSON.stringify({ requestId: '6f1c1a9e-8a4b-4c3d-9e2f-0a1b2c3d4e5f', error: { code: 'scoring_failed', message: 'engine fault' } });
    const signed = await fetch(listener.url, { method: 'POST', body, headers: webhooks.testHeaders({ body, secret: key.webhookSecret }) });
    expect(signed.status).toBe(204);
    await listener.output.until('stdout', (text) => text.includes('scoring_failed'));
    expect(JSON.parse(listener.output.stdout)).toEqual(JSON.parse(body));

    const tampered = body.replace('engine fault', 'all good');
    const forged = await fetch(listener.url, { method: 'POST', body: tampered, headers: webhooks.testHeaders({ body, secret: key.webhookSecret }) });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string; reason: string } }).error).toMatchObject({
      code: 'webhook_verification_failed',
      reason: 'no_matching_signature',
    });
    const stale = await fetch(listener.url, {
      method: 'POST',
      body,
      headers: webhooks.testHeaders({ body, secret: key.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    });
    expect(stale.status).toBe(400);
    expect((await fetch(listener.url)).status).toBe(405);
    await listener.output.until('stderr', (text) => text.includes('method_not_allowed'));
    expect(listener.output.stderr).toContain('timestamp_too_old');
    expect(listener.output.stdout.trim().split('\n')).toHaveLength(1);

    const stopped = finished(listener.child);
    listener.child.kill('SIGTERM');
    expect((await stopped).code).toBe(0);
    expect(listener.output.stderr).toMatch(/1 verified, 3 rejected/);
  });

  it('exits 2 without a secret, with a malformed secret, and on a port in use', async () => {
    // A process, so that stdin is surely not a terminal (listen would prompt for the secret).
    const missing = await runCli(['listen', '--port', '0']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('LOCSCORE_WEBHOOK_SECRET');
    const malformed = await runCliInProcess(['listen', '--port', '0'], { env: { LOCSCORE_WEBHOOK_SECRET: 'whsec_not base64!' } });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/invalid webhook secret/);
    const port = new URL(server.url).port;
    const secret = { env: { LOCSCORE_WEBHOOK_SECRET: key.webhookSecret } };
    const taken = await runCliInProcess(['listen', '--port', port], secret);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('already in use');
    expect((await runCliInProcess(['listen', '--port', '0', '--tolerance', 'soon'], secret)).code).toBe(2);
    const tooLong = await runCliInProcess(['listen', '--port', '0', '--tolerance', '600'], secret);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('--tolerance must be a whole number of seconds from 1 to 300, got "600"');
  });
});
