import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, RESPONSE_BODY_CAP_BYTES } from '../src/services/webhooks/post-webhook.js';

let server: Server;
let base: string;
const hits: string[] = [];
/** What the `/endless` and `/trickle` answers wrote before the client closed the connection, and when it closed. */
const endless = { written: 0, closedAfterMs: Number.NaN };
const trickle = { written: 0, closedAfterMs: Number.NaN };

/** Writes a body until the client closes the connection: as fast as it drains, or a byte every 50 ms. */
function writeForever(res: import('node:http').ServerResponse, tally: { written: number; closedAfterMs: number }, fast: boolean): void {
  const started = Date.now();
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.flushHeaders();
  res.on('close', () => {
    tally.closedAfterMs = Date.now() - started;
  });
  const chunk = Buffer.alloc(fast ? 64 * 1024 : 1, 'x');
  const pump = (): void => {
    if (res.destroyed) return;
    tally.written += chunk.length;
    const drained = res.write(chunk);
    if (!fast) setTimeout(pump, 50);
    else if (drained) setImmediate(pump);
    else res.once('drain', pump);
  };
  pump();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') res.writeHead(307, { location: '/target' }).end();
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 2_000);
    else if (req.url === '/endless') writeForever(res, endless, true);
    else if (req.url === '/trickle') writeForever(res, trickle, false);
    else res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('postWebhook', () => {
  it('posts JSON with the given headers and reports the status', async () => {
    const outcome = await postWebhook(`${base}/ok`, '{"a":1}', { 'webhook-id': 'x' }, { allowPrivate: true });
    expect(outcome).toMatchObject({ statusCode: 204 });
  });

  it('does not follow redirects', async () => {
    hits.length = 0;
    const outcome = await postWebhook(`${base}/redirect`, '{}', {}, { allowPrivate: true });
    expect(outcome).toMatchObject({ statusCode: 307 });
    expect(hits).toEqual(['/redirect']);
  });

  it('refuses a loopback address at connect time unless private targets are allowed', async () => {
    hits.length = 0;
    const outcome = await postWebhook(`${base}/ok`, '{}', {}, { allowPrivate: false });
    expect('error' in outcome ? outcome.error : '').toMatch(/127\.0\.0\.1/);
    expect(hits).toEqual([]);
  });

  it('gives up after the timeout', async () => {
    const outcome = await postWebhook(`${base}/slow`, '{}', {}, { allowPrivate: true, timeoutMs: 200 });
    expect('error' in outcome ? outcome.error : '').toMatch(/timed out after 200 ms/);
  });

  it('reports a refused connection as an error, never a rejection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const outcome = await postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, { allowPrivate: true });
    expect(outcome).toHaveProperty('error');
  });

  it('answers at the status line, then reads a few KiB of an endless body and closes the connection within a second', async () => {
    const started = Date.now();
    expect(await postWebhook(`${base}/endless`, '{}', {}, { allowPrivate: true })).toMatchObject({ statusCode: 200 });
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect.poll(() => endless.closedAfterMs, { timeout: 5_000 }).toBeLessThan(2_000);
    // What the receiver wrote before it saw the close: the client's read, plus what the sockets buffer.
    expect(endless.written).toBeLessThan(RESPONSE_BODY_CAP_BYTES + 16 * 1024 * 1024);
  });

  it('closes the connection of a receiver trickling its body a byte at a time, instead of holding it forever', async () => {
    expect(await postWebhook(`${base}/trickle`, '{}', {}, { allowPrivate: true })).toMatchObject({ statusCode: 200 });
    await expect.poll(() => trickle.closedAfterMs, { timeout: 5_000 }).toBeLessThan(2_000);
  });
});
