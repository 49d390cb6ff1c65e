import { describe, expect, it } from 'vitest';
import { regionByName, regionKey } from './region-by-name.js';
import { UnknownRegionError } from './unknown-region-error.js';

const names = ['Liechtenstein', 'West Village', 'Zürich'];
const find = (asked: string | undefined, list = names) => regionByName(list, (name) => name, asked);

describe('regionByName', () => {
  it('matches without regard to case, accents, spaces or hyphens', () => {
    expect(regionKey('West-Village')).toBe(regionKey('west village'));
    expect(find('liechtenstein')).toBe('Liechtenstein');
    expect(find('west-village')).toBe('West Village');
    expect(find('ZURICH')).toBe('Zürich');
  });

  it('takes the only region when none is named, and names the loaded ones otherwise', () => {
    expect(find(undefined, ['Liechtenstein'])).toBe('Liechtenstein');
    expect(() => find(undefined)).toThrow(new UnknownRegionError(null, names));
    expect(() => find(undefined)).toThrow('region is required when several regions are loaded (loaded: Liechtenstein, West Village, Zürich)');
    expect(() => find('Narnia')).toThrow('region "Narnia" is not loaded (loaded: Liechtenstein, West Village, Zürich)');
    expect(() => find('Narnia', [])).toThrow('(no region is loaded)');
  });
});
