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
  {
    version: 4,
    name: 'accounts, plan-aware reservations, redeliveries, dashboard sessions',
    sql: `
-- Franchisor organisations. Names are unique without case.
CREATE TABLE accounts (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_name ON accounts (lower(name));

-- Every existing key gets an account of its own, named "<key name> (<prefix>)",
-- or its prefix alone when unnamed (prefixes are unique, so are these names).
ALTER TABLE api_keys ADD COLUMN account_id text;
UPDATE api_keys SET account_id = gen_random_uuid()::text;
INSERT INTO accounts (id, name, created_at)
  SELECT account_id, CASE WHEN name IS NULL OR name = '' THEN prefix ELSE name || ' (' || prefix || ')' END, created_at FROM api_keys;
ALTER TABLE api_keys ALTER COLUMN account_id SET NOT NULL;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_account FOREIGN KEY (account_id) REFERENCES accounts (id);
CREATE INDEX api_keys_account ON api_keys (account_id);

-- After a rotation the previous secret still signs deliveries until it expires.
ALTER TABLE api_keys ADD COLUMN previous_webhook_secret text;
ALTER TABLE api_keys ADD COLUMN previous_secret_expires_at timestamptz;

-- When each key last authenticated, in a table of its own so that recording
-- it never waits on (or holds) the key row that reservations lock.
CREATE TABLE key_last_use (
  key_id text PRIMARY KEY REFERENCES api_keys (id),
  used_at timestamptz NOT NULL
);

-- A request may have several deliveries: the original and each redelivery.
ALTER TABLE deliveries ADD COLUMN id text;
ALTER TABLE deliveries ADD COLUMN kind text NOT NULL DEFAULT 'original' CHECK (kind IN ('original', 'redelivery'));
UPDATE deliveries SET id = gen_random_uuid()::text;
ALTER TABLE deliveries ALTER COLUMN id SET NOT NULL;
ALTER TABLE deliveries DROP CONSTRAINT deliveries_pkey;
ALTER TABLE deliveries ADD PRIMARY KEY (id);
CREATE INDEX deliveries_request ON deliveries (request_id, created_at);
-- One original delivery per request, however often its scoring job runs.
CREATE UNIQUE INDEX deliveries_original ON deliveries (request_id) WHERE kind = 'original';

ALTER TABLE delivery_attempts ADD COLUMN delivery_id text;
UPDATE delivery_attempts a SET delivery_id = d.id FROM deliveries d WHERE d.request_id = a.request_id;
-- An attempt is only ever recorded for an existing delivery; none is left without one.
DELETE FROM delivery_attempts WHERE delivery_id IS NULL;
ALTER TABLE delivery_attempts ALTER COLUMN delivery_id SET NOT NULL;
ALTER TABLE delivery_attempts DROP CONSTRAINT delivery_attempts_pkey;
ALTER TABLE delivery_attempts ADD PRIMARY KEY (delivery_id, attempt);
ALTER TABLE delivery_attempts ADD CONSTRAINT delivery_attempts_delivery FOREIGN KEY (delivery_id) REFERENCES deliveries (id);
CREATE INDEX delivery_attempts_request ON delivery_attempts (request_id);

-- Dashboard sessions: the cookie's SHA-256, never the cookie itself.
CREATE TABLE dashboard_sessions (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('admin', 'key')),
  key_id text REFERENCES api_keys (id),
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK ((kind = 'key') = (key_id IS NOT NULL))
);
CREATE INDEX dashboard_sessions_expiry ON dashboard_sessions (expires_at);

-- Reserves counts[i] units for each (key, period) under the limit of the
-- key's plan as committed when the reservation runs, plan_limits giving each
-- plan's limit (JSON null: unlimited). The key row is read FOR SHARE and held
-- to the end of the transaction: a plan change (an UPDATE of that row) waits
-- for the reservations in flight, and every reservation after it reads the
-- new plan. So a plan change applies to the next reservation, and none
-- granted after it exceeds the new limit. Grants min(count, limit - used), in
-- call order, as version 2's function did with the caller's limit.
CREATE FUNCTION locscore_reserve_plan_units(key_ids text[], period_starts timestamptz[], counts integer[], plan_limits jsonb)
RETURNS TABLE (slot integer, granted integer, used_now integer, quota integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  before integer;
  take integer;
  key_plan text;
  key_limit integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(key_ids, 1), 0) LOOP
    SELECT k.plan INTO key_plan FROM api_keys k WHERE k.id = key_ids[i] FOR SHARE;
    key_limit := (plan_limits ->> key_plan)::integer;
    INSERT INTO usage (key_id, period_start, used) VALUES (key_ids[i], period_starts[i], 0)
    ON CONFLICT (key_id, period_start) DO NOTHING;
    SELECT u.used INTO before FROM usage u
    WHERE u.key_id = key_ids[i] AND u.period_start = period_starts[i] FOR UPDATE;
    take := CASE WHEN key_limit IS NULL THEN counts[i] ELSE greatest(0, least(counts[i], key_limit - before)) END;
    IF take > 0 THEN
      UPDATE usage u SET used = before + take WHERE u.key_id = key_ids[i] AND u.period_start = period_starts[i];
    END IF;
    slot := i;
    granted := take;
    used_now := before + take;
    quota := key_limit;
    RETURN NEXT;
  END LOOP;
END
$fn$;
DROP FUNCTION locscore_reserve_units(text[], timestamptz[], integer[], integer[]);
`,
  },
  {
    version: 5,
    name: 'units and their protected territories',
    sql: `
-- The franchisor's own units (open and planned) with their protected
-- territories, owned by an account: every key of the account sees them.
-- territory_input is the territory as sent; territory the stored form (a
-- population territory resolved into its polygon once, so it is stable).
-- seq orders the listing (oldest first) and is its cursor.
CREATE TABLE units (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  account_id text NOT NULL REFERENCES accounts (id),
  name text NOT NULL,
  address text,
  matched_address text,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  category text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'planned')),
  brand text,
  territory_input jsonb,
  territory jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((territory IS NULL) = (territory_input IS NULL))
);
CREATE INDEX units_account_seq ON units (account_id, seq);

-- Bumped by every write of an account's units, in the write's transaction:
-- each instance caches an account's unit network and rebuilds it when the
-- version it reads differs from the one it built. The row lock taken to bump
-- it also serialises an account's writes, so the unit limit holds.
ALTER TABLE accounts ADD COLUMN units_version bigint NOT NULL DEFAULT 0;
`,
  },
  {
    version: 6,
    name: 'unit network budgets, incremental networks, key change notifications',
    sql: `
-- What each unit costs an account's budget (docs/security.md): the vertices of
-- its stored territory polygon (a radius territory has none) and the bytes of
-- its stored text, both computed here so that the budget check and the
-- stored row can never disagree.
ALTER TABLE units ADD COLUMN vertices integer GENERATED ALWAYS AS (
  CASE territory -> 'geometry' ->> 'type'
    WHEN 'Polygon' THEN jsonb_array_length(jsonb_path_query_array(territory, 'strict $.geometry.coordinates[*][*]'))
    WHEN 'MultiPolygon' THEN jsonb_array_length(jsonb_path_query_array(territory, 'strict $.geometry.coordinates[*][*][*]'))
    ELSE 0
  END
) STORED;
ALTER TABLE units ADD COLUMN stored_bytes integer GENERATED ALWAYS AS (
  octet_length(name) + coalesce(octet_length(address), 0) + coalesce(octet_length(matched_address), 0)
    + coalesce(octet_length(brand), 0) + coalesce(octet_length(territory_input::text), 0) + coalesce(octet_length(territory::text), 0)
) STORED;

-- The account's units_version of the write that last changed the unit: a
-- network cached at version v is brought up to date from the rows written
-- after v. Set by a trigger from the version every write bumps first in its
-- transaction, so no writer can forget it.
ALTER TABLE units ADD COLUMN written_version bigint NOT NULL DEFAULT 0;
CREATE FUNCTION locscore_stamp_unit_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT a.units_version INTO NEW.written_version FROM accounts a WHERE a.id = NEW.account_id;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER units_written_version BEFORE INSERT OR UPDATE ON units
  FOR EACH ROW EXECUTE FUNCTION locscore_stamp_unit_version();
CREATE INDEX units_account_written ON units (account_id, written_version);

-- Every change of a key row (plan, revocation, secret), through any
-- instance or by hand, tells every instance listening on PostgreSQL to drop
-- the keys it serves from memory.
CREATE FUNCTION locscore_notify_key_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('locscore_key_changes', '');
  RETURN NULL;
END
$fn$;
CREATE TRIGGER api_keys_changed AFTER UPDATE OR DELETE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION locscore_notify_key_change();

-- The redeliveries an account asked for in the last 24 hours (its budget).
CREATE INDEX deliveries_redelivery_created ON deliveries (created_at) WHERE kind = 'redelivery';
`,
  },
  {
    version: 7,
    name: 'refused requests per account and day',
    sql: `
-- API requests answered with a 4xx other than 404 (bad input, bad or missing
-- credentials, spent quota, burst limit), counted per account and UTC day
-- for the usage report's error rate. A request without an account (no or
-- unknown credentials) counts under the nil UUID, so there is no foreign key.
CREATE TABLE refused_requests (
  account_id text NOT NULL,
  day date NOT NULL,
  refused integer NOT NULL,
  PRIMARY KEY (account_id, day)
);
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
