/**
 * Issue 22, finding 1: unit imports cost no quota, so an account's unit
 * network was bounded only by 10,000 units × 10,000 vertices, rebuilt from
 * scratch after every write, and built even for a score answered 429. Over
 * the real HTTP server with the sample town, on PGlite and PostgreSQL: the
 * plan's unit network budget refuses the write that would pass it (409
 * naming the budget, its limit and what is used), unit writes are limited
 * per account per hour (429 before anything is stored), a key whose quota is
 * spent is answered 429 without its account's network being read, and a
 * write brings the cached network up to date without rebuilding it.
 */
import { UNIT_NETWORK_BUDGETS, UnitImportResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer } from '../src/app.js';
import { type LoadedEngine, loadEngine } from '../src/engine-loader.js';
import { call, codeOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

const STARTER = UNIT_NETWORK_BUDGETS.starter;

let loaded: LoadedEngine;
let centre: { lat: number; lng: number };

beforeAll(async () => {
  loaded = await loadEngine({ regions: [], sample: true });
  const [minLng = 0, minLat = 0, maxLng = 0, maxLat = 0] = loaded.engine.regions[0]?.bbox ?? [];
  centre = { lat: (minLat + maxLat) / 2, lng: (minLng + maxLng) / 2 };
});
afterAll(async () => loaded?.close());

/** A closed ring of `vertices` positions (the last repeating the first) around the sample town's centre. */
function ring(vertices: number, radiusDegrees: number): number[][] {
  const steps = vertices - 1;
  const positions = Array.from({ length: steps }, (_, i) => [
    centre.lng + radiusDegrees * Math.cos((2 * Math.PI * i) / steps),
    centre.lat + radiusDegrees * Math.sin((2 * Math.PI * i) / steps),
  ]);
  return [...positions, positions[0] as number[]];
}

/** A unit body placed by coordinates, `n` apart from the others. */
const unitRow = (n: number, territory: unknown = { type: 'radius', metres: 100 }) => ({
  name: `Unit ${n}`,
  coordinates: { lat: centre.lat + (n % 50) * 1e-4, lng: centre.lng + Math.floor(n / 50) * 1e-4 },
  category: 'coffee',
  status: 'open',
  territory,
});

describe.each(STORE_DRIVERS)('unit network budgets on $name', ({ open, skip }) => {
  let opened: TestStore;
  let server: Listening;
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    if (skip) return;
    opened = await open();
    server = await listen(createServer({ store: opened.store, engine: loaded.engine }));
  });
  afterAll(async () => {
    await server?.close();
    await opened?.dispose();
  });

  it.skipIf(skip)('refuses the polygon that would take a Starter account past its 25,000 vertices with 409 naming the budget and what is used', async () => {
    const { apiKey } = await opened.store.keys.create({ plan: 'starter', name: 'polygons' });
    const polygon = (n: number) => unitRow(n, { type: 'polygon', geometry: { type: 'Polygon', coordinates: [ring(9_000, 0.002 + n * 1e-4)] } });
    for (const n of [1, 2]) expect((await call('POST', url('/api/franchisor/units'), { apiKey, body: polygon(n) })).status).toBe(201);
    const third = await call('POST', url('/api/franchisor/units'), { apiKey, body: polygon(3) });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      error: { code: 'conflict', details: { budget: 'vertices', limit: STARTER.vertices, used: 18_000, requested: 9_000, plan: 'starter' } },
    });
    expect((third.body as { error: { message: string } }).error.message).toContain('18000 of the 25000 territory vertices');
    const listed = (await call('GET', url('/api/franchisor/units'), { apiKey })).body as { items: unknown[] };
    expect(listed.items).toHaveLength(2);
  });

  it.skipIf(skip)('holds a Starter account to 250 units, then refuses the next writes of the hour with 429 before storing anything', async () => {
    const { apiKey } = await opened.store.keys.create({ plan: 'starter', name: 'many units' });
    const rows = Array.from({ length: STARTER.units + 1 }, (_, n) => unitRow(n));
    const imported = UnitImportResult.parse((await call('POST', url('/api/franchisor/units/import'), { apiKey, body: { units: rows } })).body);
    expect(imported.created).toBe(STARTER.units);
    expect(imported.results.at(-1)).toMatchObject({
      status: 'failed',
      error: { code: 'conflict', details: { budget: 'units', limit: STARTER.units, used: STARTER.units } },
    });
    const remaining = STARTER.writesPerHour - rows.length;
    const over = await call('POST', url('/api/franchisor/units/import'), {
      apiKey,
      body: { units: Array.from({ length: remaining + 1 }, (_, n) => unitRow(n)) },
    });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.body).toMatchObject({ error: { code: 'rate_limited', details: { limit: STARTER.writesPerHour, remaining } } });
    const units = (await call('GET', url('/api/franchisor/units?limit=1'), { apiKey })).body as { items: Array<{ id: string }> };
    const unit = units.items[0]?.id ?? '';
    expect((await call('DELETE', url(`/api/franchisor/units/${unit}`), { apiKey })).status).toBe(204);
    for (let i = 1; i < remaining; i += 1) await call('PATCH', url(`/api/franchisor/units/${unit}`), { apiKey, body: { status: 'planned' } });
    const refused = await call('PATCH', url(`/api/franchisor/units/${unit}`), { apiKey, body: { status: 'planned' } });
    expect(codeOf(refused)).toBe('rate_limited');
  });

  it.skipIf(skip)('answers a key whose quota is spent 429, for a score and a territory check, without reading its account’s units', async () => {
    const { store } = opened;
    const { apiKey } = await store.keys.create({ plan: 'starter', name: 'spent' });
    const address = await sampleAddress();
    expect((await call('POST', url('/api/franchisor/units'), { apiKey, body: unitRow(1) })).status).toBe(201);
    for (let i = 0; i < 20; i += 1)
      expect((await call('POST', url('/api/franchisor/score'), { apiKey, body: { address, category: 'coffee' } })).status).toBe(200);
    expect((await call('POST', url('/api/franchisor/units'), { apiKey, body: unitRow(2) })).status).toBe(201);
    const snapshot = vi.spyOn(store.units, 'snapshot');
    const changes = vi.spyOn(store.units, 'changesSince');
    const versions = vi.spyOn(store.units, 'versionOfKey');
    try {
      const spent = await call('POST', url('/api/franchisor/score'), { apiKey, body: { address, category: 'coffee' } });
      expect(spent.status).toBe(429);
      expect(codeOf(spent)).toBe('quota_exceeded');
      const check = await call('POST', url('/api/franchisor/territories/check'), {
        apiKey,
        body: { coordinates: centre, category: 'coffee', territory: { type: 'radius', metres: 300 } },
      });
      expect(codeOf(check)).toBe('quota_exceeded');
      expect(versions).not.toHaveBeenCalled();
      expect(snapshot).not.toHaveBeenCalled();
      expect(changes).not.toHaveBeenCalled();
    } finally {
      snapshot.mockRestore();
      changes.mockRestore();
      versions.mockRestore();
    }
  });

  it.skipIf(skip)('brings a cached network up to date from the one unit written, never reading the others again', async () => {
    const { store } = opened;
    const { apiKey } = await store.keys.create({ plan: 'growth', name: 'incremental' });
    const address = await sampleAddress();
    const rows = Array.from({ length: 100 }, (_, n) => unitRow(n));
    expect(UnitImportResult.parse((await call('POST', url('/api/franchisor/units/import'), { apiKey, body: { units: rows } })).body).created).toBe(100);
    expect((await call('POST', url('/api/franchisor/score'), { apiKey, body: { address, category: 'coffee' } })).status).toBe(200);
    const snapshot = vi.spyOn(store.units, 'snapshot');
    const changes = vi.spyOn(store.units, 'changesSince');
    try {
      expect((await call('POST', url('/api/franchisor/units'), { apiKey, body: unitRow(100) })).status).toBe(201);
      const scored = await call('POST', url('/api/franchisor/score'), { apiKey, body: { address, category: 'coffee' } });
      expect(scored.status).toBe(200);
      expect(snapshot).not.toHaveBeenCalled();
      expect(changes).toHaveBeenCalledTimes(1);
      const read = await changes.mock.results[0]?.value;
      expect(read.changed.map((unit: { name: string }) => unit.name)).toEqual(['Unit 100']);
      expect(read.ids.size).toBe(101);
    } finally {
      snapshot.mockRestore();
      changes.mockRestore();
    }
  });
});

/** A civic address of the sample town the engine scores. */
async function sampleAddress(): Promise<string> {
  return '100 Main Street, Maple Junction';
}
