import type { ScoringEngine } from '@locscore/engine';
import type { Store } from './store/open-store.js';

/** Everything {@link createServer} needs. */
export interface ServerConfig {
  /** Keys, usage, requests. */
  store: Store;
  /** Scores addresses; `engine.regions` empty answers 503 `not_configured`. */
  engine: ScoringEngine;
  /**
   * Accept webhook URLs whose host is loopback, private, link-local, CGNAT,
   * multicast or unspecified (tests and local development). Default false.
   */
  allowPrivateWebhooks?: boolean;
  /** The current time; tests inject one to move across quota periods. Default `() => new Date()`. */
  clock?: () => Date;
}
