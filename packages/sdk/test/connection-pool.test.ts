import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AbortedError, type BatchOutcome, ConnectionError, LocScoreClient, QuotaExceededError, TimeoutError } from '../src/index.js';
import { errorBody, scoreResult } from './fixtures.js';

// The client's own transport (its undici keep-alive pool) against a real
// node:http server on 127.0.0.1 that counts its connections.

/** A request the server received. */
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  connection: number;
}

type Answer = (request: Received, response: http.ServerResponse) => void;

let server: http.Server;
let baseUrl: string;
let connections = 0;
let received: Received[] = [];
let answer: Answer;

const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }).end(text);
};
const scored: Answer = (_request, response) => json(response, 200, scoreResult());

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const seen = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
        connection: (request.socket as { id?: number }).id ?? -1,
      };
      received.push(seen);
      answer(seen, response);
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    Object.assign(socket, { id: connections });
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

beforeEach(() => {
  received = [];
  connections = 0;
  server.closeAllConnections();
  answer = scored;
});

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ address: `${index + 1} Main St`, category: 'coffee' }));

async function run(client: LocScoreClient, count: number, concurrency: number): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for await (const outcome of client.scoreBatch(rows(count), { concurrency })) outcomes.push(outcome);
  return outcomes;
}

describe('the keep-alive pool of a client', () => {
  it('scores batches and calls of one client over a few reused connections, not one per row', async () => {
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 0 });
    const first = await run(client, 300, 8);
    expect(first.filter((outcome) => 'error' in outcome)).toEqual([]);
    expect(first.map((outcome) => outcome.index)).toEqual(rows(300).map((_, index) => index));
    expect(connections).toBeGreaterThan(0);
    await run(client, 50, 8);
    await client.score({ address: '1 Main St', category: 'coffee' });
    // A request may start in the same turn as the response that frees a connection ends: at most twice the rows in flight.
    expect(connections).toBeLessThanOrEqual(16);
    expect(new Set(received.map((request) => request.connection)).size).toBe(connections);
    await client.close();
  });

  it('keeps the path of a base URL behind a proxy prefix, and reads the request id of the answer', async () => {
    answer = (_request, response) => json(response, 200, scoreResult(), { 'x-request-id': 'req-prefix-1' });
    const client = new LocScoreClient({ apiKey: 'k', baseUrl: `${baseUrl}/locscore/`, maxRetries: 0 });
    const result = await client.score({ address: '1 Main St', category: 'coffee' });
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /locscore/api/franchisor/score']);
    expect(result.score).toBe(scoreResult().score);
    await client.close();
  });

  it('opens at most 64 connections to one server; more calls wait for a free one', async () => {
    const held: Array<() => void> = [];
    answer = (request, response) => {
      held.push(() => scored(request, response));
      // Every connection the pool may open now holds a request: answer them all.
      if (held.length === 64) for (const release of held.splice(0)) release();
    };
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 0 });
    const results = await Promise.all(Array.from({ length: 128 }, () => client.score({ address: '1 Main St', category: 'coffee' })));
    expect(results).toHaveLength(128);
    expect(connections).toBe(64);
    await client.close();
  });

  it('sends the JSON body with its length, the key, an idempotency key, accept and the SDK user agent', async () => {
    const client = new LocScoreClient({ apiKey: 'lsk_pool_key', baseUrl });
    await client.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }, { idempotencyKey: 'row-7' });
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/franchisor/score');
    expect(JSON.parse(request?.body ?? '')).toEqual({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(request?.body ?? '')),
      'x-api-key': 'lsk_pool_key',
      'idempotency-key': 'row-7',
      accept: 'application/json',
    });
    expect(request?.headers['user-agent']).toMatch(/^locscore-sdk\/\d+\.\d+\.\d+ node\//);
    await client.close();
  });

  it('follows a 307 redirect with the same body and idempotency key, and returns the result', async () => {
    answer = (request, response) => {
      if (request.url === '/api/franchisor/score') response.writeHead(307, { location: '/v2/api/franchisor/score' }).end();
      else scored(request, response);
    };
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 0 });
    const result = await client.score({ address: '1 Main St', category: 'coffee' });
    expect(result.score).toBe(7.4);
    expect(received.map((request) => request.url)).toEqual(['/api/franchisor/score', '/v2/api/franchisor/score']);
    expect(received[1]?.body).toBe(received[0]?.body);
    expect(received[1]?.headers['idempotency-key']).toBe(received[0]?.headers['idempotency-key']);
    await client.close();
  });

  it('times out a response whose body stalls after the headers, retries it, then throws TimeoutError', async () => {
    answer = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      response.write('{"score"');
    };
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, timeoutMs: 200, maxRetries: 1 });
    const error = await client.score({ address: '1 Main St', category: 'coffee' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', status: null });
    expect(received).toHaveLength(2);
    await client.close();
  });

  it('retries a connection the server resets, with the same idempotency key, then throws ConnectionError', async () => {
    answer = (_request, response) => response.socket?.destroy();
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 2 });
    const error = await client.score({ address: '1 Main St', category: 'coffee' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain(`POST ${baseUrl}/api/franchisor/score failed`);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    await client.close();
  });

  it('throws ConnectionError naming the URL when nothing listens', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const client = new LocScoreClient({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
    const error = await client.getUsage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('reads a quota 429 and its headers into QuotaExceededError without retrying', async () => {
    answer = (_request, response) =>
      json(response, 429, errorBody('quota_exceeded', 'spent', { limit: 20, used: 20 }), {
        'retry-after': '0',
        'x-quota-limit': '20',
        'x-quota-remaining': '0',
        'x-quota-reset': '2026-12-01T00:00:00.000Z',
      });
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 3 });
    const error = (await client.score({ address: '1 Main St', category: 'coffee' }).catch((caught: unknown) => caught)) as QuotaExceededError;
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(error).toMatchObject({ limit: 20, remaining: 0, retryAfterSeconds: 0 });
    expect(error.resetAt?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(received).toHaveLength(1);
    await client.close();
  });

  it('stops with AbortedError when the caller aborts while the server has not answered', async () => {
    const controller = new AbortController();
    answer = () => controller.abort();
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 2 });
    const error = await client.score({ address: '1 Main St', category: 'coffee' }, { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect(received).toHaveLength(1);
    await client.close();
  });

  it('sends nothing when the signal has already fired', async () => {
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 2 });
    const error = await client.score({ address: '1 Main St', category: 'coffee' }, { signal: AbortSignal.abort() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect(received).toHaveLength(0);
    expect(connections).toBe(0);
    await client.close();
  });

  it('close() ends the connections; a call after it fails with ConnectionError', async () => {
    const client = new LocScoreClient({ apiKey: 'k', baseUrl, maxRetries: 0 });
    await client.score({ address: '1 Main St', category: 'coffee' });
    await client.close();
    await expect(client.score({ address: '1 Main St', category: 'coffee' })).rejects.toBeInstanceOf(ConnectionError);
    expect(received).toHaveLength(1);
  });
});
