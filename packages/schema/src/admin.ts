import { z } from 'zod';
import { Plan, Usage } from './plans.js';
import { unknownParamError } from './query-params.js';
import { storable } from './storable-text.js';

const strictBody = (issue: { code: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown field: ${(issue.keys ?? []).join(', ')}` : 'body must be a JSON object';

/**
 * A trimmed display name of 1–100 characters PostgreSQL can store.
 *
 * @param field - the field's name, for messages
 */
function displayName(field: string) {
  return storable(
    z
      .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
      .trim()
      .min(1, `${field} must not be empty`)
      .max(100, `${field} must be at most 100 characters`),
    field,
  );
}

/** Id of an account: UUID v4. */
export const AccountId = z
  .uuid({ version: 'v4', error: (issue) => (issue.input === undefined ? 'account is required' : 'account must be an account id (UUID v4)') })
  .meta({ id: 'AccountId', example: '0c6f2d0e-3f5a-4d8b-9a7e-2f1b3c4d5e6f' });
/** Id of an account: UUID v4. */
export type AccountId = z.infer<typeof AccountId>;

/**
 * The visible prefix of an API key: its first 12 characters (`lsk_` and 8
 * more for generated keys). Keys are listed, changed and revoked by it; the
 * rest of a key is stored only as a hash.
 */
export const KeyPrefix = storable(
  z
    .string({ error: (issue) => (issue.input === undefined ? 'key is required' : 'key must be a key prefix') })
    .min(1, 'key prefix must not be empty')
    .max(12, 'key prefix is at most 12 characters (the first 12 of the key)'),
  'key prefix',
).meta({ id: 'KeyPrefix', example: 'lsk_Q2hVx9aB' });
/** The visible prefix of an API key. */
export type KeyPrefix = z.infer<typeof KeyPrefix>;

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 32 random bytes. */
export const WebhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'webhookSecret must be whsec_ followed by base64')
  .meta({ id: 'WebhookSecret', description: 'Standard Webhooks signing secret of a key. Shown once, when created or rotated.' });

/**
 * A franchisor organisation: it owns API keys (each with its own plan) and
 * units. Names are unique, compared without case.
 */
export const Account = z
  .object({
    id: AccountId,
    name: z.string().min(1).max(100),
    createdAt: z.iso.datetime(),
    activeKeyCount: z.int().min(0).describe('Keys of the account that are not revoked.'),
  })
  .meta({ id: 'Account' });
/** A franchisor organisation. */
export type Account = z.infer<typeof Account>;

/** Body of `POST /api/admin/accounts`: `{ name }`, 1–100 characters after trimming. Unknown fields are refused. */
export const CreateAccount = z.strictObject({ name: displayName('name') }, { error: strictBody }).meta({ id: 'CreateAccount' });
/** Body of `POST /api/admin/accounts` after validation. */
export type CreateAccount = z.infer<typeof CreateAccount>;

/** Body of `GET /api/admin/accounts`: every account, oldest first. */
export const AccountList = z.object({ items: z.array(Account) }).meta({ id: 'AccountList' });
/** Body of `GET /api/admin/accounts`. */
export type AccountList = z.infer<typeof AccountList>;

/**
 * A key's usage in the current quota period: `used` evaluations of `limit`
 * (null: unlimited), until `resetAt` (ISO 8601 UTC). After a plan change
 * `limit` is the new plan's and `used` keeps what was already used.
 */
export const KeyUsage = Usage.pick({ used: true, limit: true, resetAt: true }).meta({ id: 'KeyUsage' });
/** A key's usage in the current quota period. */
export type KeyUsage = z.infer<typeof KeyUsage>;

/** An API key as the admin API lists it: no secret material. Times are ISO 8601 UTC. */
export const ApiKeyRecord = z
  .object({
    prefix: KeyPrefix,
    name: z.string().nullable(),
    plan: Plan,
    accountId: AccountId,
    accountName: z.string(),
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable().describe('Last request the key authenticated, any endpoint; null when never used.'),
    usage: KeyUsage,
  })
  .meta({ id: 'ApiKeyRecord' });
/** An API key as the admin API lists it. */
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

/** Body of `GET /api/admin/keys`: keys oldest first, revoked ones included. */
export const KeyList = z.object({ items: z.array(ApiKeyRecord) }).meta({ id: 'KeyList' });
/** Body of `GET /api/admin/keys`. */
export type KeyList = z.infer<typeof KeyList>;

/** Query of `GET /api/admin/keys`: `account` keeps one account's keys. */
export const KeyListQuery = z.strictObject({ account: AccountId.optional() }, { error: unknownParamError }).meta({ id: 'KeyListQuery' });
/** Query of `GET /api/admin/keys` after validation. */
export type KeyListQuery = z.infer<typeof KeyListQuery>;

/**
 * Body of `POST /api/admin/keys`: the owning account's id, a plan, and an
 * optional display name. Without `account` the key gets a new account of
 * its own, named `<name> (<prefix>)` (or its prefix alone for an unnamed key).
 */
export const CreateKey = z
  .strictObject(
    {
      account: AccountId.optional().describe('The owning account; left out, a new account of the key’s own.'),
      plan: Plan,
      name: displayName('name').optional(),
    },
    { error: strictBody },
  )
  .meta({ id: 'CreateKey' });
/** Body of `POST /api/admin/keys` after validation. */
export type CreateKey = z.infer<typeof CreateKey>;
/** Body of `POST /api/admin/keys` before validation. */
export type CreateKeyInput = z.input<typeof CreateKey>;

/**
 * 201 response of `POST /api/admin/keys`: the record plus the full `apiKey`
 * and its `webhookSecret`. Both are shown this once; the server keeps only a
 * hash of the key.
 */
export const CreatedKey = ApiKeyRecord.extend({
  apiKey: z.string().min(16).describe('The full key. Shown once: store it now.'),
  webhookSecret: WebhookSecret,
}).meta({ id: 'CreatedKey' });
/** 201 response of `POST /api/admin/keys`. */
export type CreatedKey = z.infer<typeof CreatedKey>;

/**
 * Body of `PATCH /api/admin/keys/{prefix}`: the new plan. It applies from the
 * key's next request: this period's limit becomes the new plan's, and the
 * evaluations already used stay used (a downgrade below them leaves nothing
 * until the reset).
 */
export const UpdateKeyPlan = z.strictObject({ plan: Plan }, { error: strictBody }).meta({ id: 'UpdateKeyPlan' });
/** Body of `PATCH /api/admin/keys/{prefix}` after validation. */
export type UpdateKeyPlan = z.infer<typeof UpdateKeyPlan>;

/**
 * Response of `POST /api/admin/keys/{prefix}/rotate-secret`: the new secret,
 * shown once. Until `previousSecretExpiresAt` deliveries are signed with the
 * new and the previous secret (two signatures in `webhook-signature`), so a
 * receiver can switch without dropping a delivery.
 */
export const RotatedSecret = z
  .object({
    prefix: KeyPrefix,
    webhookSecret: WebhookSecret,
    previousSecretExpiresAt: z.iso.datetime().describe('End of the overlap: 24 hours after the rotation.'),
  })
  .meta({ id: 'RotatedSecret' });
/** Response of `POST /api/admin/keys/{prefix}/rotate-secret`. */
export type RotatedSecret = z.infer<typeof RotatedSecret>;

/** A month, `YYYY-MM` from 1970-01 to 9999-12, as quota periods are named (UTC by default). */
export const UsageMonth = z
  .string({ error: (issue) => (issue.input === undefined ? 'month is required' : 'month must be a string') })
  .regex(/^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM between 1970-01 and 9999-12, e.g. 2026-11')
  .meta({ id: 'UsageMonth', example: '2026-11' });

/** Query of `GET /api/admin/usage` and `GET /api/franchisor/usage-report`; `month` defaults to the current period's. */
export const UsageReportQuery = z.strictObject({ month: UsageMonth.optional() }, { error: unknownParamError }).meta({ id: 'UsageReportQuery' });
/** Query of a usage report after validation. */
export type UsageReportQuery = z.infer<typeof UsageReportQuery>;

/** One key's evaluations in a month. `plan` and `limit` are the key's plan now: plans are not kept per month. */
export const KeyMonthUsage = z
  .object({
    prefix: KeyPrefix,
    name: z.string().nullable(),
    accountId: AccountId,
    accountName: z.string(),
    plan: Plan,
    limit: z.int().min(0).nullable().describe('The current plan’s evaluations per period; null is unlimited.'),
    used: z.int().min(0).describe('Evaluations counted in that month’s period.'),
  })
  .meta({ id: 'KeyMonthUsage' });
/** One key's evaluations in a month. */
export type KeyMonthUsage = z.infer<typeof KeyMonthUsage>;

/** Scoring requests accepted on one UTC day, by outcome so far. */
export const DailyActivity = z
  .object({
    date: z.iso.date().describe('UTC day, YYYY-MM-DD.'),
    requests: z.int().min(0).describe('Requests accepted for scoring (synchronous and webhook mode).'),
    succeeded: z.int().min(0),
    failed: z.int().min(0).describe('Requests whose status is failed (scoring failed after the retries).'),
  })
  .meta({ id: 'DailyActivity' });
/** Scoring requests accepted on one UTC day. */
export type DailyActivity = z.infer<typeof DailyActivity>;

/** API requests refused on one UTC day. */
export const RefusedDay = z
  .object({
    date: z.iso.date().describe('UTC day, YYYY-MM-DD.'),
    refused: z.int().min(0),
  })
  .meta({ id: 'RefusedDay' });
/** API requests refused on one UTC day. */
export type RefusedDay = z.infer<typeof RefusedDay>;

/**
 * API requests refused in a month: every answer with a 4xx status other than
 * 404 (invalid input, missing or wrong credentials, no permission, a spent
 * quota, the burst limit), counted per account and UTC day. They are not in
 * `days` (which counts requests accepted for scoring) and cost no quota.
 */
export const RefusedActivity = z
  .object({
    total: z.int().min(0).describe('Refused requests in the month (up to now).'),
    days: z.array(RefusedDay).describe('Every day of the month up to now, zeros included, like `days`.'),
  })
  .meta({ id: 'RefusedActivity' });
/** API requests refused in a month. */
export type RefusedActivity = z.infer<typeof RefusedActivity>;

/** Webhook deliveries of a month's requests, by state. */
export const WebhookActivity = z
  .object({
    delivered: z.int().min(0).describe('Deliveries a receiver answered with a 2xx.'),
    failed: z.int().min(0).describe('Deliveries stopped by a 410 or out of attempts.'),
    pending: z.int().min(0).describe('Deliveries with attempts still to come.'),
  })
  .meta({ id: 'WebhookActivity' });
/** Webhook deliveries of a month's requests. */
export type WebhookActivity = z.infer<typeof WebhookActivity>;

/**
 * Body of `GET /api/admin/usage?month=YYYY-MM` (every key) and of
 * `GET /api/franchisor/usage-report?month=YYYY-MM` (the calling key only):
 * evaluations per key, requests per UTC day (every day of the month up to
 * today, zeros included) and webhook outcomes.
 */
export const UsageReport = z
  .object({
    month: UsageMonth,
    periodStart: z.iso.datetime().describe('Start of the month’s quota period, ISO 8601 UTC.'),
    periodEnd: z.iso.datetime().describe('Its end (the next reset), ISO 8601 UTC.'),
    keys: z.array(KeyMonthUsage),
    days: z.array(DailyActivity),
    refused: RefusedActivity.describe(
      'Requests refused with a 4xx (not 404): of every account and of requests without one for the operator, of the key’s account for a franchisor.',
    ),
    webhooks: WebhookActivity,
  })
  .meta({ id: 'UsageReport' });
/** A month's usage report. */
export type UsageReport = z.infer<typeof UsageReport>;
