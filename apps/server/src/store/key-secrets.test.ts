import { describe, expect, it } from 'vitest';
import { generateApiKey, generateWebhookSecret, hashApiKey, visiblePrefix } from './key-secrets.js';

describe('API keys', () => {
  it('are lsk_ + 32 base64url characters, all different', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^lsk_[A-Za-z0-9_-]{32}$/);
  });

  it('hash to 64 hex characters and show only a 12-character prefix', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey()));
    expect(visiblePrefix(key)).toBe(key.slice(0, 12));
  });

  it('come with a whsec_ secret of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });
});
