import { describe, expect, it } from 'vitest';
import { houseNumberKeys, looksLikeRange, parseHouseNumber } from './house-number.js';

describe('house numbers', () => {
  it.each([
    ['38', { key: '38', value: 38, suffix: '' }],
    ['12a', { key: '12a', value: 12, suffix: 'a' }],
    ['12 A', { key: '12a', value: 12, suffix: 'a' }],
    ['12-a', { key: '12a', value: 12, suffix: 'a' }],
    ['5 bis', { key: '5bis', value: 5, suffix: 'bis' }],
    ['131 1/2', { key: '131 1/2', value: 131, suffix: '1/2' }],
  ])('reads %s', (text, expected) => {
    expect(parseHouseNumber(text)).toEqual(expected);
  });

  it.each(['3755-3791', 'REAR', '', '12 Main'])('rejects %j as one number', (text) => {
    expect(parseHouseNumber(text)).toBeNull();
  });

  it('keys a list or range under the whole value and each number', () => {
    expect(houseNumberKeys('3755;3791').sort()).toEqual(['3755', '3755;3791', '3791']);
    expect(houseNumberKeys('3755-3791').sort()).toEqual(['3755', '3755-3791', '3791']);
    expect(houseNumberKeys('12 A')).toEqual(['12 a', '12a']);
  });

  it('tells a range from the Canadian unit-civic form', () => {
    expect(looksLikeRange(3755, 3791)).toBe(true);
    expect(looksLikeRange(12, 345)).toBe(false);
    expect(looksLikeRange(2, 400)).toBe(false);
    expect(looksLikeRange(14, 12)).toBe(false);
  });
});
