import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/store/open-store.js';

let store: Store;

beforeAll(async () => {
  store = await openStore();
});

afterAll(async () => {
  await store?.close();
});

describe('registering a given key (the demo key)', () => {
  it('is idempotent, takes the new plan and keeps the webhook secret', async () => {
    const apiKey = 'lsk_register_test_key_0001';
    const first = await store.keys.register({ apiKey, plan: 'starter' });
    const secret = (await store.keys.authenticate(apiKey))?.webhookSecret;
    const again = await store.keys.register({ apiKey, plan: 'growth' });
    expect(again).toMatchObject({ prefix: first.prefix, plan: 'growth' });
    expect((await store.keys.authenticate(apiKey))?.webhookSecret).toBe(secret);
  });

  it('refuses a second key with the same visible prefix, naming the field, instead of a database error', async () => {
    await store.keys.register({ apiKey: 'lsk_sameprefix_AAAAAAAA', plan: 'starter' });
    await expect(store.keys.register({ apiKey: 'lsk_sameprefix_BBBBBBBB', plan: 'starter' })).rejects.toThrow(
      new TypeError('apiKey: another key already has the prefix lsk_samepref; make its first 12 characters differ'),
    );
  });
});
