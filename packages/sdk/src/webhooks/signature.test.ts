import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_ID, scoreResult } from '../../test/fixtures.js';
import { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';
import { sign, testHeaders, verify } from './signature.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
const delivery = { ...scoreResult(), requestId: REQUEST_ID };
const body = JSON.stringify(delivery);
const failureBody = JSON.stringify({ requestId: REQUEST_ID, error: { code: 'scoring_failed', message: 'region not loaded' } });
const now = new Date('2026-11-23T12:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

function reasonOf(run: () => unknown): WebhookVerificationReason | 'no error' {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'no error';
}

describe('sign and verify', () => {
  // The tolerance window is checked against the system clock, which the test sets.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own signature and returns the validated delivery or failure', () => {
    const headers = testHeaders({ body, secret, id: REQUEST_ID, timestamp: now });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(body, headers, secret)).toEqual(delivery);
    expect(verify(Buffer.from(body), new Headers(headers), secret)).toEqual(delivery);
    const failureHeaders = testHeaders({ body: failureBody, secret, timestamp: now });
    expect(verify(failureBody, failureHeaders, secret)).toEqual(JSON.parse(failureBody));
  });

  it('accepts a signature made by the standardwebhooks package', () => {
    const signature = new Webhook(secret).sign(REQUEST_ID, now, body);
    const headers = { 'webhook-id': REQUEST_ID, 'webhook-timestamp': String(nowSeconds), 'webhook-signature': signature };
    expect(verify(body, headers, secret)).toEqual(delivery);
  });

  it('signs so that the standardwebhooks package verifies', () => {
    const timestamp = nowSeconds;
    const signature = sign({ id: REQUEST_ID, timestamp, body, secret });
    const headers = { 'webhook-id': REQUEST_ID, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(new Webhook(secret).verify(body, headers)).toEqual(delivery);
    expect(() => new Webhook(otherSecret).verify(body, headers)).toThrow(/signature/i);
  });

  it('refuses a tampered body, another secret, another id or another timestamp', () => {
    const headers = testHeaders({ body, secret, id: REQUEST_ID, timestamp: now });
    expect(reasonOf(() => verify(body.replace('7.4', '9.4'), headers, secret))).toBe('no_matching_signature');
    expect(reasonOf(() => verify(body, headers, otherSecret))).toBe('no_matching_signature');
    expect(reasonOf(() => verify(body, { ...headers, 'webhook-id': 'other' }, secret))).toBe('no_matching_signature');
    expect(reasonOf(() => verify(body, { ...headers, 'webhook-timestamp': String(nowSeconds + 1) }, secret))).toBe('no_matching_signature');
  });

  it('accepts when any of several space-separated signatures matches (secret rotation)', () => {
    const good = sign({ id: REQUEST_ID, timestamp: now, body, secret });
    const stale = sign({ id: REQUEST_ID, timestamp: now, body, secret: otherSecret });
    const headers = { 'webhook-id': REQUEST_ID, 'webhook-timestamp': String(nowSeconds) };
    expect(verify(body, { ...headers, 'webhook-signature': `${stale} v2,abc ${good}` }, secret)).toEqual(delivery);
    expect(reasonOf(() => verify(body, { ...headers, 'webhook-signature': `${stale} v2,abc` }, secret))).toBe('no_matching_signature');
    expect(reasonOf(() => verify(body, { ...headers, 'webhook-signature': good.replace('v1,', 'v2,') }, secret))).toBe('no_matching_signature');
  });

  it('enforces the tolerance window on both sides', () => {
    const at = (offsetSeconds: number) => testHeaders({ body, secret, timestamp: nowSeconds + offsetSeconds });
    expect(verify(body, at(-300), secret)).toEqual(delivery);
    expect(verify(body, at(300), secret)).toEqual(delivery);
    expect(reasonOf(() => verify(body, at(-301), secret))).toBe('timestamp_too_old');
    expect(reasonOf(() => verify(body, at(301), secret))).toBe('timestamp_too_new');
    expect(reasonOf(() => verify(body, at(-60), secret, { toleranceSeconds: 30 }))).toBe('timestamp_too_old');
    expect(() => verify(body, at(0), secret, { toleranceSeconds: 600 })).toThrow(/toleranceSeconds must be from 1 to 300/);
    expect(() => verify(body, at(0), secret, { toleranceSeconds: 0 })).toThrow(RangeError);
  });

  it('names missing headers and a bad timestamp', () => {
    const headers = testHeaders({ body, secret, timestamp: now });
    const { 'webhook-signature': _signature, ...noSignature } = headers;
    expect(reasonOf(() => verify(body, noSignature, secret))).toBe('missing_header');
    expect(() => verify(body, noSignature, secret)).toThrow(/webhook-signature/);
    expect(reasonOf(() => verify(body, {}, secret))).toBe('missing_header');
    expect(reasonOf(() => verify(body, { ...headers, 'webhook-timestamp': '12.5' }, secret))).toBe('invalid_timestamp');
    expect(reasonOf(() => verify(body, { ...headers, 'webhook-timestamp': 'yesterday' }, secret))).toBe('invalid_timestamp');
  });

  it('reads node:http style headers with any case and array values', () => {
    const headers = testHeaders({ body, secret, timestamp: now });
    const mixed = {
      'Webhook-Id': headers['webhook-id'],
      'WEBHOOK-TIMESTAMP': headers['webhook-timestamp'],
      'webhook-signature': [headers['webhook-signature'] ?? ''],
    };
    expect(verify(body, mixed, secret)).toEqual(delivery);
  });

  it('refuses a correctly signed body that is not a delivery or failure', () => {
    const notJson = 'hello';
    expect(reasonOf(() => verify(notJson, testHeaders({ body: notJson, secret, timestamp: now }), secret))).toBe('invalid_body');
    const wrongShape = JSON.stringify({ requestId: REQUEST_ID, score: 42 });
    expect(reasonOf(() => verify(wrongShape, testHeaders({ body: wrongShape, secret, timestamp: now }), secret))).toBe('invalid_body');
  });

  it('refuses a malformed secret with a TypeError naming it', () => {
    expect(() => sign({ id: 'x', timestamp: now, body, secret: 'whsec_' })).toThrow(/secret/);
    expect(() => verify(body, {}, 'whsec_not base64!')).toThrow(TypeError);
  });
});
