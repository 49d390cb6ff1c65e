import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

/** A command running in a process group of its own, under a parent shell that does not collect it. */
export interface GroupedProcess {
  /**
   * The parent `sh`: its stdout and stderr carry the command's (after one
   * first stdout line with the command's pid), and it exits with the
   * command's exit code once {@link GroupedProcess.release} is called.
   */
  parent: ChildProcessWithoutNullStreams;
  /** The command's pid, which is also its process group id. */
  pid: number;
  /** SIGKILL to the whole process group, as a supervisor kills a service; returns at once, the process may still be exiting. */
  killGroup(): void;
  /** Lets the parent collect the command (a zombie once killed) and resolves with the command's exit status. */
  release(): Promise<number | null>;
}

/**
 * Runs `command` through `setsid` in a new session and process group, under
 * a `sh` that waits on its stdin instead of collecting the command: a killed
 * command stays a zombie, as one does when the supervisor that started it
 * was killed with it and init has yet to collect it. That is the state in
 * which a restart must still be able to take its place.
 *
 * @param command - the executable, e.g. `process.execPath`
 * @param args - its arguments
 * @param options - working directory and complete environment
 */
export async function spawnInOwnGroup(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<GroupedProcess> {
  const parent = spawn('sh', ['-c', 'setsid "$@" & echo $!; read _; wait $!', 'sh', command, ...args], { ...options, stdio: 'pipe' });
  const pid = await new Promise<number>((resolve, reject) => {
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number.parseInt(chunk.toString(), 10)));
    parent.once('exit', (code) => reject(new Error(`sh exited with ${code} before starting ${command}`)));
  });
  let released: Promise<number | null> | null = null;
  return {
    parent,
    pid,
    killGroup() {
      process.kill(-pid, 'SIGKILL');
    },
    release() {
      released ??= new Promise((resolve) => {
        if (parent.exitCode !== null) resolve(parent.exitCode);
        else parent.once('exit', (code) => resolve(code));
        parent.stdin.end();
      });
      return released;
    },
  };
}
