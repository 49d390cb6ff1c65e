/**
 * Webhook receivers on 127.0.0.1 for the tenant-isolation benchmark: one that
 * never answers (it reads the request and holds the connection), one that
 * answers 200 and then trickles its body a byte every 100 ms for as long as
 * the connection stays open, and one that answers 200 at once and notes when
 * each delivery arrived (by its `webhook-id`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver and how to stop it. */
export interface Receiver {
  url: string;
  /** Requests it has received. */
  received(): number;
  close(): Promise<void>;
}

/** A receiver that also notes when each delivery arrived. */
export interface TimedReceiver extends Receiver {
  /** `performance.now()` at the arrival of each `webhook-id`. */
  arrivals: Map<string, number>;
}

async function serve(handle: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** A receiver that reads each request and never answers. */
export async function hangingReceiver(): Promise<Receiver> {
  let count = 0;
  const { server, url } = await serve((req) => {
    count += 1;
    req.resume();
  });
  return { url, received: () => count, close: closer(server) };
}

/** A receiver that answers 200 and then sends one byte of body every 100 ms until the client closes. */
export async function tricklingReceiver(): Promise<Receiver> {
  let count = 0;
  const { server, url } = await serve((req, res) => {
    count += 1;
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.flushHeaders();
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('x')), 100);
    res.on('close', () => clearInterval(timer));
  });
  return { url, received: () => count, close: closer(server) };
}

/** A receiver that answers 200 at once, noting each delivery's arrival. */
export async function timedReceiver(): Promise<TimedReceiver> {
  const arrivals = new Map<string, number>();
  const { server, url } = await serve((req, res) => {
    const at = performance.now();
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id'] ?? '');
      if (!arrivals.has(id)) arrivals.set(id, at);
      res.writeHead(200).end();
    });
  });
  return { url, arrivals, received: () => arrivals.size, close: closer(server) };
}
