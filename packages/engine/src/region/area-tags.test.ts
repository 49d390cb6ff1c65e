import { describe, expect, it } from 'vitest';
import { areaKindOf, areaProperties, parsePopulation } from './area-tags.js';

describe('area tags', () => {
  it('takes boundary=administrative and boundary=postal_code relations only', () => {
    expect(areaKindOf({ type: 'boundary', boundary: 'administrative', admin_level: '8' })).toBe('administrative');
    expect(areaKindOf({ type: 'multipolygon', boundary: 'administrative' })).toBe('administrative');
    expect(areaKindOf({ type: 'boundary', boundary: 'postal_code', postal_code: '6800' })).toBe('postal_code');
    expect(areaKindOf({ type: 'boundary', boundary: 'protected_area' })).toBeNull();
    expect(areaKindOf({ type: 'route', boundary: 'administrative' })).toBeNull();
  });

  it('reads population as a whole number, with thousands separators, and nothing else', () => {
    expect(parsePopulation('33960')).toBe(33_960);
    expect(parsePopulation('11,145')).toBe(11_145);
    expect(parsePopulation("11'145")).toBe(11_145);
    expect(parsePopulation('1.234.567')).toBe(1_234_567);
    for (const bad of ['ca. 5000', '5000 (2010)', '1.5', '12,34', '', undefined, '1,234.567']) expect(parsePopulation(bad)).toBeNull();
  });

  it('gives name, other names, level, postcode, ISO codes and population', () => {
    const area = areaProperties(1683869, 'administrative', {
      type: 'boundary',
      boundary: 'administrative',
      admin_level: '8',
      name: 'Buchs (SG)',
      'name:de': 'Buchs (SG)',
      'name:rm': 'Buchs',
      official_name: 'Buchs SG;Gemeinde Buchs',
      population: '12871',
      'ISO3166-2': 'CH-SG',
    });
    expect(area).toEqual({
      id: 'r1683869',
      kind: 'administrative',
      name: 'Buchs (SG)',
      altNames: ['Buchs SG', 'Gemeinde Buchs', 'Buchs'],
      adminLevel: 8,
      subdivisionCode: 'CH-SG',
      population: 12_871,
    });
    expect(areaProperties(7878753, 'postal_code', { type: 'boundary', boundary: 'postal_code', postal_code: '6800', note: '6800 Feldkirch' })).toEqual({
      id: 'r7878753',
      kind: 'postal_code',
      postcode: '6800',
    });
    expect(areaProperties(1, 'administrative', { admin_level: '2', name: 'Liechtenstein', 'ISO3166-1': 'LI' }).countryCode).toBe('LI');
  });
});
