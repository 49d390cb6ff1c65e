import { ADMIN_REQUESTS_PATH, ADMIN_USAGE_PATH, UsageReport } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import { type ConnectionOptions, resolveConnection } from '../client-options.js';
import { type Credentials, missingCredentialsError } from '../credentials.js';
import { envVar } from '../env.js';
import { type RequestListParams, RequestLog, requestListQuery } from '../franchisor/request-log.js';
import { createJsonTransport, type JsonTransport } from '../json-transport.js';
import { AdminAccounts } from './accounts.js';
import { AdminKeys } from './keys.js';

/** Options of {@link AdminClient}: the admin token, or an operator's dashboard session. */
export interface AdminClientOptions extends ConnectionOptions {
  /** The server's admin token, sent as `Authorization: Bearer`; defaults to `LOCSCORE_ADMIN_TOKEN` (Node). */
  adminToken?: string | undefined;
  /** An operator's dashboard session instead of the token: the cookie goes by itself, `csrfToken` on writes. */
  session?: { csrfToken: string } | undefined;
}

/** Filters of the admin request listing: the franchisor's, plus one key or one account. */
export interface AdminRequestListParams extends RequestListParams {
  /** Prefix of one key. */
  key?: string | undefined;
  /** Id of one account. */
  account?: string | undefined;
}

/**
 * Typed client of the admin API (`/api/admin/*`): accounts, keys and plans,
 * monthly usage, and every key's requests with their webhook deliveries.
 * Runs in Node and in browsers. Errors are the SDK's typed errors
 * (`AuthenticationError` for a wrong token, `NotFoundError` when the server
 * has no admin token configured, `ForbiddenError` for a session write
 * without its CSRF token…).
 *
 * @example
 * const admin = new AdminClient({ baseUrl: 'http://127.0.0.1:8787', adminToken: process.env.LOCSCORE_ADMIN_TOKEN });
 * const account = await admin.accounts.create('Risch Kaffee AG');
 * const key = await admin.keys.create({ account: account.id, plan: 'starter' });
 */
export class AdminClient {
  readonly #transport: JsonTransport;
  /** Accounts: `create`, `list`. */
  readonly accounts: AdminAccounts;
  /** Keys: `create`, `list`, `setPlan`, `revoke`, `rotateSecret`. */
  readonly keys: AdminKeys;
  /** Every key's requests: `list`, `all`, `get` (with deliveries and attempts), `redeliver`. */
  readonly requests: RequestLog<AdminRequestListParams>;

  /**
   * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL
   * @throws {RangeError} when `timeoutMs` or `maxRetries` is out of range
   */
  constructor(options: AdminClientOptions = {}) {
    const connection = resolveConnection(options);
    const token = options.adminToken ?? envVar('LOCSCORE_ADMIN_TOKEN');
    this.#transport = createJsonTransport(connection, () => adminCredentials(token, options.session));
    this.accounts = new AdminAccounts(this.#transport);
    this.keys = new AdminKeys(this.#transport);
    this.requests = new RequestLog(this.#transport, ADMIN_REQUESTS_PATH, (params: AdminRequestListParams = {}) => ({
      ...requestListQuery(params),
      key: params.key,
      account: params.account,
    }));
  }

  /**
   * Every key's evaluations in a month, requests per UTC day and webhook
   * outcomes (`GET /api/admin/usage`).
   *
   * @param month - `YYYY-MM`; the current period's month when left out
   * @throws {BadRequestError} `month` is not `YYYY-MM`
   */
  usage(month?: string, options: CallOptions = {}): Promise<UsageReport> {
    return this.#transport.send({ method: 'get', path: ADMIN_USAGE_PATH, query: { month }, signal: options.signal }, UsageReport, 'UsageReport');
  }
}

function adminCredentials(token: string | undefined, session: { csrfToken: string } | undefined): Credentials {
  if (session !== undefined) return { kind: 'session', csrfToken: session.csrfToken };
  if (token !== undefined && token !== '') return { kind: 'adminToken', token };
  throw missingCredentialsError('No admin token: pass { adminToken } to new AdminClient() or set LOCSCORE_ADMIN_TOKEN', 'missing_admin_token');
}
