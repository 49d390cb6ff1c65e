/**
 * `node pglite-in-worker.mjs <pgliteModuleUrl> <dataDir>`: opens PGlite on
 * `dataDir` (creating its database when new) in a worker thread, as the
 * server's PGlite worker does, answers `SELECT 1`, closes it, and prints this
 * process's peak RSS (`VmHWM`) in kB. Used by `bench/server-memory.ts`.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

const [moduleUrl, dataDir] = process.argv.slice(2);
if (!moduleUrl || !dataDir) throw new Error('usage: pglite-in-worker.mjs <pgliteModuleUrl> <dataDir>');
const worker = new Worker(
  `const { parentPort, workerData } = await import('node:worker_threads');
const { PGlite } = await import(workerData.moduleUrl);
const db = await PGlite.create(workerData.dataDir);
await db.query('SELECT 1');
await db.close();
parentPort.postMessage('closed');`,
  { eval: true, type: 'module', workerData: { moduleUrl, dataDir } },
);
await new Promise((resolve, reject) => {
  worker.once('message', resolve);
  worker.once('error', reject);
});
await worker.terminate();
console.log(/^VmHWM:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 'null');
