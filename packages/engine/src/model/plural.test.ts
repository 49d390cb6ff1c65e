import { describe, expect, it } from 'vitest';
import { articleFor, countNoun } from './plural.js';

describe('insight grammar', () => {
  it('agrees a count with its noun through Intl.PluralRules', () => {
    expect(countNoun(1, 'school')).toBe('1 school');
    expect(countNoun(0, 'school')).toBe('0 schools');
    expect(countNoun(2, 'bus stop')).toBe('2 bus stops');
    expect(countNoun(1_500, 'resident')).toBe('1,500 residents');
    expect(countNoun(1, 'place is', 'places are')).toBe('1 place is');
    expect(countNoun(3, 'place is', 'places are')).toBe('3 places are');
  });

  it('takes "an" before numbers spoken from eight, eleven and eighteen, else "a"', () => {
    expect([8, 11, 18, 80, 83, 800, 8_000, 11_000, 18_500].map(articleFor)).toEqual(Array(9).fill('an'));
    expect([1, 2, 7, 10, 12, 28, 100, 110, 180, 1_100, 1_800].map(articleFor)).toEqual(Array(11).fill('a'));
  });
});
