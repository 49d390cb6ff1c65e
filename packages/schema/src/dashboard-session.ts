import { z } from 'zod';
import { AccountId, KeyPrefix } from './admin.js';
import { storable } from './storable-text.js';

/** Who a dashboard session is: the operator (admin token) or a franchisor (one API key). */
export const SESSION_KINDS = ['admin', 'key'] as const;
/** zod schema of a session kind. */
export const SessionKind = z.enum(SESSION_KINDS).meta({ id: 'SessionKind' });
/** Who a dashboard session is. */
export type SessionKind = z.infer<typeof SessionKind>;

const secret = (field: string, max: number) =>
  storable(
    z
      .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
      .min(1, `${field} must not be empty`)
      .max(max, `${field} must be at most ${max} characters`),
    field,
  );

const strictBody = (issue: { code: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown field: ${(issue.keys ?? []).join(', ')}` : 'body must be a JSON object';

/**
 * Body of `POST /dashboard/session` (sign in): `{ kind: "admin", token }`
 * with the server's admin token, or `{ kind: "key", apiKey }` with an API
 * key. The server answers 204 and sets the session cookie; a wrong secret is
 * a 401, too many wrong ones a 429 `rate_limited`.
 */
export const SessionSignIn = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('admin'), token: secret('token', 1024) }, { error: strictBody }),
      z.strictObject({ kind: z.literal('key'), apiKey: secret('apiKey', 256) }, { error: strictBody }),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? 'kind must be "admin" or "key"' : 'body must be a JSON object') },
  )
  .meta({ id: 'SessionSignIn' });
/** Body of `POST /dashboard/session`. */
export type SessionSignIn = z.infer<typeof SessionSignIn>;

/**
 * Body of `GET /dashboard/session`: who is signed in, until when, and the
 * CSRF token every POST, PATCH and DELETE of this session must send as
 * `X-CSRF-Token`. A franchisor session names its key and account; an
 * operator session has neither.
 */
export const DashboardSession = z
  .object({
    kind: SessionKind,
    csrfToken: z.string().min(16),
    expiresAt: z.iso.datetime().describe('When the session ends, ISO 8601 UTC; sign in again after.'),
    account: z.object({ id: AccountId, name: z.string() }).optional().describe('The key’s account (franchisor sessions).'),
    keyPrefix: KeyPrefix.optional().describe('The key signed in with (franchisor sessions).'),
  })
  .meta({ id: 'DashboardSession' });
/** Body of `GET /dashboard/session`. */
export type DashboardSession = z.infer<typeof DashboardSession>;
