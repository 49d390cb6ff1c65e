import { describe, expect, it } from 'vitest';
import { normaliseOsmId } from './ratings.js';

describe('normaliseOsmId', () => {
  it('accepts the usual spellings of an OSM reference', () => {
    expect(normaliseOsmId('n123')).toBe('n123');
    expect(normaliseOsmId('node/123')).toBe('n123');
    expect(normaliseOsmId('Way 456')).toBe('w456');
    expect(normaliseOsmId('relation:789')).toBe('r789');
    expect(normaliseOsmId(' R7 ')).toBe('r7');
  });

  it('leaves anything else unchanged (it will match no POI)', () => {
    expect(normaliseOsmId('ChIJ123abc')).toBe('ChIJ123abc');
  });
});
