import { exitOnBrokenPipe } from './broken-pipe.js';
import { main } from './program.js';

/**
 * Entry point of the `locscore` executable: runs {@link main} and exits with
 * its code. A closed pipe on stdout or stderr ends the process quietly (see
 * {@link exitOnBrokenPipe}). When the work is done but a library still holds
 * a handle open (a database, a socket in TIME_WAIT), the process exits after
 * a short grace.
 */
exitOnBrokenPipe(process.stdout);
exitOnBrokenPipe(process.stderr);
const code = await main(process.argv);
process.exitCode = code;
setTimeout(() => process.exit(code), 200).unref();
