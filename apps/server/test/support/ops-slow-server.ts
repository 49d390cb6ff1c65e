/**
 * Child process of the shutdown test: runs the real server process entry
 * (`runServer`, as `src/main.ts` does) from `LOCSCORE_*` variables, with the
 * fake engine slowed by `SLOW_ENGINE_MS` (default 2000). Prints
 * `scoring started` on stdout when a score begins.
 */
import type { ScoringEngine } from '@locscore/engine';
import { runServer } from '../../src/index.js';
import { fakeEngine } from './fake-engine.js';

const base = fakeEngine();
const delayMs = Number(process.env.SLOW_ENGINE_MS ?? 2000);
const slow: ScoringEngine = {
  regions: base.regions,
  async score(input) {
    process.stdout.write('scoring started\n');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return base.score(input);
  },
};
await runServer(process.env, { engine: slow });
