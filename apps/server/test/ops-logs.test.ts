import { Writable } from 'node:stream';
import { HEADERS, QueuedAck, SCORE_PATH, USAGE_PATH } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { createLogger, redactSecrets } from '../src/infra/logger.js';
import { type JobQueue, startJobQueue } from '../src/services/jobs/job-queue.js';
import type { CreatedApiKey } from '../src/store/keys.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { FAULTY_ADDRESS, fakeEngine } from './support/fake-engine.js';
import { type Listening, listen } from './support/listen.js';
import { startReceiver, waitFor } from './support/receiver.js';

/** Every JSON line the server logged. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    );
    done();
  },
});

let store: Store;
let api: Listening;
let key: CreatedApiKey;

beforeAll(async () => {
  store = await openStore();
  api = await listen(createServer({ store, engine: fakeEngine(), logger: createLogger({ level: 'info', destination: sink }) }));
  key = await store.keys.create({ plan: 'growth', name: 'logged' });
});

afterAll(async () => {
  await api?.close();
  await store?.close();
});

function logged(): Array<Record<string, unknown>> {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('JSON request logs', () => {
  it('log one line per request with its X-Request-Id, method, status and duration', async () => {
    const response = await fetch(api.url + SCORE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key.apiKey },
      body: JSON.stringify({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get(HEADERS.requestId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = logged().find((entry) => entry.requestId === requestId);
    expect(line).toMatchObject({ level: 30, msg: 'request completed', service: 'locscore-server' });
    expect(line?.res).toMatchObject({ statusCode: 200 });
    expect(line?.req).toMatchObject({ method: 'POST', url: SCORE_PATH });
    expect(typeof line?.responseTime).toBe('number');
    expect(String(line?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('log unexpected failures at error level with the request id', async () => {
    const response = await fetch(api.url + SCORE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key.apiKey },
      body: JSON.stringify({ address: FAULTY_ADDRESS, category: 'coffee' }),
    });
    expect(response.status).toBe(500);
    const requestId = response.headers.get(HEADERS.requestId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = logged().find((entry) => entry.requestId === requestId && entry.res !== undefined);
    expect(line?.level).toBe(50);
    expect(line?.res).toMatchObject({ statusCode: 500 });
    // The scoring failure itself is a JSON line too, with the request id and the error.
    const failure = logged().find((entry) => entry.requestId === requestId && entry.msg === 'scoring failed');
    expect(failure?.level).toBe(50);
    expect(failure?.err).toMatchObject({ message: 'index corrupted' });
  });

  it('never contain an API key or a webhook secret, wherever they were sent', async () => {
    const invalidKey = `lsk_${'Z'.repeat(32)}`;
    const sends: Array<Promise<Response>> = [
      fetch(api.url + USAGE_PATH, { headers: { [HEADERS.apiKey]: key.apiKey } }),
      fetch(api.url + USAGE_PATH, { headers: { [HEADERS.apiKey]: invalidKey } }),
      fetch(api.url + USAGE_PATH, { headers: { authorization: `Bearer ${key.apiKey}`, cookie: `s=${key.webhookSecret}` } }),
      // Secrets in the URL are logged as part of req.url: the line guard removes them.
      fetch(`${api.url}${USAGE_PATH}?api_key=${key.apiKey}&secret=${encodeURIComponent(key.webhookSecret)}`),
      fetch(`${api.url}/nowhere/${key.apiKey}`, { headers: { 'x-debug': key.webhookSecret } }),
      fetch(api.url + SCORE_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key.apiKey },
        body: JSON.stringify({ address: key.webhookSecret, category: 'coffee', webhookUrl: `https://example.com/?s=${key.webhookSecret}` }),
      }),
    ];
    for (const response of await Promise.all(sends)) await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    const secretBody = key.webhookSecret.slice('whsec_'.length);
    for (const secret of [key.apiKey, key.apiKey.slice(4), invalidKey, key.webhookSecret, secretBody, encodeURIComponent(key.webhookSecret)]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[REDACTED]');
  });
});

describe('webhook delivery logs', () => {
  let queue: JobQueue;
  let webhookApi: Listening;
  const logger = createLogger({ level: 'info', destination: sink });

  beforeAll(async () => {
    queue = await startJobQueue({ store, engine: fakeEngine(), allowPrivateWebhooks: true, retrySchedule: [0, 0.2, 0.2], logger });
    webhookApi = await listen(createServer({ store, engine: fakeEngine(), queue, allowPrivateWebhooks: true, logger }));
  });

  afterAll(async () => {
    await webhookApi?.close();
    await queue?.stop();
  });

  async function queued(webhookUrl: string): Promise<string> {
    const response = await fetch(webhookApi.url + SCORE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key.apiKey },
      body: JSON.stringify({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee', webhookUrl }),
    });
    expect(response.status).toBe(202);
    return QueuedAck.parse(await response.json()).requestId;
  }

  const failedAttempts = (requestId: string): Array<Record<string, unknown>> =>
    logged().filter((entry) => entry.requestId === requestId && entry.msg === 'webhook delivery attempt failed');

  it('warn of each failed attempt with the request id, attempt and status, never the body or a secret', async () => {
    const receiver = await startReceiver();
    try {
      receiver.script('/flaky', [500, 503, 200]);
      const requestId = await queued(`${receiver.url}/flaky`);
      const failures = await waitFor(() => (failedAttempts(requestId).length >= 2 && receiver.received.length >= 3 ? failedAttempts(requestId) : undefined));
      expect(failures.map(({ level, attempt, statusCode, state }) => ({ level, attempt, statusCode, state }))).toEqual([
        { level: 40, attempt: 1, statusCode: 500, state: 'pending' },
        { level: 40, attempt: 2, statusCode: 503, state: 'pending' },
      ]);
      const text = JSON.stringify(failures);
      const delivered = receiver.received[0]?.body ?? '';
      expect(delivered).toContain('"score"');
      for (const secret of [delivered, '"score"', 'Städtle', key.apiKey, key.webhookSecret, key.webhookSecret.slice('whsec_'.length)]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await receiver.close();
    }
  });

  it('warn of an attempt that got no answer with its error and no status', async () => {
    const closed = await startReceiver();
    const url = `${closed.url}/gone-away`;
    await closed.close();
    const requestId = await queued(url);
    const [first] = await waitFor(() => (failedAttempts(requestId).length > 0 ? failedAttempts(requestId) : undefined));
    expect(first).toMatchObject({ level: 40, attempt: 1, statusCode: null, state: 'pending' });
    expect(String(first?.error)).toMatch(/ECONNREFUSED/);
  });
});

describe('redactSecrets', () => {
  it('removes every lsk_ and whsec_ token and keeps the rest', () => {
    expect(redactSecrets('{"k":"lsk_abc-DEF_123","s":"whsec_a+b/c==","n":"ok"}')).toBe('{"k":"lsk_[REDACTED]","s":"whsec_[REDACTED]","n":"ok"}');
  });
});
