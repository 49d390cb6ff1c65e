/**
 * Issue 22, findings 3 and 7 (redeliveries): deliveries ran as 2 workers ×
 * batches of 16, each batch waiting for its slowest receiver (10 s time-out),
 * so one tenant's requests to a hanging receiver delayed every other
 * tenant's deliveries by 10 s and more, and free redeliveries could do the
 * same. With the real job queue on PGlite and PostgreSQL: while one tenant
 * has 100 requests to a receiver that never answers and more to one that
 * trickles its answer, another tenant's webhook arrives within a second; and
 * a franchisor's account may ask for only its plan's redeliveries a day.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueuedAck, REDELIVERIES_PER_DAY } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { type JobQueue, startJobQueue } from '../src/jobs/job-queue.js';
import { createLogger } from '../src/ops/logger.js';
import { fakeEngine } from './support/fake-engine.js';
import { call, codeOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

/** A receiver that reads each request and then never answers, or trickles a status line a byte at a time, or answers 200 at once, noting when. */
interface Receivers {
  url: string;
  /** Arrival times (ms since the epoch) of POSTs to `/good/<id>`, by id. */
  arrived: Map<string, number>;
  hanging: number;
  close(): Promise<void>;
}

async function startReceivers(): Promise<Receivers> {
  const arrived = new Map<string, number>();
  const held = new Set<IncomingMessage>();
  const state = { hanging: 0 };
  const server: Server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = req.url ?? '/';
      if (url.startsWith('/good/')) {
        arrived.set(url.slice('/good/'.length), Date.now());
        res.writeHead(200).end('ok');
      } else if (url.startsWith('/hang')) {
        state.hanging += 1;
        held.add(req);
      } else {
        // Trickles "HTTP/1.1 200 OK…" one byte every 200 ms, never finishing the headers in time.
        const line = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n');
        let at = 0;
        const timer = setInterval(() => {
          if (req.socket.destroyed || at >= line.length) return clearInterval(timer);
          req.socket.write(line.subarray(at, at + 1));
          at += 1;
        }, 200);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    get hanging() {
      return state.hanging;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(STORE_DRIVERS)('fair webhook delivery on $name', { timeout: 180_000 }, ({ open, skip }) => {
  let opened: TestStore;
  let queue: JobQueue;
  let server: Listening;
  /** The noisy tenant's receivers (hanging and trickling, two hosts) and the quiet tenant's. */
  let receivers: Receivers;
  let trickling: Receivers;
  let quietReceiver: Receivers;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    if (skip) return;
    opened = await open();
    [receivers, trickling, quietReceiver] = await Promise.all([startReceivers(), startReceivers(), startReceivers()]);
    const engine = fakeEngine();
    const logger = createLogger({ level: 'silent' });
    queue = await startJobQueue({ store: opened.store, engine, allowPrivateWebhooks: true, bossSchema: opened.bossSchema, logger });
    server = await listen(createServer({ store: opened.store, engine, queue, redeliveries: queue, allowPrivateWebhooks: true, logger }));
  });
  afterAll(async () => {
    await Promise.all([receivers?.close(), trickling?.close(), quietReceiver?.close()]);
    await server?.close();
    await queue?.stop();
    await opened?.dispose();
  });

  it.skipIf(skip)('delivers another tenant’s webhook within a second while one tenant has 100 hanging and 20 trickling receivers', async () => {
    const noisy = (await opened.store.keys.create({ plan: 'enterprise', name: 'noisy' })).apiKey;
    const quiet = (await opened.store.keys.create({ plan: 'starter', name: 'quiet' })).apiKey;
    const score = (apiKey: string, webhookUrl: string, n: number) =>
      call('POST', url('/api/franchisor/score'), { apiKey, body: { address: `${n} Main Street, Maple Junction`, category: 'coffee', webhookUrl } });
    for (let n = 0; n < 100; n += 1) expect((await score(noisy, `${receivers.url}/hang/${n}`, n)).status).toBe(202);
    for (let n = 0; n < 20; n += 1) expect((await score(noisy, `${trickling.url}/trickle/${n}`, n)).status).toBe(202);
    await expect.poll(() => receivers.hanging, { timeout: 20_000 }).toBeGreaterThan(0);
    const latencies: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      const sent = Date.now();
      const ack = QueuedAck.parse((await score(quiet, `${quietReceiver.url}/good/${n}`, n)).body);
      await expect.poll(() => quietReceiver.arrived.has(String(n)), { timeout: 30_000, interval: 20 }).toBe(true);
      latencies.push((quietReceiver.arrived.get(String(n)) ?? Number.POSITIVE_INFINITY) - sent);
      expect(ack.queued).toBe(true);
    }
    expect(Math.max(...latencies), `latencies ${latencies.join(', ')} ms`).toBeLessThan(1_000);
  });

  it.skipIf(skip)('lets a franchisor’s account ask for its plan’s redeliveries a day, then answers 429', async () => {
    const { apiKey } = await opened.store.keys.create({ plan: 'starter', name: 'redeliverer' });
    const ack = QueuedAck.parse(
      (
        await call('POST', url('/api/franchisor/score'), {
          apiKey,
          body: { address: '1 Main Street, Maple Junction', category: 'coffee', webhookUrl: `${quietReceiver.url}/good/r` },
        })
      ).body,
    );
    await expect
      .poll(async () => (await call('GET', url(`/api/franchisor/score/${ack.requestId}`), { apiKey })).body, { timeout: 30_000 })
      .toMatchObject({
        status: 'succeeded',
      });
    const limit = REDELIVERIES_PER_DAY.starter;
    for (let n = 0; n < limit; n += 1) expect((await call('POST', url(`/api/franchisor/requests/${ack.requestId}/redeliver`), { apiKey })).status).toBe(202);
    const refused = await call('POST', url(`/api/franchisor/requests/${ack.requestId}/redeliver`), { apiKey });
    expect(codeOf(refused)).toBe('rate_limited');
    expect(refused.body).toMatchObject({ error: { details: { limit, used: limit, windowSeconds: 86_400 } } });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
