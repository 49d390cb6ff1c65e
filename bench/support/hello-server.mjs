/**
 * Baseline server of `bench/http-throughput.ts`: a bare Express 5 app (the
 * very `express` the reference server depends on, resolved from
 * `apps/server`) that parses the JSON body of `POST /api/franchisor/score`
 * and answers `{ "hello": "world" }`. Run as a child process like the real
 * server; prints `listening on <url>` on stderr and stops on SIGTERM.
 */
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './machine.js';

/** The parts of Express 5 this baseline uses (express's own types are not visible from `bench/`). */
interface MiniResponse {
  json(body: unknown): void;
}
interface MiniApp {
  post(path: string, ...handlers: Array<(req: unknown, res: MiniResponse, next: () => void) => void>): void;
  listen(port: number, host: string, callback: (error?: Error) => void): Server;
}
interface MiniExpress {
  (): MiniApp;
  json(options?: { limit?: string }): (req: unknown, res: MiniResponse, next: () => void) => void;
}

const requireFromServer = createRequire(join(REPO_ROOT, 'apps', 'server', 'package.json'));
const express = requireFromServer('express') as MiniExpress;

const app = express();
app.post('/api/franchisor/score', express.json({ limit: '16kb' }), (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(Number(process.env.LOCSCORE_PORT ?? 0), '127.0.0.1', (error) => {
  if (error) throw error;
  const address = server.address() as AddressInfo;
  process.stderr.write(`hello server listening on http://127.0.0.1:${address.port}\n`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
