import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../../store/key-secrets.js';
import { signWebhook } from './signature.js';

describe('signWebhook', () => {
  const secret = generateWebhookSecret();
  const body = JSON.stringify({ requestId: '3b241101-e2bb-4255-8caf-4136c566a962', score: 7.4 });
  const now = Math.floor(Date.now() / 1000);

  it('signs as the Standard Webhooks specification says: v1, base64 HMAC-SHA256 of id.timestamp.body with the decoded secret', () => {
    const headers = signWebhook(secret, 'msg_1', now, body);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.${now}.${body}`).digest('base64');
    expect(headers).toEqual({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(now), 'webhook-signature': `v1,${expected}` });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification for another body, id or secret', () => {
    const headers = signWebhook(secret, 'msg_1', now, body);
    expect(() => new Webhook(secret).verify(body.replace('7.4', '9.9'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('signs with each secret during a rotation: a receiver holding either verifies', () => {
    const previous = generateWebhookSecret();
    const headers = signWebhook([secret, previous], 'msg_1', now, body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });
});
