import type { ApiKeyRecord, Plan } from '@locscore/schema';

/** A key as `keys create` made it: the record, plus the key and its webhook secret, shown once. */
export interface CreatedKeyOutcome {
  record: ApiKeyRecord;
  apiKey: string;
  webhookSecret: string;
  /** Whether `--account` named an account that did not exist and was created for it. */
  accountCreated: boolean;
}

/** A new webhook secret and the end of the previous one's overlap. */
export interface RotatedSecretOutcome {
  webhookSecret: string;
  /** ISO 8601 UTC: until then deliveries carry signatures of both secrets. */
  previousSecretExpiresAt: string;
}

/**
 * What `locscore keys` does to keys, the same whether the keys are in a
 * store the CLI opens (a data directory or PostgreSQL) or behind a running
 * server's admin API. Keys are named by their 12-character prefix.
 */
export interface KeyAdmin {
  /** Where the keys are, for messages: `data directory …`, `PostgreSQL …` or `the admin API of …`. */
  readonly place: string;
  /**
   * Creates a key on a plan, in the account named `account` (made when none
   * has that name, compared without case), or in a new account of its own.
   */
  create(options: { plan: Plan; name?: string; account?: string }): Promise<CreatedKeyOutcome>;
  /** Every key with its account, usage this period and last use, oldest first. */
  list(): Promise<ApiKeyRecord[]>;
  /** Revokes a key; the same record again for a revoked key. @throws when no key has the prefix */
  revoke(prefix: string): Promise<ApiKeyRecord>;
  /** Replaces a key's webhook secret. @throws when no key has the prefix, or it is revoked */
  rotateSecret(prefix: string): Promise<RotatedSecretOutcome>;
  /** Moves a key to another plan from its next request. @throws when no key has the prefix, or it is revoked */
  setPlan(prefix: string, plan: Plan): Promise<ApiKeyRecord>;
  /** Releases what it holds (the store); idempotent. */
  close(): Promise<void>;
}
