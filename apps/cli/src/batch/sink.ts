import { createWriteStream } from 'node:fs';

/**
 * Characters of output a file sink gathers before it hands them to the file
 * stream as one chunk: the stream turns each chunk into a `Buffer`, so one
 * chunk per row cost a batch more CPU than its CSV formatting. 16 Ki
 * characters (the stream's own buffer size) is about 30 rows of
 * `locscore batch` output.
 */
export const FILE_CHUNK_CHARS = 16_384;

/** Where batch output goes: a file or stdout, with backpressure. */
export interface Sink {
  /**
   * Queues text on the stream. Resolves at once while the stream's buffer has
   * room, and only after `drain` when it is full (standard Node backpressure),
   * so rows are coalesced into few `fs.write` calls instead of one per row.
   * A file sink first gathers {@link FILE_CHUNK_CHARS} characters; stdout
   * gets each text at once, so rows appear as they are scored.
   * Rejects with the stream's error once the stream has failed.
   */
  write(text: string): Promise<void>;
  /**
   * Waits until everything queued is written: a file is ended and closed;
   * stdout stays open but its buffer is flushed. Rejects with the stream's
   * error if a write failed.
   */
  close(): Promise<void>;
}

/**
 * Opens the batch output: stdout for `-`, else the file (created, truncated,
 * or appended to for `--resume`). Writes return at once while the stream's
 * buffer (its highWaterMark, 16 KiB) has room and wait for `drain` when it is
 * full, so memory stays flat however fast rows come; {@link Sink.close} writes
 * what a file sink has gathered and waits for every queued byte, so a stop (end of input, SIGINT, spent quota) never
 * loses a row that was reported as written.
 *
 * @param target - a path or `-`
 * @param append - append instead of truncating
 */
export function openSink(target: string, append: boolean): Sink {
  const stream: NodeJS.WritableStream = target === '-' ? process.stdout : createWriteStream(target, { flags: append ? 'a' : 'w' });
  let failure: Error | null = null;
  // One listener for the sink's whole life: a write error fails the next write or close instead of crashing.
  stream.on('error', (error: Error) => {
    failure ??= error;
  });
  const toStream = (text: string): Promise<void> => {
    if (failure) return Promise.reject(failure);
    if (text === '') return Promise.resolve();
    if (stream.write(text)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onDrain = (): void => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error): void => {
        stream.off('drain', onDrain);
        reject(error);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
  };
  const gathersChunks = target !== '-';
  let gathered = '';
  const write = (text: string): Promise<void> => {
    if (!gathersChunks) return toStream(text);
    if (failure) return Promise.reject(failure);
    gathered += text;
    if (gathered.length < FILE_CHUNK_CHARS) return Promise.resolve();
    const chunk = gathered;
    gathered = '';
    return toStream(chunk);
  };
  return {
    write,
    close: async () => {
      const rest = gathered;
      gathered = '';
      await toStream(rest);
      await new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        const onError = (error: Error): void => reject(error);
        stream.once('error', onError);
        const done = (): void => {
          stream.off('error', onError);
          if (failure) reject(failure);
          else resolve();
        };
        // stdout: an empty write's callback runs after every earlier write is flushed.
        if (target === '-') stream.write('', done);
        else stream.end(done);
      });
    },
  };
}
