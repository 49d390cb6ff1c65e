import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { HEADERS, QueuedAck, RequestStatus, SCORE_PATH, USAGE_PATH, Usage } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../src/services/webhooks/post-webhook.js';
import { waitFor } from './support/receiver.js';
import { createScratchDatabase, type ServerProcess, startServerProcess } from './support/server-process.js';
import { templateDataDir } from './support/store-template.js';

/**
 * Webhook mode survives a crash: 100 accepted requests, the server's process
 * group killed with SIGKILL right after the 100th 202 (most still queued)
 * while the receiver holds the first deliveries unanswered (so their jobs are
 * `active` when the process dies), then restarted at once on the same
 * database, while the killed process is still exiting or a zombie, as a
 * supervisor restarts a crashed service. Every request is delivered (at least
 * once: repeats only of the same `webhook-id`) and charged once.
 */
const REQUESTS = 100;
const demoKey = 'lsk_durability_test_key_0001';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('[skip] durability on PostgreSQL: DATABASE_URL is not set (see .ci/run)');

let workDir: string;
let packDir: string;
let addresses: string[];

/** One webhook POST as received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that holds its answers while `holding` (the sender waits, up to its 10 s timeout). */
interface HoldingReceiver {
  url: string;
  received: Received[];
  holding: boolean;
  /** Drops the held connections. */
  release(): void;
  close(): Promise<void>;
}

async function startHoldingReceiver(): Promise<HoldingReceiver> {
  const held: ServerResponse[] = [];
  const state: HoldingReceiver = {
    url: '',
    received: [],
    holding: true,
    release() {
      for (const response of held.splice(0)) response.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.holding) held.push(res);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

let receiver: HoldingReceiver;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-durability-'));
  packDir = join(workDir, 'pack');
  await buildSampleRegion(packDir);
  const region = await loadRegion(packDir);
  addresses = region.addresses
    .filter((point) => /^\d+$/.test(point.housenumber) && point.street !== '')
    .slice(0, 10)
    .map((point) => [`${point.housenumber} ${point.street}`, point.city].filter(Boolean).join(', '));
  if (addresses.length === 0) throw new Error('the sample region has no address point');
  receiver = await startHoldingReceiver();
});

