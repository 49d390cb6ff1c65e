/**
 * Baseline server of `bench/http-throughput.ts`: a bare Express 5 app (the
 * very `express` the reference server depends on, resolved from
 * `apps/server`) that parses the JSON body of `POST /api/franchisor/score`
 * and answers `{ "hello": "world" }`. Run as a child process like the real
 * server; prints `listening on <url>` on stderr and stops on SIGTERM.
 *
 * Plain JavaScript, so that it runs under plain `node` exactly as the built
 * reference server (`apps/server/dist/main.js`) does: neither pays for a
 * TypeScript loader, and the ratio of the two compares the servers alone.
 */
import { createRequire } from 'node:module';

const requireFromServer = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const express = requireFromServer('express');

const app = express();
app.post('/api/franchisor/score', express.json({ limit: '16kb' }), (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(Number(process.env.LOCSCORE_PORT ?? 0), '127.0.0.1', (error) => {
  if (error) throw error;
  process.stderr.write(`hello server listening on http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
