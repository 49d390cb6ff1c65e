import { MAX_UNIT_IMPORT_BODY_BYTES } from '@locscore/schema';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fail, REQUEST_ID, type Responder, respondInTurn } from '../../test/fixtures.js';
import { useMockApi } from '../../test/mock-api.js';
import { importAnswer, territoryCheck, UNIT_ID, unit } from '../../test/unit-fixtures.js';
import { LocScoreClient } from '../client.js';
import { AbortedError, AddressAmbiguousError, BadRequestError, NotFoundError, ServiceUnavailableError } from '../errors.js';
import { FranchisorClient } from '../franchisor/franchisor-client.js';

const BASE = 'http://api.locscore.test';
const KEY = 'lsk_test_key_0123456789';
const server = useMockApi();

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

const json =
  (body: object, status = 200): Responder =>
  () =>
    HttpResponse.json(body, { status, headers: { 'x-request-id': REQUEST_ID } });
const client = (options: Partial<ConstructorParameters<typeof FranchisorClient>[0]> = {}) => new FranchisorClient({ baseUrl: BASE, apiKey: KEY, ...options });
const row = (name: string) => ({ name, coordinates: { lat: 40.73, lng: -74 }, category: 'coffee' as const, status: 'open' as const });

describe('units', () => {
  it('creates a unit with the key and never retries the write', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/units`, [json(unit(), 201)]);
    const created = await client().units.create({ name: 'Perry Street', address: '55 Perry Street, New York, NY', category: 'coffee', status: 'open' });
    expect(created.id).toBe(UNIT_ID);
    expect(seen[0]?.headers.get('x-api-key')).toBe(KEY);
    expect(seen[0]?.body).toEqual({ name: 'Perry Street', address: '55 Perry Street, New York, NY', category: 'coffee', status: 'open' });

    const failing = respondInTurn(server, 'post', `${BASE}/api/franchisor/units`, [fail(503, errorBody('not_configured', 'no region'))]);
    await expect(client({ maxRetries: 3 }).units.create(row('x'))).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(failing).toHaveLength(1);
  });

  it('turns the server’s 400s into typed errors naming the field or the candidates', async () => {
    respondInTurn(server, 'post', `${BASE}/api/franchisor/units`, [
      fail(
        400,
        errorBody('invalid_request', 'territory.metres must be > 0', { fields: [{ field: 'territory.metres', message: 'territory.metres must be > 0' }] }),
      ),
      fail(400, errorBody('address_ambiguous', 'several', { candidates: [] })),
    ]);
    const bad = await client()
      .units.create({ ...row('x'), territory: { type: 'radius', metres: 0 } })
      .catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).fields.map((field) => field.field)).toEqual(['territory.metres']);
    await expect(client().units.create({ ...row('x'), coordinates: undefined, address: '1 Main Street' })).rejects.toBeInstanceOf(AddressAmbiguousError);
  });

  it('lists with filters, and pages through every unit', async () => {
    const seen = respondInTurn(server, 'get', `${BASE}/api/franchisor/units`, [
      json({ items: [unit({ name: 'A' })], nextCursor: 'c1' }),
      json({ items: [unit({ name: 'B' })], nextCursor: null }),
    ]);
    const names: string[] = [];
    for await (const each of client().units.all({ status: 'planned', category: 'coffee', limit: 1 })) names.push(each.name);
    expect(names).toEqual(['A', 'B']);
    expect(seen.map((request) => request.url.search)).toEqual(['?status=planned&category=coffee&limit=1', '?status=planned&category=coffee&cursor=c1&limit=1']);
  });

  it('reads, changes and removes one unit by URL-encoded id; an unknown id is a NotFoundError', async () => {
    respondInTurn(server, 'get', `${BASE}/api/franchisor/units/:id`, [json(unit()), fail(404, errorBody('not_found', 'no such unit'))]);
    const patched = respondInTurn(server, 'patch', `${BASE}/api/franchisor/units/:id`, [json(unit({ status: 'planned', territory: null }))]);
    const deleted = respondInTurn(server, 'delete', `${BASE}/api/franchisor/units/:id`, [() => new HttpResponse(null, { status: 204 })]);
    const units = client().units;
    expect((await units.get(UNIT_ID)).name).toBe('Perry Street');
    await expect(units.get('a/b')).rejects.toBeInstanceOf(NotFoundError);
    expect((await units.update(UNIT_ID, { status: 'planned', territory: null })).territory).toBeNull();
    expect(patched[0]?.body).toEqual({ status: 'planned', territory: null });
    await units.delete('a/b');
    expect(deleted[0]?.url.pathname).toBe('/api/franchisor/units/a%2Fb');
    expect(() => units.get('')).toThrow(TypeError);
  });
});

describe('units.import', () => {
  it('sends rows in requests of at most rowsPerRequest, and gives each outcome its position in the input', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/units/import`, [
      async () => HttpResponse.json(importAnswer((seen.at(-1)?.body as { units: Array<{ name: string }> } | undefined)?.units ?? [])),
    ]);
    const rows = ['a', 'bad', 'c', 'd', 'bad'].map(row);
    const progress: number[] = [];
    const report = await client().units.import(rows, { rowsPerRequest: 2, onProgress: (done) => progress.push(done) });
    expect(seen.map((request) => (request.body as { units: unknown[] }).units.length)).toEqual([2, 2, 1]);
    expect(report.created).toBe(3);
    expect(report.failed).toBe(2);
    expect(report.results.map((outcome) => `${outcome.index}:${outcome.status}`)).toEqual(['0:created', '1:failed', '2:created', '3:created', '4:failed']);
    expect(progress).toEqual([2, 4, 5]);
  });

  it('marks the rows of a failed request failed and goes on (a row the answer leaves out too); a refused key marks every remaining row and stops', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/units/import`, [
      fail(503, errorBody('not_configured', 'busy')),
      json(importAnswer([{ name: 'c' }])),
      fail(401, errorBody('unauthorized', 'revoked key')),
    ]);
    const report = await client({ maxRetries: 2 }).units.import(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(row), { rowsPerRequest: 2 });
    expect(seen).toHaveLength(3);
    expect(report.results.map((outcome) => (outcome.status === 'failed' ? outcome.error.code : 'created'))).toEqual([
      'not_configured',
      'not_configured',
      'created',
      'invalid_response',
      'unauthorized',
      'unauthorized',
      'unauthorized',
      'unauthorized',
    ]);
    expect(report.results[1]?.index).toBe(1);
  });

  it('reports a row larger than a request may be without sending it', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/units/import`, [async () => HttpResponse.json(importAnswer([{ name: 'a' }]))]);
    const huge = { ...row('huge'), brand: 'x'.repeat(MAX_UNIT_IMPORT_BODY_BYTES) };
    const report = await client().units.import([huge, row('a')]);
    expect(seen).toHaveLength(1);
    expect(report.results[0]).toMatchObject({ index: 0, status: 'failed', error: { code: 'payload_too_large' } });
    expect(report.results[1]).toMatchObject({ index: 1, status: 'created' });
  });

  it('rejects with AbortedError when the signal fires, and refuses a rowsPerRequest out of range', async () => {
    respondInTurn(server, 'post', `${BASE}/api/franchisor/units/import`, [json(importAnswer([{ name: 'a' }]))]);
    const controller = new AbortController();
    controller.abort();
    await expect(client().units.import([row('a')], { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
    await expect(client().units.import([row('a')], { rowsPerRequest: 0 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('territories.check', () => {
  it('checks over a dashboard session with the CSRF token, and never retries (a lost answer may have been charged)', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/territories/check`, [
      fail(500, errorBody('scoring_failed', 'boom')),
      json(territoryCheck()),
    ]);
    const body = {
      coordinates: { lat: 40.7337, lng: -74.0027 },
      category: 'coffee' as const,
      territory: { type: 'radius' as const, metres: 600 },
      minimumResidents: 10000,
    };
    const checker = client({ apiKey: undefined, session: { csrfToken: 'csrf-0123456789abcdef' }, maxRetries: 2 });
    await expect(checker.territories.check(body)).rejects.toMatchObject({ status: 500, code: 'scoring_failed' });
    expect(seen).toHaveLength(1);
    expect((await checker.territories.check(body)).meetsMinimum).toBe(true);
    expect(seen[0]?.headers.get('x-csrf-token')).toBe('csrf-0123456789abcdef');
    expect(seen[0]?.headers.get('idempotency-key')).toBeNull();
    expect(seen[0]?.body).toEqual(body);
  });

  it('is on LocScoreClient too, with its own key', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/territories/check`, [json(territoryCheck())]);
    respondInTurn(server, 'get', `${BASE}/api/franchisor/units`, [json({ items: [], nextCursor: null })]);
    const node = new LocScoreClient({ apiKey: KEY, baseUrl: BASE, fetch: (input, init) => globalThis.fetch(input, init) });
    expect(
      (await node.territories.check({ address: '1 Sheridan Square, New York', category: 'coffee', territory: { type: 'population', residents: 5000 } })).region,
    ).toBe('west-village');
    expect((await node.units.list()).items).toEqual([]);
    expect(seen[0]?.headers.get('x-api-key')).toBe(KEY);
  });
});
