import pg from 'pg';

/** The PostgreSQL channel migration 6's trigger notifies on every change of a key row. */
export const KEY_CHANGES_CHANNEL = 'locscore_key_changes';

/** Longest wait between two attempts to listen again after the connection was lost, ms. */
const MAX_RECONNECT_MS = 30_000;

/**
 * Changes of API keys made by any instance (or by hand) on a PostgreSQL
 * database, through `LISTEN` on a connection of its own: what lets each
 * instance drop the keys it serves from memory the moment another revokes
 * or re-plans one.
 */
export interface KeyChangeFeed {
  /**
   * Whether the feed is listening now. While it is not (the connection is
   * lost and being made again), a change could go unseen: the key cache then
   * serves nothing from memory.
   */
  readonly live: boolean;
  /** Calls `listener` on each change, and whenever the feed stops or starts listening (changes may have been missed). */
  onChange(listener: () => void): void;
  /** Stops listening and reconnecting; idempotent. */
  close(): Promise<void>;
}

/** Ends a client whose events no longer matter (an error it emits while closing is ignored, never unhandled). */
function retire(client: pg.Client): Promise<void> {
  client.removeAllListeners();
  client.on('error', () => undefined);
  return client.end().catch(() => undefined);
}

/**
 * Listens for key changes on PostgreSQL (node-postgres `Client`,
 * `LISTEN locscore_key_changes`), reconnecting after a lost connection
 * (1 s, doubling to 30 s). Resolves once the first attempt has listened or
 * failed: the store opens either way, and a feed that is not live only
 * turns the key cache off.
 *
 * @param databaseUrl - the store's PostgreSQL URL
 * @param onError - where a failed connection is reported
 */
export async function listenForKeyChanges(databaseUrl: string, onError: (error: unknown) => void = () => undefined): Promise<KeyChangeFeed> {
  const listeners: Array<() => void> = [];
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryMs = 1_000;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error: unknown): void => {
    if (closed || client === null) return;
    onError(error);
    live = false;
    void retire(client);
    client = null;
    changed();
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(MAX_RECONNECT_MS, retryMs * 2);
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on('notification', changed);
    next.on('error', lost);
    next.on('end', () => lost(new Error('the key change connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${KEY_CHANGES_CHANNEL}`);
      live = true;
      retryMs = 1_000;
      changed();
    } catch (error) {
      lost(error);
    }
  }
  await connect();
  return {
    get live() {
      return live;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      live = false;
      if (timer !== null) clearTimeout(timer);
      const open = client;
      client = null;
      if (open !== null) await retire(open);
    },
  };
}
