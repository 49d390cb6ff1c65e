import { Account, AccountList, ADMIN_ACCOUNTS_PATH } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import type { JsonTransport } from '../json-transport.js';

/** Accounts (franchisor organisations) through the admin API. */
export class AdminAccounts {
  readonly #transport: JsonTransport;

  /** @param transport - the admin client's transport */
  constructor(transport: JsonTransport) {
    this.#transport = transport;
  }

  /**
   * Creates an account (`POST /api/admin/accounts`). Never retried by the client.
   *
   * @param name - 1–100 characters after trimming; unique, compared without case
   * @returns the new account
   * @throws {BadRequestError} `name` is empty or too long
   * @throws {ConflictError} an account has that name
   */
  create(name: string, options: CallOptions = {}): Promise<Account> {
    return this.#transport.send({ method: 'post', path: ADMIN_ACCOUNTS_PATH, body: { name }, signal: options.signal }, Account, 'Account');
  }

  /** Every account, oldest first (`GET /api/admin/accounts`). */
  async list(options: CallOptions = {}): Promise<Account[]> {
    const list = await this.#transport.send({ method: 'get', path: ADMIN_ACCOUNTS_PATH, signal: options.signal }, AccountList, 'AccountList');
    return list.items;
  }
}
