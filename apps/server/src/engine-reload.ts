import type { ScoringEngine } from '@locscore/engine';
import type { LoadedEngine } from './engine-loader.js';

/** The territory view of an engine (`ScoringEngine.territory`). */
type Territory = NonNullable<ScoringEngine['territory']>;

/** An engine whose region packs can be read again while it serves. */
export interface ReloadableEngine {
  /**
   * The engine to serve with: every call goes to the engine loaded last,
   * so a request answers from the packs that were loaded when it arrived.
   */
  readonly engine: ScoringEngine;
  /**
   * Loads the packs again (a replaced pack, a pack added to or removed from
   * a folder) and switches to them once loaded; the previous engine answers
   * until then. Reloads asked for while one runs are run one after another.
   *
   * @returns the new engine (to warm)
   * @throws what loading throws (e.g. `RegionPackError` for a damaged
   *   pack); the previous engine then keeps answering
   */
  reload(): Promise<ScoringEngine>;
  /** Closes the engine loaded last (removes a sample pack's folder); idempotent. */
  close(): Promise<void>;
}

/**
 * Wraps a loaded engine so that its packs can be reloaded without a restart
 * (`SIGHUP` to the server, see `startServer`).
 *
 * @param first - the engine loaded at start
 * @param load - loads the engine again from the same sources (`loadEngine`)
 * @returns the reloadable engine
 */
export function reloadableEngine(first: LoadedEngine, load: () => Promise<LoadedEngine>): ReloadableEngine {
  let current = first;
  let queue: Promise<unknown> = Promise.resolve();
  const reload = async (): Promise<ScoringEngine> => {
    const next = await load();
    const previous = current;
    current = next;
    await previous.close();
    return next.engine;
  };
  return {
    engine: delegatingEngine(() => current.engine, first.engine),
    reload() {
      const run = queue.then(reload, reload);
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => current.close(),
  };
}

/**
 * An engine whose every member calls `engine()`'s at call time, so that a
 * wrapper that binds its methods once (`timedEngine`) follows a reload. The
 * optional members are those of `shape` (every engine loaded from packs has
 * the same ones).
 */
function delegatingEngine(engine: () => ScoringEngine, shape: ScoringEngine): ScoringEngine {
  const missing = (member: string): Error => new Error(`the loaded engine has no ${member}`);
  const territory: Territory = {
    locate: (address) => territoryOf(engine(), missing).locate(address),
    at: (point) => territoryOf(engine(), missing).at(point),
    region: (name) => territoryOf(engine(), missing).region(name),
  };
  return {
    get regions() {
      return engine().regions;
    },
    score: (input) => engine().score(input),
    ...(shape.siteMap === undefined ? {} : { siteMap: (query) => call(engine(), 'siteMap', missing).call(engine(), query) }),
    ...(shape.territory === undefined ? {} : { territory }),
    ...(shape.opportunities === undefined ? {} : { opportunities: (query) => call(engine(), 'opportunities', missing).call(engine(), query) }),
    ...(shape.warm === undefined ? {} : { warm: (signal) => call(engine(), 'warm', missing).call(engine(), signal) }),
  };
}

function territoryOf(engine: ScoringEngine, missing: (member: string) => Error): Territory {
  if (engine.territory === undefined) throw missing('territory');
  return engine.territory;
}

function call<K extends 'siteMap' | 'opportunities' | 'warm'>(
  engine: ScoringEngine,
  member: K,
  missing: (member: string) => Error,
): NonNullable<ScoringEngine[K]> {
  const method = engine[member];
  if (method === undefined) throw missing(member);
  return method as NonNullable<ScoringEngine[K]>;
}
