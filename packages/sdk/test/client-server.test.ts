import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSampleRegion } from '@locscore/engine/sample';
import type { WebhookDelivery, WebhookFailure } from '@locscore/schema';
import { type RunningServer, startServer } from '@locscore/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../../apps/server/test/support/store-template.js';
import {
  AuthenticationError,
  BadRequestError,
  type BatchOutcome,
  createWebhookHandler,
  LocScoreClient,
  QuotaExceededError,
  type ScoreParams,
  ScoringError,
} from '../src/index.js';

/*
 * The SDK against the real reference server on 127.0.0.1, scoring the
 * fictional sample region built through the real importer and engine.
 */
const ADDRESS = '110 Main Street, Maple Junction';

describe('LocScoreClient against the reference server', () => {
  let dir: string;
  let server: RunningServer;
  let growth: { apiKey: string; webhookSecret: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'locscore-sdk-'));
    await buildSampleRegion(join(dir, 'region'));
    server = await startServer({ port: 0, dataDir: await templateDataDir(join(dir, 'db')), regions: [join(dir, 'region')], allowPrivateWebhooks: true });
    growth = await server.store.keys.create({ plan: 'growth', name: 'sdk test' });
  });

  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const client = (apiKey: string) => new LocScoreClient({ apiKey, baseUrl: server.url, maxRetries: 0 });

  it('scores a sample address and validates the result', async () => {
    const result = await client(growth.apiKey).score({ address: ADDRESS, category: 'coffee' });
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(10);
    expect(result.meta?.region?.sample).toBe(true);
    expect(result.competitorCount).toBeGreaterThan(0);
  });

  it('maps the server’s 400s and 401 to typed errors', async () => {
    const bad = await client(growth.apiKey)
      .score({ address: ADDRESS, category: 'espresso-bar' } as unknown as ScoreParams)
      .catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).fields.map((field) => field.field)).toContain('category');
    expect((bad as BadRequestError).requestId).toMatch(/^[0-9a-f-]{36}$/);

    const notFound = await client(growth.apiKey)
      .score({ address: '7 Nowhere Crescent, Atlantis', category: 'coffee' })
      .catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(BadRequestError);
    expect(notFound).toMatchObject({ code: 'address_not_found' });

    await expect(client('lsk_not_a_real_key').score({ address: ADDRESS, category: 'coffee' })).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('charges a replayed idempotency key once', async () => {
    const starter = await server.store.keys.create({ plan: 'starter' });
    const sdk = client(starter.apiKey);
    const first = await sdk.score({ address: ADDRESS, category: 'pharmacy-health' }, { idempotencyKey: 'sdk-replay-1' });
    const again = await sdk.score({ address: ADDRESS, category: 'pharmacy-health' }, { idempotencyKey: 'sdk-replay-1' });
    expect(again.score).toBe(first.score);
    expect((await sdk.getUsage()).used).toBe(1);
  });

  it('scoreBatch stops at the starter quota and throws QuotaExceededError after yielding the rows in flight', async () => {
    const starter = await server.store.keys.create({ plan: 'starter' });
    const rows = Array.from({ length: 26 }, (_, index) => ({ id: index, address: ADDRESS, category: 'coffee' }));
    const outcomes: Array<BatchOutcome<(typeof rows)[number]>> = [];
    let thrown: unknown;
    try {
      for await (const outcome of client(starter.apiKey).scoreBatch(rows, { concurrency: 3 })) outcomes.push(outcome);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(QuotaExceededError);
    const quota = thrown as QuotaExceededError;
    expect(quota.limit).toBe(20);
    expect(quota.remaining).toBe(0);
    expect(quota.resetAt?.getUTCDate()).toBe(1);
    expect(outcomes.filter((outcome) => 'result' in outcome)).toHaveLength(20);
    expect(outcomes.map((outcome) => outcome.index)).toEqual(outcomes.map((_, index) => index));
    expect(outcomes.length).toBeLessThan(26);
    const usage = await client(starter.apiKey).getUsage();
    expect(usage).toMatchObject({ plan: 'starter', used: 20, limit: 20, remaining: 0 });
  });

  it('scoreAsync delivers a signed webhook that createWebhookHandler verifies, and waitForResult returns the same result', async () => {
    const received: Array<WebhookDelivery | WebhookFailure> = [];
    let delivered: (payload: WebhookDelivery | WebhookFailure) => void = () => undefined;
    const firstDelivery = new Promise<WebhookDelivery | WebhookFailure>((resolve) => {
      delivered = resolve;
    });
    const record = (payload: WebhookDelivery | WebhookFailure): void => {
      received.push(payload);
      delivered(payload);
    };
    const receiver: Server = createServer(createWebhookHandler({ secret: growth.webhookSecret, onDelivery: record, onFailure: record }));
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    try {
      const sdk = client(growth.apiKey);
      const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const ack = await sdk.scoreAsync({ address: ADDRESS, category: 'gym-fitness', webhookUrl });
      expect(ack.queued).toBe(true);
      const result = await sdk.waitForResult(ack.requestId, { intervalMs: 100, timeoutMs: 30_000 });
      const delivery = (await firstDelivery) as WebhookDelivery;
      expect(received).toHaveLength(1);
      expect(delivery.requestId).toBe(ack.requestId);
      expect(delivery.score).toBe(result.score);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('an asynchronous request for an unknown address fails: waitForResult throws ScoringError with its code', async () => {
    const sdk = client(growth.apiKey);
    const before = (await sdk.getUsage()).used;
    const outcome = await sdk
      .scoreAsync({ address: '7 Nowhere Crescent, Atlantis', category: 'coffee', webhookUrl: 'http://127.0.0.1:9/unused' })
      .then((ack) => sdk.waitForResult(ack.requestId, { intervalMs: 100, timeoutMs: 30_000 }))
      .catch((error: unknown) => error);
    // The server queues the request and the job fails: the status endpoint says `failed` with the engine's code.
    expect(outcome).toBeInstanceOf(ScoringError);
    expect(outcome).toMatchObject({ code: 'address_not_found', status: null });
    // A failed request gives its unit back.
    expect((await sdk.getUsage()).used).toBe(before);
  });
});
