import { describe, expect, it } from 'vitest';
import { SpellingTable } from './spelling-table.js';

describe('SpellingTable', () => {
  it('keeps what it learns and computes, without keeping, anything else', () => {
    let calls = 0;
    const table = new SpellingTable((text: string) => {
      calls += 1;
      return text.toUpperCase();
    });
    expect(table.learn('vaduz')).toBe('VADUZ');
    expect(table.learn('vaduz')).toBe('VADUZ');
    expect(table.get('vaduz')).toBe('VADUZ');
    expect(calls).toBe(1);
    expect(table.get('schaan')).toBe('SCHAAN');
    expect(table.get('schaan')).toBe('SCHAAN');
    expect(calls).toBe(3);
    expect(table.size).toBe(1);
  });
});
