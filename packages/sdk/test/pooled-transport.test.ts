import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocScoreClient, type BatchOutcome } from '../src/index.js';
import { createNodeHttpPool } from '../src/node-http-pool.js';
import { scoreResult } from './fixtures.js';

// The pooled transport of scoreBatch over real sockets: a node:http server
// that counts its connections.

let server: http.Server;
let baseUrl: string;
let connections = 0;
/** How the next requests are answered. */
let mode: 'ok' | 'stall-body' | 'slow' = 'ok';
/** Connections the client closed. */
let closed = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const body = JSON.stringify(scoreResult());
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      if (mode === 'stall-body') response.write(body.slice(0, 10));
      else if (mode === 'slow') setTimeout(() => response.end(body), 300);
      else response.end(body);
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('end', () => {
      closed += 1;
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ address: `${index + 1} Main St`, category: 'coffee' }));

async function run(client: LocScoreClient, count: number, concurrency: number): Promise<Array<BatchOutcome>> {
  const outcomes: BatchOutcome[] = [];
  for await (const outcome of client.scoreBatch(rows(count), { concurrency })) outcomes.push(outcome);
  return outcomes;
}

describe('scoreBatch over the keep-alive pool', () => {
  it('scores every row over at most `concurrency` connections, reused across batches of one client', async () => {
    mode = 'ok';
    server.keepAliveTimeout = 5_000;
    connections = 0;
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 0 });
    const first = await run(client, 300, 8);
    expect(first.every((outcome) => 'result' in outcome)).toBe(true);
    expect(first.map((outcome) => outcome.index)).toEqual(rows(300).map((_, index) => index));
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThanOrEqual(8);
    const opened = connections;
    await run(client, 50, 8);
    expect(connections).toBe(opened);
  });

  it('drops connections the server closed while idle and opens new ones, without a failed row', async () => {
    mode = 'ok';
    server.keepAliveTimeout = 50;
    connections = 0;
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 0 });
    await run(client, 20, 4);
    const before = connections;
    await sleep(300);
    const after = await run(client, 20, 4);
    expect(after.filter((outcome) => 'error' in outcome)).toEqual([]);
    expect(connections).toBeGreaterThan(before);
  });

  it('times out a response whose body stalls after the headers, and yields TimeoutError', async () => {
    mode = 'stall-body';
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, timeoutMs: 200, maxRetries: 0 });
    const started = Date.now();
    const [outcome] = await run(client, 1, 1);
    mode = 'ok';
    expect(outcome).toMatchObject({ error: { name: 'TimeoutError', code: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps an idle socket only for its idle timeout, which never cuts a slow response', async () => {
    server.keepAliveTimeout = 5_000;
    const pool = createNodeHttpPool('http:', 100);
    const request = { method: 'POST' as const, url: `${baseUrl}/api/franchisor/score`, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 2_000 };
    mode = 'slow';
    const slow = await pool.request(request);
    mode = 'ok';
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.body)).toMatchObject({ score: 7.4 });
    closed = 0;
    await sleep(400);
    expect(closed).toBe(1);
  });
});
