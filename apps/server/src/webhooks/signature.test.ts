import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '../auth/api-key.js';
import { signWebhook } from './signature.js';

describe('signWebhook', () => {
  const secret = generateWebhookSecret();
  const body = JSON.stringify({ requestId: '3b241101-e2bb-4255-8caf-4136c566a962', score: 7.4 });
  const now = Math.floor(Date.now() / 1000);

  it('produces headers the standardwebhooks reference library verifies', () => {
    const headers = signWebhook(secret, 'msg_1', now, body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('fails verification for another body, id or secret', () => {
    const headers = signWebhook(secret, 'msg_1', now, body);
    expect(() => new Webhook(secret).verify(body.replace('7.4', '9.9'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });
});
