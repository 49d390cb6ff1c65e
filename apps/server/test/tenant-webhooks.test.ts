/**
 * Issue 22, findings 3 and 7 (redeliveries): deliveries ran as 2 workers ×
 * batches of 16, each batch waiting for its slowest receiver (10 s time-out),
 * so one tenant's requests to a hanging receiver delayed every other
 * tenant's deliveries by 10 s and more, and free redeliveries could do the
 * same. With the real job queue on PGlite and PostgreSQL: while one tenant
 * has 100 requests to a receiver that never answers and 20 to one that
 * trickles its status line, another tenant's webhooks all arrive while every
 * one of the noisy tenant's attempts is still open (the attempt time-out is
 * set far beyond the test, so only the test ends them): no delivery of the
 * quiet tenant waits for a hanging one, however slow the machine; and a
 * franchisor's account may ask for only its plan's redeliveries a day.
 */
import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueuedAck, REDELIVERIES_PER_DAY } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { createLogger } from '../src/infra/logger.js';
import { type JobQueue, startJobQueue } from '../src/services/jobs/job-queue.js';
import { DEFAULT_DELIVERY_CONCURRENCY } from '../src/services/webhooks/fair-dispatch.js';
import { fakeEngine } from './support/fake-engine.js';
import { call, codeOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

/** Far beyond the test: a noisy attempt ends only when the test releases it. */
const ATTEMPT_TIMEOUT_MS = 600_000;

/** The noisy tenant's requests open at one receiver. */
interface NoisyCounts {
  /** Requests received and not yet closed. */
  open: number;
  /** The most open at once. */
  mostOpen: number;
  /** Requests closed (by the sender or by {@link Receivers.release}). */
  closed: number;
}

/**
 * A receiver that, per path, holds each request unanswered (`/hang`),
 * trickles a status line a byte at a time and never finishes its headers
 * (`/trickle`), or answers 200 at once (`/good/<id>`) noting, when each good
 * delivery arrived, the noisy counts of the `noisy` receivers it is told of.
 */
interface Receivers {
  url: string;
  counts: NoisyCounts;
  /** Per good id: the noisy receivers' counts at its arrival, one per receiver in `watch`. */
  arrived: Map<string, NoisyCounts[]>;
  /** Noisy receivers whose counts each good arrival records. */
  watch: Receivers[];
  /** Answers the held requests 200, and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

/** Starts the trickle of "HTTP/1.1 200 OK…" on a request's socket, one byte every 200 ms, never ending the headers. */
function trickle(res: ServerResponse): void {
  const line = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n');
  let at = 0;
  const timer = setInterval(() => {
    if (res.socket === null || res.socket.destroyed || at >= line.length) return clearInterval(timer);
    res.socket.write(line.subarray(at, at + 1));
    at += 1;
  }, 200);
}

async function startReceivers(): Promise<Receivers> {
  const held = new Set<ServerResponse>();
  const state = { released: false };
  const receivers: Receivers = {
    url: '',
    counts: { open: 0, mostOpen: 0, closed: 0 },
    arrived: new Map(),
    watch: [],
    release() {
      state.released = true;
      for (const res of held) res.writeHead(200).end('ok');
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const { counts } = receivers;
  const server: Server = createHttpServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/good/')) {
      receivers.arrived.set(
        url.slice('/good/'.length),
        receivers.watch.map((noisy) => ({ ...noisy.counts })),
      );
      req.resume().on('end', () => res.writeHead(200).end('ok'));
      return;
    }
    counts.open += 1;
    counts.mostOpen = Math.max(counts.mostOpen, counts.open);
    res.on('close', () => {
      counts.open -= 1;
      counts.closed += 1;
      held.delete(res);
    });
    req.resume().on('end', () => {
      if (state.released) res.writeHead(200).end('ok');
      else if (url.startsWith('/hang')) held.add(res);
      else trickle(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receivers.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receivers;
}

describe.each(STORE_DRIVERS)('fair webhook delivery on $name', ({ open, skip }) => {
  let opened: TestStore;
  let queue: JobQueue;
  let server: Listening;
  /** The noisy tenant's receivers (hanging and trickling, two hosts) and the quiet tenant's. */
  let hanging: Receivers;
  let trickling: Receivers;
  let quietReceiver: Receivers;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    if (skip) return;
    opened = await open();
    [hanging, trickling, quietReceiver] = await Promise.all([startReceivers(), startReceivers(), startReceivers()]);
    quietReceiver.watch = [hanging, trickling];
    const engine = fakeEngine();
    const logger = createLogger({ level: 'silent' });
    queue = await startJobQueue({
      store: opened.store,
      engine,
      allowPrivateWebhooks: true,
      bossSchema: opened.bossSchema,
      logger,
      webhookTimeoutMs: ATTEMPT_TIMEOUT_MS,
    });
    server = await listen(createServer({ store: opened.store, engine, queue, redeliveries: queue, allowPrivateWebhooks: true, logger }));
  });
  afterAll(async () => {
    hanging?.release();
    trickling?.release();
    await Promise.all([hanging?.close(), trickling?.close(), quietReceiver?.close()]);
    await server?.close();
    await queue?.stop();
    await opened?.dispose();
  });

  it.skipIf(skip)('delivers another tenant’s webhooks while every attempt to one tenant’s 100 hanging and 20 trickling receivers is still open', async () => {
    const noisy = (await opened.store.keys.create({ plan: 'enterprise', name: 'noisy' })).apiKey;
    const quiet = (await opened.store.keys.create({ plan: 'starter', name: 'quiet' })).apiKey;
    const score = (apiKey: string, webhookUrl: string, n: number) =>
      call('POST', url('/api/franchisor/score'), { apiKey, body: { address: `${n} Main Street, Maple Junction`, category: 'coffee', webhookUrl } });
    for (let n = 0; n < 100; n += 1) expect((await score(noisy, `${hanging.url}/hang/${n}`, n)).status).toBe(202);
    for (let n = 0; n < 20; n += 1) expect((await score(noisy, `${trickling.url}/trickle/${n}`, n)).status).toBe(202);
    // The noisy tenant holds all it may: its host limit at each receiver, its account limit in all.
    const { perHost, perAccount } = DEFAULT_DELIVERY_CONCURRENCY;
    await expect.poll(() => hanging.counts.open + trickling.counts.open, { timeout: 60_000 }).toBe(Math.min(perAccount, 2 * perHost));
    for (let n = 0; n < 5; n += 1) {
      const ack = QueuedAck.parse((await score(quiet, `${quietReceiver.url}/good/${n}`, n)).body);
      expect(ack.queued).toBe(true);
      // Only the event matters, not how long it took: the bound is where the test gives up.
      await expect.poll(() => quietReceiver.arrived.has(String(n)), { timeout: 60_000, interval: 20 }).toBe(true);
    }
    // Each arrived while the noisy tenant's attempts were open and none had ended.
    for (const [id, [atHanging, atTrickling]] of quietReceiver.arrived) {
      expect(atHanging, `hanging receiver when ${id} arrived`).toMatchObject({ open: perHost, closed: 0 });
      expect(atTrickling, `trickling receiver when ${id} arrived`).toMatchObject({ open: perHost, closed: 0 });
    }
    expect(quietReceiver.arrived.size).toBe(5);
    expect(hanging.counts.mostOpen).toBe(perHost);
    expect(trickling.counts.mostOpen).toBe(perHost);
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
