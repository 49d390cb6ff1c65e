import { main } from './program.js';
import { userDirectory } from './user-directory.js';

/**
 * Entry point of the `locscore` executable: moves to the directory the user
 * typed the command in (see `userDirectory`: `pnpm locscore` starts in the
 * repository's root), runs {@link main} and exits with its code. When the
 * work is done but a library still holds a handle open (a database, a socket
 * in TIME_WAIT), the process exits after a short grace.
 */
process.chdir(userDirectory());
const code = await main(process.argv);
process.exitCode = code;
setTimeout(() => process.exit(code), 200).unref();
