import { Writable } from 'node:stream';
import { CATEGORIES } from '@locscore/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/infra/logger.js';
import { type RunningServer, startServer } from '../src/start.js';
import { templateDataDir } from './support/store-template.js';

/**
 * The server warms the engine once listening: the sample region's
 * percentile tables are built in the background and the server says so.
 */
describe('engine warm-up at start', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('builds every category’s percentile table in the background after listening, and logs it once done', async () => {
    let announce: (line: Record<string, unknown>) => void = () => undefined;
    const warmed = new Promise<Record<string, unknown>>((resolve) => {
      announce = resolve;
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n')) {
          if (text === '') continue;
          const line = JSON.parse(text) as Record<string, unknown>;
          if (line.msg === 'engine warmed: percentile tables built') announce(line);
        }
        done();
      },
    });
    server = await startServer({
      sample: true,
      dataDir: await templateDataDir(),
      port: 0,
      host: '127.0.0.1',
      logger: createLogger({ level: 'info', destination: sink }),
    });
    const line = await warmed;
    expect(line.tables).toBe(CATEGORIES.length);
    expect(typeof line.ms).toBe('number');
  });
});
