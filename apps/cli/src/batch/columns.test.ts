import { describe, expect, it } from 'vitest';
import { CliError } from '../exit-codes.js';
import { findAddressColumn, findCategoryColumn, foldColumnName, OUTPUT_COLUMNS } from './columns.js';

describe('foldColumnName', () => {
  it('folds case, accents, spaces and hyphens', () => {
    expect(foldColumnName(' Full Address ')).toBe('full_address');
    expect(foldColumnName('Adresse complète')).toBe('adresse_complete');
    expect(foldColumnName('street-address')).toBe('street_address');
    expect(foldColumnName('Dirección')).toBe('direccion');
  });
});

describe('findAddressColumn', () => {
  it('finds common names in any case', () => {
    expect(findAddressColumn(['id', 'Address'])).toBe(1);
    expect(findAddressColumn(['nom', 'Adresse'])).toBe(1);
    expect(findAddressColumn(['Store', 'Full Address', 'City'])).toBe(1);
    expect(findAddressColumn(['street_address', 'location'])).toBe(0);
  });

  it('prefers a full address over a generic location column', () => {
    expect(findAddressColumn(['location', 'address'])).toBe(1);
  });

  it('uses --address-column exactly or folded', () => {
    expect(findAddressColumn(['site', 'where'], 'where')).toBe(1);
    expect(findAddressColumn(['site', 'Where It Is'], 'where it is')).toBe(1);
  });

  it('fails with exit 2 naming the columns when nothing matches', () => {
    expect(() => findAddressColumn(['id', 'name'])).toThrow(CliError);
    expect(() => findAddressColumn(['id', 'name'])).toThrow(/--address-column.*id, name/);
    let caught: unknown;
    try {
      findAddressColumn(['id'], 'addr_x');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CliError);
    expect((caught as CliError).exitCode).toBe(2);
    expect((caught as CliError).message).toContain('addr_x');
  });
});

describe('findCategoryColumn', () => {
  it('auto-detects a category column only when allowed', () => {
    expect(findCategoryColumn(['address', 'Category'], undefined, true)).toBe(1);
    expect(findCategoryColumn(['address', 'Category'], undefined, false)).toBe(-1);
    expect(findCategoryColumn(['address'], undefined, true)).toBe(-1);
  });

  it('uses --category-column and rejects an unknown one', () => {
    expect(findCategoryColumn(['address', 'concept'], 'concept', false)).toBe(1);
    expect(() => findCategoryColumn(['address'], 'concept', false)).toThrow(/concept/);
  });
});

describe('OUTPUT_COLUMNS', () => {
  it('lists the appended columns in the agreed order', () => {
    expect(OUTPUT_COLUMNS[0]).toBe('locscore_score');
    expect(OUTPUT_COLUMNS.at(-1)).toBe('locscore_error_message');
    expect(new Set(OUTPUT_COLUMNS).size).toBe(24);
    expect(OUTPUT_COLUMNS.slice(2, 5)).toEqual(['locscore_story', 'locscore_verdict', 'locscore_data_confidence']);
    expect(OUTPUT_COLUMNS.every((column) => column.startsWith('locscore_'))).toBe(true);
  });
});
