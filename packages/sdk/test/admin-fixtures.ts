import type { Account, ApiKeyRecord, CreatedKey, RequestDetail, RequestSummary, SiteMap, UsageReport } from '@locscore/schema';
import { REQUEST_ID, scoreResult } from './fixtures.js';

/** An account id (UUID v4). */
export const ACCOUNT_ID = '0c6f2d0e-3f5a-4d8b-9a7e-2f1b3c4d5e6f';
/** A delivery id (UUID v4). */
export const DELIVERY_ID = '9f1c7a3e-2b4d-4c6e-8f0a-1b2c3d4e5f60';

/** An account as the admin API answers it (values are made up for tests). */
export function account(overrides: Partial<Account> = {}): Account {
  return { id: ACCOUNT_ID, name: 'Risch Kaffee AG', createdAt: '2026-11-01T09:00:00.000Z', activeKeyCount: 0, ...overrides };
}

/** A key record as the admin API lists it. */
export function keyRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    prefix: 'lsk_Q2hVx9aB',
    name: null,
    plan: 'starter',
    accountId: ACCOUNT_ID,
    accountName: 'Risch Kaffee AG',
    createdAt: '2026-11-01T09:00:00.000Z',
    revokedAt: null,
    lastUsedAt: null,
    usage: { used: 0, limit: 20, resetAt: '2026-12-01T00:00:00.000Z' },
    ...overrides,
  };
}

/** A key as created: the record plus its key and secret, shown once. */
export function createdKey(overrides: Partial<CreatedKey> = {}): CreatedKey {
  return { ...keyRecord(), apiKey: 'lsk_Q2hVx9aBcdefghijklmnopqrstuvwxyz12', webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', ...overrides };
}

/** A request in a listing. */
export function requestSummary(overrides: Partial<RequestSummary> = {}): RequestSummary {
  return {
    requestId: REQUEST_ID,
    keyPrefix: 'lsk_Q2hVx9aB',
    accountId: ACCOUNT_ID,
    mode: 'async',
    status: 'succeeded',
    address: 'Städtle 38, 9490 Vaduz',
    category: 'coffee',
    score: 7.4,
    passed: true,
    errorCode: null,
    deliveryState: 'delivered',
    createdAt: '2026-11-02T10:00:00.000Z',
    completedAt: '2026-11-02T10:00:01.000Z',
    ...overrides,
  };
}

/** A request with its result and one delivery of two attempts. */
export function requestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    ...requestSummary(),
    webhookUrl: 'https://hooks.example.com/locscore',
    result: scoreResult(),
    error: null,
    deliveries: [
      {
        deliveryId: DELIVERY_ID,
        kind: 'original',
        state: 'delivered',
        createdAt: '2026-11-02T10:00:01.000Z',
        deliveredAt: '2026-11-02T10:00:06.000Z',
        nextAttemptAt: null,
        attempts: [
          { attempt: 1, at: '2026-11-02T10:00:01.000Z', statusCode: 503, durationMs: 40, error: 'HTTP 503' },
          { attempt: 2, at: '2026-11-02T10:00:06.000Z', statusCode: 200, durationMs: 35, error: null },
        ],
      },
    ],
    ...overrides,
  };
}

/** A month's usage report of one key. */
export function usageReport(overrides: Partial<UsageReport> = {}): UsageReport {
  return {
    month: '2026-11',
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    keys: [{ prefix: 'lsk_Q2hVx9aB', name: null, accountId: ACCOUNT_ID, accountName: 'Risch Kaffee AG', plan: 'starter', limit: 20, used: 3 }],
    days: [{ date: '2026-11-01', requests: 3, succeeded: 3, failed: 0 }],
    refused: { total: 2, days: [{ date: '2026-11-01', refused: 2 }] },
    webhooks: { delivered: 1, failed: 0, pending: 0 },
    ...overrides,
  };
}

/** A site map with one road, one station and one competitor. */
export function siteMap(): SiteMap {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: [
            [9.52, 47.14],
            [9.521, 47.141],
          ],
        },
        properties: { kind: 'road', name: 'Städtle', highway: 'pedestrian' },
      },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [9.51, 47.16] }, properties: { kind: 'station', name: 'Schaan-Vaduz', modes: ['rail'] } },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [9.5205, 47.1402] },
        properties: { kind: 'competitor', name: 'Café Risch', rating: 4.5, brand: null, distanceMetres: 45 },
      },
    ],
    meta: {
      center: { lat: 47.14, lng: 9.52 },
      radiusMetres: 800,
      category: 'coffee',
      tradeAreaRadiusMetres: 500,
      region: 'liechtenstein',
      sample: false,
      attribution: '© OpenStreetMap contributors',
    },
  };
}