afterAll(async () => {
  await receiver?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function serverEnv(storage: Record<string, string>): Record<string, string> {
  return {
    ...storage,
    LOCSCORE_REGIONS: packDir,
    LOCSCORE_DEMO_KEY: demoKey,
    // Enterprise (unlimited): a second charge would show as used > 100 instead of a 429.
    LOCSCORE_DEMO_PLAN: 'enterprise',
    LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: '1',
    LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '0,1,2,5',
    // The jobs the crash leaves active are retried once expired: a few seconds here (a score takes milliseconds), not the default minute.
    LOCSCORE_SCORE_JOB_EXPIRY: '5',
  };
}

async function crashAndRecover(label: string, storage: Record<string, string>): Promise<void> {
  const path = `/${label}`;
  const ofThisRun = (): Received[] => receiver.received.filter((entry) => entry.path === path);
  const idOf = (entry: Received): string => String(entry.headers['webhook-id']);
  receiver.holding = true;
  const started = Date.now();
  let server: ServerProcess = await startServerProcess(serverEnv(storage));
  const bootMs = Date.now() - started;

  const categories = ['coffee', 'pharmacy-health', 'gym-fitness', 'qsr-pizza'] as const;
  const sendStarted = Date.now();
  const acks = await Promise.all(
    Array.from({ length: REQUESTS }, async (_, index) => {
      const response = await fetch(server.url + SCORE_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.apiKey]: demoKey },
        body: JSON.stringify({
          address: addresses[index % addresses.length],
          category: categories[index % categories.length],
          webhookUrl: receiver.url + path,
        }),
      });
      expect(response.status).toBe(202);
      return QueuedAck.parse(await response.json()).requestId;
    }),
  );
  const sendMs = Date.now() - sendStarted;
  // At least one delivery is in flight (its job `active`), unanswered.
  await waitFor(() => (ofThisRun().length > 0 ? true : undefined), 60_000);
  server.killGroup();
  const killed = server;
  const heldIds = new Set(ofThisRun().map(idOf));
  // Killed while no delivery was answered and most were not even attempted.
  expect(heldIds.size).toBeLessThan(REQUESTS);
  receiver.holding = false;
  receiver.release();

  const restartStarted = Date.now();
  try {
    server = await startServerProcess(serverEnv(storage));
  } finally {
    expect(await killed.release()).toBe(128 + 9);
  }
  try {
    const accepted = new Set(acks);
    expect(accepted.size).toBe(REQUESTS);
    const ids = await waitFor(() => {
      const posts = ofThisRun();
      const seen = new Set(posts.map(idOf));
      const redelivered = [...heldIds].every((id) => posts.filter((entry) => idOf(entry) === id).length >= 2);
      return seen.size >= REQUESTS && redelivered ? seen : undefined;
    }, 150_000);
    const recoverMs = Date.now() - restartStarted;
    // Exactly the accepted requests, nothing else.
    expect([...ids].sort()).toEqual([...accepted].sort());
    // The deliveries cut off by the crash were made again, as the same attempt with the same id and body.
    const posts = ofThisRun();
    for (const id of heldIds) {
      const ofId = posts.filter((entry) => idOf(entry) === id);
      expect(ofId.length, `${id} re-delivered`).toBeGreaterThanOrEqual(2);
      expect(new Set(ofId.map((entry) => entry.body)).size).toBe(1);
      expect(new Set(ofId.map((entry) => entry.headers['x-locscore-attempt']))).toEqual(new Set(['1']));
    }
    for (const entry of posts) expect(JSON.parse(entry.body)).toMatchObject({ requestId: idOf(entry) });
    for (const id of acks) {
      const answer = await fetch(`${server.url}${SCORE_PATH}/${id}`, { headers: { [HEADERS.apiKey]: demoKey } });
      const status = RequestStatus.parse(await answer.json());
      expect(status.status, `${id} ${JSON.stringify(status.error)}`).toBe('succeeded');
      expect(status.delivery.deliveredAt).not.toBeNull();
    }
    const usage = Usage.parse(await (await fetch(server.url + USAGE_PATH, { headers: { [HEADERS.apiKey]: demoKey } })).json());
    expect(usage.used).toBe(REQUESTS);
    console.info(
      `[durability ${label}] boot ${bootMs} ms; ${REQUESTS} × 202 in ${sendMs} ms; ${heldIds.size} deliveries in flight at SIGKILL; ` +
        `all ${REQUESTS} delivered ${recoverMs} ms after restart (${ofThisRun().length} POSTs in all)`,
    );
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

describe('webhook mode survives SIGKILL', () => {
  it('on PGlite: every accepted request is delivered and charged once after a restart', async () => {
    const dataDir = await templateDataDir(join(workDir, 'data'));
    await crashAndRecover('pglite', { LOCSCORE_DATA_DIR: dataDir });
  });

  it.skipIf(!databaseUrl)('on PostgreSQL: every accepted request is delivered and charged once after a restart', async () => {
    const database = await createScratchDatabase(databaseUrl ?? '');
    try {
      await crashAndRecover('pg', { LOCSCORE_DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  });
});

describe('a delivery attempt has a total time limit', () => {
  it('gives up on a receiver that trickles its status line byte by byte (never idle)', async () => {
    const sockets: Socket[] = [];
    const server = createTcpServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
      const line = 'HTTP/1.1 200 OK\r\n';
      let index = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || index >= line.length) {
          clearInterval(timer);
          return;
        }
        socket.write(line.charAt(index));
        index += 1;
      }, 100);
      socket.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const started = Date.now();
      const outcome = await postWebhook(`http://127.0.0.1:${port}/trickle`, '{}', {}, { allowPrivate: true, timeoutMs: 500 });
      expect('error' in outcome ? outcome.error : `status ${String('statusCode' in outcome ? outcome.statusCode : '')}`).toMatch(/timed out after 500 ms/);
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
