import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../src/webhooks/post-webhook.js';

let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') res.writeHead(307, { location: '/target' }).end();
    else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 2_000);
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
});
