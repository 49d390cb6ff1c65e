import { describe, expect, it } from 'vitest';
import { AdminRequestListQuery, Redelivery, RequestDetail, RequestListQuery, RequestPage } from './request-log.js';

const REQUEST = '3b241101-e2bb-4255-8caf-4136c566a962';
const DELIVERY = '9f1c7a3e-2b4d-4c6e-8f0a-1b2c3d4e5f60';

const issuesOf = (schema: { safeParse(value: unknown): { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

const summary = {
  requestId: REQUEST,
  keyPrefix: 'lsk_Q2hVx9aB',
  accountId: '0c6f2d0e-3f5a-4d8b-9a7e-2f1b3c4d5e6f',
  mode: 'async',
  status: 'failed',
  address: 'Städtle 38, 9490 Vaduz',
  category: 'coffee',
  score: null,
  passed: null,
  errorCode: 'scoring_failed',
  deliveryState: 'exhausted',
  createdAt: '2026-11-02T10:00:00.000Z',
  completedAt: '2026-11-02T10:00:01.000Z',
};

describe('RequestListQuery', () => {
  it('turns limit into a whole number and keeps the other filters as given', () => {
    expect(RequestListQuery.parse({ status: 'failed', mode: 'async', since: '2026-11-01T00:00:00Z', limit: '25', cursor: 'abc' })).toEqual({
      status: 'failed',
      mode: 'async',
      since: '2026-11-01T00:00:00Z',
      limit: 25,
      cursor: 'abc',
    });
  });

  it('names each bad filter with what it accepts', () => {
    expect(issuesOf(RequestListQuery, { status: 'done', mode: 'webhook', since: 'yesterday', limit: '0' })).toEqual([
      { field: 'status', message: 'status must be one of: queued, running, succeeded, failed' },
      { field: 'mode', message: 'mode must be one of: sync, async' },
      { field: 'since', message: 'since must be an ISO 8601 time, e.g. 2026-11-01T00:00:00Z' },
      { field: 'limit', message: 'limit must be at least 1' },
    ]);
    expect(issuesOf(RequestListQuery, { limit: '' })).toEqual([{ field: 'limit', message: 'limit must be a whole number' }]);
    expect(issuesOf(RequestListQuery, { limit: '101' })).toEqual([{ field: 'limit', message: 'limit must be at most 100' }]);
  });

  it('keeps key and account filters for the admin API only', () => {
    expect(AdminRequestListQuery.parse({ key: 'lsk_Q2hVx9aB' })).toEqual({ key: 'lsk_Q2hVx9aB' });
    expect(issuesOf(RequestListQuery, { key: 'lsk_Q2hVx9aB' })).toEqual([{ field: '', message: 'unknown query parameter: key' }]);
  });
});

describe('RequestPage and RequestDetail', () => {
  it('accept a page with a cursor and a last page without one', () => {
    expect(RequestPage.parse({ items: [summary], nextCursor: 'c2' }).nextCursor).toBe('c2');
    expect(RequestPage.parse({ items: [], nextCursor: null }).items).toEqual([]);
  });

  it('holds each delivery with every attempt, with a null status code when no response came', () => {
    const detail = {
      ...summary,
      webhookUrl: 'https://hooks.example.com/locscore',
      result: null,
      error: { code: 'scoring_failed', message: 'the region could not be read' },
      deliveries: [
        {
          deliveryId: DELIVERY,
          kind: 'original',
          state: 'exhausted',
          createdAt: '2026-11-02T10:00:01.000Z',
          deliveredAt: null,
          nextAttemptAt: null,
          attempts: [
            { attempt: 1, at: '2026-11-02T10:00:01.000Z', statusCode: null, durationMs: 10000, error: 'timeout after 10 s' },
            { attempt: 2, at: '2026-11-02T10:00:06.000Z', statusCode: 502, durationMs: 35, error: 'HTTP 502' },
          ],
        },
      ],
    };
    expect(RequestDetail.parse(detail).deliveries[0]?.attempts).toHaveLength(2);
    const badAttempt = {
      ...detail,
      deliveries: [{ ...detail.deliveries[0], attempts: [{ attempt: 0, at: 'now', statusCode: 200, durationMs: -1, error: null }] }],
    };
    expect(issuesOf(RequestDetail, badAttempt).map((issue) => issue.field)).toEqual([
      'deliveries.0.attempts.0.attempt',
      'deliveries.0.attempts.0.at',
      'deliveries.0.attempts.0.durationMs',
    ]);
  });

  it('acknowledges a redelivery with its new delivery id', () => {
    expect(Redelivery.parse({ queued: true, requestId: REQUEST, deliveryId: DELIVERY }).deliveryId).toBe(DELIVERY);
  });
});
