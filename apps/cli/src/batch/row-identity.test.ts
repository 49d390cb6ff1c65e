import { describe, expect, it } from 'vitest';
import { rowContentHash, rowIdempotencyKey } from './row-identity.js';

describe('row identity', () => {
  it('hashes fields so that joining ambiguities do not collide', () => {
    expect(rowContentHash(['a,b', 'c'])).not.toBe(rowContentHash(['a', 'b,c']));
    expect(rowContentHash(['a'])).toBe(rowContentHash(['a']));
  });

  it('derives a stable key from source, row number and content', () => {
    const hash = rowContentHash(['1 Main St']);
    const key = rowIdempotencyKey('/data/in.csv', 3, hash, 'coffee');
    expect(key).toMatch(/^lsb_[0-9a-f]{64}$/);
    expect(rowIdempotencyKey('/data/in.csv', 3, hash, 'coffee')).toBe(key);
    expect(rowIdempotencyKey('/data/in.csv', 4, hash, 'coffee')).not.toBe(key);
    expect(rowIdempotencyKey('stdin', 3, hash, 'coffee')).not.toBe(key);
    // The same file scored for another --category is another request.
    expect(rowIdempotencyKey('/data/in.csv', 3, hash, 'gym-fitness')).not.toBe(key);
  });
});
