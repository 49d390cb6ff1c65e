import { describe, expect, it } from 'vitest';
import { RegionPackError } from '../errors.js';
import { checkHouseholdSize, readCensusValues, resolveCensusFields } from './census-fields.js';
import { parseJoin } from './census-input.js';
import { joinKey } from './census-table.js';

const fields = resolveCensusFields({ population: 'pop', households: 'occupied', income: 'income' });

describe('census fields', () => {
  it('reads counts from numbers or numeric strings, and leaves unknown incomes out', () => {
    expect(readCensusValues({ pop: 6_721, occupied: '3863', income: '' }, fields, 'x')).toEqual({ population: 6_721, households: 3_863 });
    expect(readCensusValues({ pop: '10', occupied: 4, income: -666_666_666 }, fields, 'x')).toEqual({ population: 10, households: 4 });
    expect(readCensusValues({ pop: 10, occupied: 4, income: 72_500 }, fields, 'x')).toEqual({ population: 10, households: 4, income: 72_500 });
    const defaults = resolveCensusFields();
    expect(readCensusValues({ population: 5 }, defaults, 'x')).toEqual({ population: 5 });
  });

  it('names the place and the field of a bad value', () => {
    const error = (record: Record<string, unknown>): RegionPackError => {
      try {
        readCensusValues(record, fields, 'tracts.geojson features[3] (id 7)');
      } catch (caught) {
        if (caught instanceof RegionPackError) return caught;
      }
      throw new Error('no RegionPackError');
    };
    expect(error({ occupied: 3 })).toMatchObject({ path: 'tracts.geojson features[3] (id 7)', message: expect.stringMatching(/missing pop/) });
    expect(error({ pop: 'many', occupied: 3, income: 1 }).message).toMatch(/pop must be a number/);
    expect(error({ pop: -1, occupied: 0, income: 1 }).message).toMatch(/pop must be a number ≥ 0/);
    expect(error({ pop: 5, income: 1 }).message).toMatch(/missing occupied/);
    expect(error({ pop: 5, occupied: 6, income: 1 }).message).toMatch(/occupied \(6\) exceeds pop/);
    expect(error({ pop: 5, occupied: 2 }).message).toMatch(/missing income/);
    expect(error({ pop: 5, occupied: 2, income: 'n/a' }).message).toMatch(/income must be a number/);
    expect(() => resolveCensusFields({ population: ' ' })).toThrow(/population must be a non-empty field name/);
  });

  it('refuses a households field that counts household population', () => {
    expect(() =>
      checkHouseholdSize(
        [
          { population: 6_721, households: 6_600 },
          { population: 100, households: 98 },
        ],
        'households',
        't.csv',
      ),
    ).toThrow(/looks like household population/);
    expect(() => checkHouseholdSize([{ population: 6_721, households: 3_863 }], 'occupied', 't.csv')).not.toThrow();
    expect(() => checkHouseholdSize([{ population: 10 }], 'households', 't.csv')).not.toThrow();
  });

  it('parses joins and join keys', () => {
    expect(parseJoin('GEOID=geoid')).toEqual(['GEOID', 'geoid']);
    expect(parseJoin(' GEOID ')).toEqual(['GEOID', 'GEOID']);
    expect(() => parseJoin('GEOID=')).toThrow(/SHAPE_FIELD=table_column/);
    expect(joinKey('01001020100')).toBe(joinKey('1001020100'));
    expect(joinKey('0')).toBe('0');
    expect(joinKey('A01')).toBe('A01');
  });
});
