/**
 * Issue 22, finding 5: NUL bytes and lone surrogates in addresses, unit
 * names and brands, account and key names reached PostgreSQL and were
 * answered 500 `scoring_failed` (22021), even on a key with no quota left.
 * Over the real HTTP server with the sample town, on PGlite and PostgreSQL:
 * each is a 400 `invalid_request` naming the field, before any quota or
 * database work, and the store holds nothing of them.
 */
import { UnitImportResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { type LoadedEngine, loadEngine } from '../src/engine-loader.js';
import { quotaPeriod } from '../src/services/usage/period.js';
import { call, codeOf, fieldsOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

const TOKEN = 'tenant-input-admin-token-0123456789abcdef';
/** Text PostgreSQL cannot store: a NUL, a lone high surrogate, a lone low surrogate. */
const UNSTORABLE = ['Städtle 38, 9490 Vaduz \u0000', 'Städtle 38 \uD800, 9490 Vaduz', '\uDC00Städtle 38, 9490 Vaduz'];

let loaded: LoadedEngine;

beforeAll(async () => {
  loaded = await loadEngine({ regions: [], sample: true });
});
afterAll(async () => loaded?.close());

describe.each(STORE_DRIVERS)('unstorable text on $name', ({ open, skip }) => {
  let opened: TestStore;
  let server: Listening;
  let apiKey: string;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    if (skip) return;
    opened = await open();
    server = await listen(createServer({ store: opened.store, engine: loaded.engine, adminToken: TOKEN }));
    ({ apiKey } = await opened.store.keys.create({ plan: 'starter', name: 'spent' }));
    const key = await opened.store.keys.authenticate(apiKey);
    for (let i = 0; i < 20; i += 1) await opened.store.usage.reserve(key?.id ?? '', quotaPeriod(new Date()).start);
  });
  afterAll(async () => {
    await server?.close();
    await opened?.dispose();
  });

  it.skipIf(skip)('refuses them in a score’s address and webhookUrl with 400 naming the field, on a key with no quota left', async () => {
    for (const address of UNSTORABLE) {
      const answer = await call('POST', url('/api/franchisor/score'), { apiKey, body: { address, category: 'coffee' } });
      expect(answer.status, JSON.stringify(address)).toBe(400);
      expect(fieldsOf(answer)).toEqual(['address']);
    }
    const hook = await call('POST', url('/api/franchisor/score'), {
      apiKey,
      body: { address: '100 Main Street, Maple Junction', category: 'coffee', webhookUrl: 'https://example.com/\uD800' },
    });
    expect(fieldsOf(hook)).toEqual(['webhookUrl']);
    expect(codeOf(await call('POST', url('/api/franchisor/score'), { apiKey, body: { address: '100 Main Street, Maple Junction', category: 'coffee' } }))).toBe(
      'quota_exceeded',
    );
  });

  it.skipIf(skip)('refuses them in a unit’s name, brand and address, alone and in an import row', async () => {
    const base = { name: 'Perry Street', coordinates: { lat: 47.14, lng: 9.52 }, category: 'coffee', status: 'open' };
    for (const text of UNSTORABLE) {
      for (const field of ['name', 'brand'] as const) {
        const answer = await call('POST', url('/api/franchisor/units'), { apiKey, body: { ...base, [field]: text } });
        expect(answer.status).toBe(400);
        expect(fieldsOf(answer)).toEqual([field]);
      }
      const { coordinates: _coordinates, ...byAddress } = base;
      expect(fieldsOf(await call('POST', url('/api/franchisor/units'), { apiKey, body: { ...byAddress, address: text } }))).toEqual(['address']);
      const imported = UnitImportResult.parse(
        (await call('POST', url('/api/franchisor/units/import'), { apiKey, body: { units: [{ ...base, name: text }] } })).body,
      );
      expect(imported.results[0]).toMatchObject({ status: 'failed', error: { code: 'invalid_request', details: { fields: [{ field: 'name' }] } } });
    }
    expect((await call('GET', url('/api/franchisor/units'), { apiKey })).body).toMatchObject({ items: [] });
  });

  it.skipIf(skip)('refuses them in account and key names, key prefixes, cursors and sign-in secrets', async () => {
    for (const text of UNSTORABLE) {
      expect(fieldsOf(await call('POST', url('/api/admin/accounts'), { token: TOKEN, body: { name: text } }))).toEqual(['name']);
      expect(fieldsOf(await call('POST', url('/api/admin/keys'), { token: TOKEN, body: { plan: 'starter', name: text } }))).toEqual(['name']);
      const signIn = await call('POST', url('/dashboard/session'), { body: { kind: 'key', apiKey: `${apiKey}${text}` } });
      expect(fieldsOf(signIn)).toEqual(['apiKey']);
    }
    expect(fieldsOf(await call('PATCH', url('/api/admin/keys/lsk_%00'), { token: TOKEN, body: { plan: 'growth' } }))).toEqual(['prefix']);
    expect(fieldsOf(await call('DELETE', url('/api/admin/keys/%00'), { token: TOKEN }))).toEqual(['prefix']);
    expect(fieldsOf(await call('GET', url('/api/admin/requests?key=lsk_%00'), { token: TOKEN }))).toEqual(['key']);
    expect(fieldsOf(await call('GET', url('/api/franchisor/units?cursor=%00'), { apiKey }))).toEqual(['cursor']);
    expect((await opened.store.accounts.list()).map((account) => account.name)).toEqual([`spent (${apiKey.slice(0, 12)})`]);
  });
});
