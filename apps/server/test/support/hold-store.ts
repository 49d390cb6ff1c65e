/**
 * Child process of the lock test: opens the store on argv[2], prints
 * `ready <pid>`, and closes it when stdin ends.
 */
import { openStore } from '../../src/index.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-store.ts <dataDir>');
const store = await openStore({ dataDir });
process.stdout.write(`ready ${process.pid}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void store.close().then(() => process.exit(0));
});
