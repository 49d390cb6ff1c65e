/**
 * Runs the reference server from `LOCSCORE_*` environment variables (and
 * `DATABASE_URL`), validated at start: see docs/configuration.md or
 * `SETTINGS`. Exit codes: 0 after a clean SIGTERM/SIGINT shutdown, 1 when it
 * cannot start or stop, 2 for a bad setting (the message names it).
 */
import { runServer } from './run.js';

await runServer(process.env);
