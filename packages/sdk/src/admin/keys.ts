import { ADMIN_KEYS_PATH, ApiKeyRecord, CreatedKey, KeyList, type Plan, RotatedSecret } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import type { JsonTransport } from '../json-transport.js';

/** Body of {@link AdminKeys.create}. */
export interface CreateKeyParams {
  /** Id of the owning account; left out, the key gets a new account of its own (`<name> (<prefix>)`). */
  account?: string | undefined;
  plan: Plan;
  /** Display name, 1–100 characters. */
  name?: string | undefined;
}

/** API keys and their plans through the admin API; a key is named by its 12-character prefix. */
export class AdminKeys {
  readonly #transport: JsonTransport;

  /** @param transport - the admin client's transport */
  constructor(transport: JsonTransport) {
    this.#transport = transport;
  }

  /**
   * Creates a key (`POST /api/admin/keys`). The answer holds the full
   * `apiKey` and its `webhookSecret`: shown this once. Never retried by the
   * client, so a lost answer never leaves a second key behind.
   *
   * @throws {BadRequestError} unknown account, or an invalid plan or name (`fields`)
   */
  create(params: CreateKeyParams, options: CallOptions = {}): Promise<CreatedKey> {
    const body = {
      ...(params.account === undefined ? {} : { account: params.account }),
      plan: params.plan,
      ...(params.name === undefined ? {} : { name: params.name }),
    };
    return this.#transport.send({ method: 'post', path: ADMIN_KEYS_PATH, body, signal: options.signal }, CreatedKey, 'CreatedKey');
  }

  /**
   * Every key with its usage this period and last use, oldest first, revoked
   * ones included (`GET /api/admin/keys`).
   *
   * @param filter - `account`: one account's keys only
   */
  async list(filter: { account?: string | undefined } = {}, options: CallOptions = {}): Promise<ApiKeyRecord[]> {
    const request = { method: 'get' as const, path: ADMIN_KEYS_PATH, query: { account: filter.account }, signal: options.signal };
    return (await this.#transport.send(request, KeyList, 'KeyList')).items;
  }

  /**
   * Moves a key to another plan (`PATCH /api/admin/keys/{prefix}`). It applies
   * from the key's next request: this period's limit becomes the new plan's,
   * and the evaluations already used stay used.
   *
   * @returns the key after the change
   * @throws {NotFoundError} no key has that prefix
   */
  setPlan(prefix: string, plan: Plan, options: CallOptions = {}): Promise<ApiKeyRecord> {
    return this.#transport.send({ method: 'patch', path: keyPath(prefix), body: { plan }, signal: options.signal }, ApiKeyRecord, 'ApiKeyRecord');
  }

  /**
   * Revokes a key (`DELETE /api/admin/keys/{prefix}`): its next request gets 401.
   *
   * @returns the key with `revokedAt`
   * @throws {NotFoundError} no key has that prefix
   */
  revoke(prefix: string, options: CallOptions = {}): Promise<ApiKeyRecord> {
    return this.#transport.send({ method: 'delete', path: keyPath(prefix), signal: options.signal }, ApiKeyRecord, 'ApiKeyRecord');
  }

  /**
   * Replaces a key's webhook signing secret (`POST /api/admin/keys/{prefix}/rotate-secret`).
   * Until `previousSecretExpiresAt`, deliveries carry signatures of both secrets.
   *
   * @returns the new secret, shown this once
   * @throws {NotFoundError} no key has that prefix
   * @throws {ConflictError} the key is revoked
   */
  rotateSecret(prefix: string, options: CallOptions = {}): Promise<RotatedSecret> {
    return this.#transport.send({ method: 'post', path: `${keyPath(prefix)}/rotate-secret`, signal: options.signal }, RotatedSecret, 'RotatedSecret');
  }
}

function keyPath(prefix: string): string {
  if (typeof prefix !== 'string' || prefix === '') throw new TypeError('prefix must be a non-empty key prefix');
  return `${ADMIN_KEYS_PATH}/${encodeURIComponent(prefix)}`;
}
