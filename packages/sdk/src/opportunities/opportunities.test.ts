import type { OpportunityMap } from '@locscore/schema';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fail, REQUEST_ID, type Responder, respondInTurn } from '../../test/fixtures.js';
import { useMockApi } from '../../test/mock-api.js';
import { LocScoreClient } from '../client.js';
import { BadRequestError, InvalidResponseError, QuotaExceededError } from '../errors.js';
import { FranchisorClient } from '../franchisor/franchisor-client.js';

const BASE = 'http://api.locscore.test';
const KEY = 'lsk_test_key_0123456789';
const PATH = `${BASE}/api/franchisor/opportunities`;
const server = useMockApi();

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

/** An answer as the server gives it for Liechtenstein, one site. */
const MAP: OpportunityMap = {
  region: 'Liechtenstein',
  category: 'coffee',
  modelVersion: '1.0.0',
  candidateKind: 'address',
  candidates: 1_200,
  dedupeMetres: 100,
  spacingMetres: 250,
  maxCannibalisationShare: 0.1,
  excluded: { territory: 2, cannibalisation: 1 },
  sites: [
    {
      rank: 1,
      kind: 'address',
      label: 'Landstrasse 19, 9494 Schaan',
      coordinates: { lat: 47.165, lng: 9.509 },
      score: 7.3,
      passed: true,
      story: 'Strong Location',
      confidence: 'high',
      breakdown: { transit: 4.8, competitor: 8.8, marketFit: 7.1 },
      nearestUnit: { unitId: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Rhine Coffee Vaduz', distanceMetres: 3_100 },
      cannibalisation: 0.02,
    },
  ],
  heat: { cellMetres: 250, bbox: [9.47, 47.05, 9.63, 47.27], cells: [{ south: 47.164, west: 9.508, north: 47.166, east: 9.511, score: 7.3, sites: 4 }] },
};

const json =
  (body: object, status = 200): Responder =>
  () =>
    HttpResponse.json(body, { status, headers: { 'x-request-id': REQUEST_ID } });

describe('opportunities.list', () => {
  it('sends the category, region and limit as the query with the key, and validates the map', async () => {
    const seen = respondInTurn(server, 'get', PATH, [json(MAP)]);
    const client = new LocScoreClient({ baseUrl: BASE, apiKey: KEY, fetch: (input, init) => fetch(input, init) });
    const map = await client.opportunities.list({ category: 'coffee', region: 'liechtenstein', limit: 20 });
    expect(map).toEqual(MAP);
    const url = new URL(seen[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({ category: 'coffee', region: 'liechtenstein', limit: '20' });
    expect(seen[0]?.headers.get('x-api-key')).toBe(KEY);
    await client.close();
  });

  it('leaves out what is not given, and the browser client has it too', async () => {
    const seen = respondInTurn(server, 'get', PATH, [json(MAP)]);
    await new FranchisorClient({ baseUrl: BASE, apiKey: KEY }).opportunities.list({ category: 'gym-fitness' });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?category=gym-fitness');
  });

  it('turns a 400 naming the region and a spent quota into typed errors, and refuses a body that is not a map', async () => {
    respondInTurn(server, 'get', PATH, [
      fail(
        400,
        errorBody('invalid_request', 'region "Narnia" is not loaded', {
          fields: [{ field: 'region', message: 'region "Narnia" is not loaded (loaded: Liechtenstein)' }],
        }),
      ),
      fail(429, errorBody('quota_exceeded', 'monthly quota of 20 evaluations is spent', { limit: 20, used: 20, resetAt: '2026-12-01T00:00:00.000Z' })),
      json({ sites: 'none' }),
    ]);
    const client = new FranchisorClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 0 });
    const bad = await client.opportunities.list({ category: 'coffee', region: 'Narnia' }).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).fields.map((field) => field.field)).toEqual(['region']);
    await expect(client.opportunities.list({ category: 'coffee' })).rejects.toBeInstanceOf(QuotaExceededError);
    await expect(client.opportunities.list({ category: 'coffee' })).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
