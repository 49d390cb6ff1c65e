import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookFailure } from '@locscore/schema';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookInfo, WebhookRejection } from '../src/webhooks/handler.js';
import { createWebhookHandler } from '../src/webhooks/handler.js';
import { testHeaders } from '../src/webhooks/signature.js';
import { REQUEST_ID, scoreResult } from './fixtures.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const deliveryBody = JSON.stringify({ ...scoreResult(), requestId: REQUEST_ID });
const failureBody = JSON.stringify({ requestId: REQUEST_ID, error: { code: 'scoring_failed', message: 'engine crashed' } });

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

function recorder() {
  const deliveries: WebhookDelivery[] = [];
  const failures: WebhookFailure[] = [];
  return {
    deliveries,
    failures,
    onDelivery: (delivery: WebhookDelivery) => {
      deliveries.push(delivery);
    },
    onFailure: async (failure: WebhookFailure) => {
      failures.push(failure);
    },
  };
}

const post = (url: string, body: string, headers: Record<string, string>) => fetch(url, { method: 'POST', body, headers });

describe('createWebhookHandler on node:http', () => {
  it('answers 204 and calls onDelivery or onFailure with the verified body', async () => {
    const calls = recorder();
    const url = await listen(createWebhookHandler({ secret, ...calls }));
    const first = await post(url, deliveryBody, testHeaders({ body: deliveryBody, secret }));
    expect(first.status).toBe(204);
    const second = await post(url, failureBody, testHeaders({ body: failureBody, secret }));
    expect(second.status).toBe(204);
    expect(calls.deliveries.map((delivery) => delivery.score)).toEqual([7.4]);
    expect(calls.failures.map((failure) => failure.error.code)).toEqual(['scoring_failed']);
  });

  it('answers 400 with the reason for a bad signature or a stale timestamp, without calling back', async () => {
    const calls = recorder();
    const url = await listen(createWebhookHandler({ secret, ...calls, toleranceSeconds: 60 }));
    const tampered = await post(url, deliveryBody.replace('7.4', '9.9'), testHeaders({ body: deliveryBody, secret }));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ error: { code: 'webhook_verification_failed', reason: 'no_matching_signature' } });
    const stale = await post(url, deliveryBody, testHeaders({ body: deliveryBody, secret, timestamp: Math.floor(Date.now() / 1000) - 120 }));
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ error: { reason: 'timestamp_too_old' } });
    expect(calls.deliveries).toHaveLength(0);
  });

  it('answers 500 when the callback throws, so the sender retries', async () => {
    const url = await listen(
      createWebhookHandler({
        secret,
        onDelivery: async () => {
          throw new Error('database down');
        },
      }),
    );
    const response = await post(url, deliveryBody, testHeaders({ body: deliveryBody, secret }));
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'handler_failed', message: 'database down' } });
  });

  it('passes the webhook id, timestamp, attempt number and raw body with each delivery', async () => {
    const infos: WebhookInfo[] = [];
    const url = await listen(createWebhookHandler({ secret, onDelivery: (_delivery, info) => void infos.push(info) }));
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { ...testHeaders({ body: deliveryBody, secret, id: REQUEST_ID, timestamp }), 'x-locscore-attempt': '3' };
    expect((await post(url, deliveryBody, headers)).status).toBe(204);
    expect((await post(url, deliveryBody, testHeaders({ body: deliveryBody, secret, id: REQUEST_ID, timestamp }))).status).toBe(204);
    expect(infos).toEqual([
      { id: REQUEST_ID, timestamp: new Date(timestamp * 1000), attempt: 3, rawBody: deliveryBody },
      { id: REQUEST_ID, timestamp: new Date(timestamp * 1000), attempt: null, rawBody: deliveryBody },
    ]);
  });

  it('answers 405 to another method and 413 to a body over 1 MiB, and reports every refusal to onRejected', async () => {
    const rejections: WebhookRejection[] = [];
    const calls = recorder();
    const url = await listen(createWebhookHandler({ secret, ...calls, onRejected: (rejection) => void rejections.push(rejection) }));
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const huge = 'x'.repeat(1024 * 1024 + 1);
    expect((await post(url, huge, testHeaders({ body: huge, secret }))).status).toBe(413);
    const forged = testHeaders({ body: deliveryBody, secret, id: REQUEST_ID });
    expect((await post(url, deliveryBody.replace('7.4', '9.9'), forged)).status).toBe(400);
    expect(rejections.map(({ status, reason, webhookId, request }) => ({ status, reason, webhookId, request }))).toEqual([
      { status: 405, reason: 'method_not_allowed', webhookId: null, request: 'GET /hooks' },
      { status: 413, reason: 'payload_too_large', webhookId: expect.any(String), request: 'POST /hooks' },
      { status: 400, reason: 'no_matching_signature', webhookId: REQUEST_ID, request: 'POST /hooks' },
    ]);
    expect(calls.deliveries).toHaveLength(0);
  });

  it('refuses a malformed secret or tolerance when created', () => {
    expect(() => createWebhookHandler({ secret: 'whsec_', onDelivery: () => undefined })).toThrow(/secret/);
    expect(() => createWebhookHandler({ secret, onDelivery: () => undefined, toleranceSeconds: 3600 })).toThrow(/toleranceSeconds/);
  });
});

describe('createWebhookHandler on Express', () => {
  it('works as a route without a body parser and after express.raw()', async () => {
    const calls = recorder();
    const app = express();
    const handler = createWebhookHandler({ secret, ...calls });
    app.post('/hooks', handler);
    app.post('/raw/hooks', express.raw({ type: 'application/json' }), handler);
    const url = await listen(app);
    expect((await post(url, deliveryBody, testHeaders({ body: deliveryBody, secret }))).status).toBe(204);
    expect((await post(url.replace('/hooks', '/raw/hooks'), deliveryBody, testHeaders({ body: deliveryBody, secret }))).status).toBe(204);
    expect(calls.deliveries).toHaveLength(2);
  });

  it('answers 500 explaining the fix when express.json() already parsed the body', async () => {
    const calls = recorder();
    const app = express();
    app.post('/hooks', express.json(), createWebhookHandler({ secret, ...calls }));
    const url = await listen(app);
    const response = await post(url, deliveryBody, testHeaders({ body: deliveryBody, secret }));
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/express\.raw/);
    expect(calls.deliveries).toHaveLength(0);
  });
});
