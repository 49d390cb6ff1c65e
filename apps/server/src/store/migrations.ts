import type { Db } from './db.js';

/** One schema change, applied once and recorded in `schema_migrations`. */
export interface Migration {
  /** Increasing version number. */
  version: number;
  /** Short name, for `schema_migrations.name`. */
  name: string;
  /** PostgreSQL script (runs on PGlite and on PostgreSQL 15+). */
  sql: string;
}

/**
 * The store's migrations, oldest first. Never edit a released one: add a new
 * version. Version 1 already holds the tables of the asynchronous webhook
 * mode (deliveries, attempts, idempotency keys) so that it needs no redesign.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,
  prefix text NOT NULL UNIQUE,
  plan text NOT NULL CHECK (plan IN ('starter', 'growth', 'enterprise')),
  name text,
  webhook_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE usage (
  key_id text NOT NULL REFERENCES api_keys(id),
  period_start timestamptz NOT NULL,
  used integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (key_id, period_start)
);

CREATE TABLE requests (
  id text PRIMARY KEY,
  key_id text NOT NULL REFERENCES api_keys(id),
  mode text NOT NULL CHECK (mode IN ('sync', 'async')),
  status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  body jsonb NOT NULL,
  webhook_url text,
  period_start timestamptz,
  result jsonb,
  error jsonb,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX requests_key_created ON requests (key_id, created_at);

CREATE TABLE deliveries (
  request_id text PRIMARY KEY REFERENCES requests(id),
  state text NOT NULL CHECK (state IN ('pending', 'delivered', 'stopped', 'exhausted')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE delivery_attempts (
  request_id text NOT NULL REFERENCES requests(id),
  attempt integer NOT NULL,
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, attempt)
);

CREATE TABLE idempotency_keys (
  key_id text NOT NULL REFERENCES api_keys(id),
  idempotency_key text NOT NULL,
  body_hash text NOT NULL,
  request_id text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, idempotency_key)
);
`,
  },
  {
    version: 2,
    name: 'batched quota reservations and idempotency claims',
    // Two PL/pgSQL functions that run a whole batch in one round trip.
    sql: `
-- Reserves counts[i] units for each (key, period) under limits[i] (NULL:
-- unlimited): one row lock and at most one write per key and period, however
-- many requests the batch holds; grants min(count, limit - used), exactly what
-- that many single reservations in a row would have granted.
CREATE FUNCTION locscore_reserve_units(key_ids text[], period_starts timestamptz[], limits integer[], counts integer[])
RETURNS TABLE (slot integer, granted integer, used_now integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  before integer;
  take integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(key_ids, 1), 0) LOOP
    INSERT INTO usage (key_id, period_start, used) VALUES (key_ids[i], period_starts[i], 0)
    ON CONFLICT (key_id, period_start) DO NOTHING;
    SELECT u.used INTO before FROM usage u
    WHERE u.key_id = key_ids[i] AND u.period_start = period_starts[i] FOR UPDATE;
    take := CASE WHEN limits[i] IS NULL THEN counts[i] ELSE greatest(0, least(counts[i], limits[i] - before)) END;
    IF take > 0 THEN
      UPDATE usage u SET used = before + take WHERE u.key_id = key_ids[i] AND u.period_start = period_starts[i];
    END IF;
    slot := i;
    granted := take;
    used_now := before + take;
    RETURN NEXT;
  END LOOP;
END
$fn$;

-- Claims each idempotency key in order, as a single claim would: an insert
-- that takes over an entry older than expired_befores[i], else a read of the
-- stored entry and of what it answered. An answer is the request row itself
-- (a succeeded synchronous request replays its result, an asynchronous one
-- its queued acknowledgement) or, when that row could not be written, the
-- status and body stored with the claim.
CREATE FUNCTION locscore_claim_idempotency_keys(
  key_ids text[], idempotency_keys text[], body_hashes text[], request_ids text[], claimed_ats timestamptz[], expired_befores timestamptz[]
)
RETURNS TABLE (slot integer, claimed boolean, stored_hash text, stored_status integer, stored_body jsonb)
LANGUAGE plpgsql AS $fn$
DECLARE
  taken text;
  entry record;
  answered record;
BEGIN
  FOR i IN 1 .. coalesce(array_length(key_ids, 1), 0) LOOP
    taken := NULL;
    INSERT INTO idempotency_keys AS k (key_id, idempotency_key, body_hash, request_id, created_at)
    VALUES (key_ids[i], idempotency_keys[i], body_hashes[i], request_ids[i], claimed_ats[i])
    ON CONFLICT (key_id, idempotency_key) DO UPDATE
      SET body_hash = EXCLUDED.body_hash, request_id = EXCLUDED.request_id, created_at = EXCLUDED.created_at,
          response_status = NULL, response_body = NULL
      WHERE k.created_at < expired_befores[i]
    RETURNING k.request_id INTO taken;
    slot := i;
    claimed := taken IS NOT NULL;
    stored_hash := NULL;
    stored_status := NULL;
    stored_body := NULL;
    IF taken IS NULL THEN
      SELECT k.body_hash, k.response_status, k.response_body, k.request_id INTO entry
      FROM idempotency_keys k WHERE k.key_id = key_ids[i] AND k.idempotency_key = idempotency_keys[i];
      IF FOUND THEN
        stored_hash := entry.body_hash;
        stored_status := entry.response_status;
        stored_body := entry.response_body;
        IF entry.response_status IS NULL THEN
          SELECT r.mode, r.status, r.result INTO answered FROM requests r WHERE r.id = entry.request_id;
          IF FOUND AND answered.mode = 'async' THEN
            stored_status := 202;
            stored_body := jsonb_build_object('queued', true, 'requestId', entry.request_id);
          ELSIF FOUND AND answered.status = 'succeeded' THEN
            stored_status := 200;
            stored_body := answered.result;
          END IF;
        END IF;
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$fn$;
`,
  },
  {
    version: 3,
    name: 'set-based idempotency claims, indexes the queries use',
    // Measured on PGlite (the embedded default, Postgres in WASM), per claimed
    // or inserted row of a batch of about 20: the PL/pgSQL claim loop ~340 µs
    // (three statements per key through SPI), one set-based INSERT ~50–85 µs;
    // the (key_id, created_at) index ~42 µs of a ~190 µs request insert.
    sql: `
-- Same signature and answers as version 2's PL/pgSQL loop, in one set-based
-- statement. Each (key, idempotency key) is inserted once, by its first call
-- in the batch; a later call of the same key in the batch sees that first
-- claim (its hash, no answer yet: in progress or a different body), or,
-- when the first did not claim, the stored entry as the first saw it. An
-- entry is taken over when older than the call's TTL, claimed_ats[i] -
-- expired_befores[i], which is the same for every call of a batch (the
-- store's 24 h). Under concurrency on PostgreSQL a key claimed by another
-- transaction after this statement's snapshot reads as unknown, which
-- answers "in progress, retry": never two claims of one key.
CREATE OR REPLACE FUNCTION locscore_claim_idempotency_keys(
  key_ids text[], idempotency_keys text[], body_hashes text[], request_ids text[], claimed_ats timestamptz[], expired_befores timestamptz[]
)
RETURNS TABLE (slot integer, claimed boolean, stored_hash text, stored_status integer, stored_body jsonb)
LANGUAGE sql AS $fn$
WITH input AS (
  SELECT t.n::integer AS slot, t.key_id, t.ik, t.hash, t.rid, t.at
  FROM unnest(key_ids, idempotency_keys, body_hashes, request_ids, claimed_ats) WITH ORDINALITY AS t(key_id, ik, hash, rid, at, n)
), firsts AS (
  SELECT DISTINCT ON (key_id, ik) slot, key_id, ik, hash, rid, at FROM input ORDER BY key_id, ik, slot
), taken AS (
  INSERT INTO idempotency_keys AS k (key_id, idempotency_key, body_hash, request_id, created_at)
  SELECT key_id, ik, hash, rid, at FROM firsts
  ON CONFLICT (key_id, idempotency_key) DO UPDATE
    SET body_hash = EXCLUDED.body_hash, request_id = EXCLUDED.request_id, created_at = EXCLUDED.created_at,
        response_status = NULL, response_body = NULL
    WHERE k.created_at < EXCLUDED.created_at - (claimed_ats[1] - expired_befores[1])
  RETURNING k.key_id, k.idempotency_key
)
SELECT i.slot,
  t.key_id IS NOT NULL AND i.slot = f.slot,
  CASE WHEN t.key_id IS NOT NULL THEN (CASE WHEN i.slot = f.slot THEN NULL ELSE f.hash END) ELSE e.body_hash END,
  CASE WHEN t.key_id IS NOT NULL THEN NULL
       WHEN e.response_status IS NOT NULL THEN e.response_status
       WHEN r.mode = 'async' THEN 202
       WHEN r.status = 'succeeded' THEN 200 END,
  CASE WHEN t.key_id IS NOT NULL THEN NULL
       WHEN e.response_status IS NOT NULL THEN e.response_body
       WHEN r.mode = 'async' THEN jsonb_build_object('queued', true, 'requestId', e.request_id)
       WHEN r.status = 'succeeded' THEN r.result END
FROM input i
JOIN firsts f ON f.key_id = i.key_id AND f.ik = i.ik
LEFT JOIN taken t ON t.key_id = i.key_id AND t.idempotency_key = i.ik
LEFT JOIN idempotency_keys e ON t.key_id IS NULL AND e.key_id = i.key_id AND e.idempotency_key = i.ik
LEFT JOIN requests r ON e.response_status IS NULL AND r.id = e.request_id
ORDER BY i.slot
$fn$;

-- No query reads requests by (key_id, created_at); every insert paid for it.
DROP INDEX IF EXISTS requests_key_created;
-- The queue-depth gauge of /metrics reads the webhook-mode requests in flight:
-- a partial index holds only those rows, so synchronous inserts skip it.
CREATE INDEX requests_in_flight ON requests (status) WHERE status IN ('queued', 'running');
`,
  },
];

/** Arbitrary constant naming the migration advisory lock (ASCII "locs"). */
const MIGRATION_LOCK_ID = 0x6c6f6373;

/**
 * Applies every migration not yet in `schema_migrations`, each in its own
 * transaction. A transaction-scoped advisory lock serialises instances that
 * start together against one PostgreSQL.
 *
 * @param db - the database
 * @param migrations - defaults to {@link MIGRATIONS}
 * @returns the versions applied by this call
 */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  // Under the lock too: two `CREATE TABLE IF NOT EXISTS` at once can both
  // miss the table and one fails on a duplicate catalog key.
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`);
  });
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rows.length > 0) return;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    });
  }
  return applied;
}
