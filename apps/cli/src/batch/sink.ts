import { createWriteStream } from 'node:fs';

/** Where batch output goes: a file or stdout, with backpressure. */
export interface Sink {
  /** Writes text; resolves once the stream can take more. */
  write(text: string): Promise<void>;
  /** Flushes and closes a file (stdout stays open). */
  close(): Promise<void>;
}

/**
 * Opens the batch output: stdout for `-`, else the file (created, truncated,
 * or appended to for `--resume`). Each write waits for `drain` when the
 * stream's buffer is full, so memory stays flat however fast rows come.
 *
 * @param target - a path or `-`
 * @param append - append instead of truncating
 */
export function openSink(target: string, append: boolean): Sink {
  const stream: NodeJS.WritableStream = target === '-' ? process.stdout : createWriteStream(target, { flags: append ? 'a' : 'w' });
  const write = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      if (text === '') return resolve();
      const onError = (error: Error): void => reject(error);
      stream.once('error', onError);
      const ok = stream.write(text, (error) => {
        stream.off('error', onError);
        if (error) reject(error);
        else if (ok) resolve();
      });
      if (!ok) stream.once('drain', () => resolve());
    });
  return {
    write,
    close: () =>
      new Promise((resolve, reject) => {
        if (target === '-') return resolve();
        stream.once('error', reject);
        stream.end(() => resolve());
      }),
  };
}
