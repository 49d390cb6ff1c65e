/// <reference path="../../../packages/engine/test/pack-cache.global-setup.ts" />
/**
 * The opportunity map through the real HTTP server, on PGlite and
 * PostgreSQL, over the real Liechtenstein pack: ranked sites and heat grid,
 * one evaluation per call, 400s naming the field at no cost, and the
 * account's own units (created through the units API) leaving their
 * territories out.
 */
import { createEngine, haversineMetres, loadRegion, type ScoringEngine } from '@locscore/engine';
import { HEADERS, OPPORTUNITIES_PATH, OpportunityMap, PLAN_QUOTAS, ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile, sharedPack } from '../../../packages/engine/test/region-fixtures.js';
import { createServer } from '../src/app.js';
import { call, codeOf, fieldsOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');
if (pbf === null) console.warn('[skip] opportunities e2e: ../shared/data/liechtenstein is absent');

let engine: ScoringEngine;

beforeAll(async () => {
  if (pbf === null) return;
  engine = createEngine({ regions: [await loadRegion(await sharedPack({ osm: pbf, name: 'Liechtenstein' }))] });
});

describe.skipIf(pbf === null).each(STORE_DRIVERS)('GET /api/franchisor/opportunities on $name over the Liechtenstein pack', ({ open, skip }) => {
  let opened: TestStore;
  let server: Listening;
  const keys = { starter: '', spent: '' };
  const get = (query: string, apiKey = keys.starter) => call('GET', `${server.url}${OPPORTUNITIES_PATH}${query}`, { apiKey });
  const used = async (apiKey = keys.starter) => ((await call('GET', `${server.url}/api/franchisor/usage`, { apiKey })).body as { used: number }).used;

  beforeAll(async () => {
    if (skip) return;
    opened = await open();
    const { store } = opened;
    const account = await store.accounts.create('Rhine Coffee');
    keys.starter = (await store.keys.create({ plan: 'starter', accountId: account.id })).apiKey;
    const spent = await store.keys.create({ plan: 'starter', accountId: (await store.accounts.create('Spent')).id });
    keys.spent = spent.apiKey;
    const period = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const stored = await store.keys.find(spent.prefix);
    for (let i = 0; i < (PLAN_QUOTAS.starter ?? 0); i++) await store.usage.reserve(stored?.id ?? '', period);
    server = await listen(createServer({ store, engine }));
  });
  afterAll(async () => {
    await server?.close();
    await opened?.dispose();
  });

  it.skipIf(skip)('answers the ranked sites and the heat grid for one evaluation, whatever the limit', async () => {
    const answer = await get('?category=coffee&region=liechtenstein&limit=5');
    expect(answer.status).toBe(200);
    const map = OpportunityMap.parse(answer.body);
    expect(map.region).toBe('Liechtenstein');
    expect(map.sites).toHaveLength(5);
    expect(map.heat.cells.length).toBeGreaterThan(10);
    expect(answer.headers.get(HEADERS.quotaRemaining)).toBe(String((PLAN_QUOTAS.starter ?? 0) - 1));
    const more = await get('?category=coffee&region=Liechtenstein&limit=40');
    expect(more.status).toBe(200);
    expect(OpportunityMap.parse(more.body).sites.slice(0, 5)).toEqual(map.sites);
    expect(await used()).toBe(2);
  });

  it.skipIf(skip)('scores a listed site’s label to the same verdict, as the dashboard’s click does', async () => {
    const map = OpportunityMap.parse((await get('?category=coffee&limit=1')).body);
    const [best] = map.sites;
    const scored = await call('POST', `${server.url}/api/franchisor/score`, { apiKey: keys.starter, body: { address: best?.label, category: 'coffee' } });
    expect(scored.status).toBe(200);
    const result = ScoreResult.parse(scored.body);
    expect([result.score, result.passed, result.story]).toEqual([best?.score, best?.passed, best?.story]);
  });

  it.skipIf(skip)('refuses bad queries with a 400 naming the field, at no cost', async () => {
    const before = await used();
    const cases: Array<[string, string]> = [
      ['', 'category'],
      ['?category=tea', 'category'],
      ['?category=coffee&limit=0', 'limit'],
      ['?category=coffee&limit=101', 'limit'],
      ['?category=coffee&region=Narnia', 'region'],
      ['?category=coffee&top=5', 'top'],
    ];
    for (const [query, field] of cases) {
      const answer = await get(query);
      expect([query, answer.status, codeOf(answer)]).toEqual([query, 400, 'invalid_request']);
      expect(fieldsOf(answer)).toContain(field);
    }
    const narnia = await get('?category=coffee&region=Narnia');
    expect(JSON.stringify(narnia.body)).toContain('loaded: Liechtenstein');
    expect((await call('GET', `${server.url}${OPPORTUNITIES_PATH}?category=coffee`)).status).toBe(401);
    expect(await used()).toBe(before);
  });

  it.skipIf(skip)('answers 429 without work when the quota is spent', async () => {
    const answer = await get('?category=coffee', keys.spent);
    expect([answer.status, codeOf(answer)]).toEqual([429, 'quota_exceeded']);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it.skipIf(skip)('leaves out the protected territory of a unit the account adds, and names its nearest unit', async () => {
    const open = OpportunityMap.parse((await get('?category=coffee&limit=3')).body);
    const [best] = open.sites;
    if (best === undefined) throw new Error('no site');
    const created = await call('POST', `${server.url}/api/franchisor/units`, {
      apiKey: keys.starter,
      body: { name: 'Rhine Coffee Vaduz', coordinates: best.coordinates, category: 'coffee', status: 'planned', territory: { type: 'radius', metres: 1_500 } },
    });
    expect(created.status).toBe(201);
    const served = OpportunityMap.parse((await get('?category=coffee&limit=10')).body);
    expect(served.excluded.territory).toBeGreaterThan(0);
    for (const site of served.sites) {
      expect(haversineMetres(site.coordinates, best.coordinates)).toBeGreaterThan(1_500);
      expect(site.nearestUnit?.name).toBe('Rhine Coffee Vaduz');
    }
  });
});
