import { UnitFileError } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { csvDelimiter, readUnitFile } from './unit-file.js';

describe('readUnitFile', () => {
  it('reads a CSV as the CLI does: each row a body or its error, other columns named', () => {
    const csv = '\uFEFFname;lat;lng;territory_metres;notes\r\nJoe;40,733318;-74,000557;300;x\r\nZero;40.7;-74;0;\r\n';
    const file = readUnitFile('units.csv', csv, { category: 'coffee' });
    expect(file.ignored).toEqual(['notes']);
    expect(file.rows[0]).toEqual({
      source: 'row 1 (Joe)',
      body: { name: 'Joe', category: 'coffee', status: 'open', coordinates: { lat: 40.733318, lng: -74.000557 }, territory: { type: 'radius', metres: 300 } },
    });
    expect(file.rows[1]).toEqual({ source: 'row 2 (Zero)', error: 'territory.metres must be > 0 and ≤ 100000' });
  });

  it('reads GeoJSON by its name, and refuses a file with no header or no features', () => {
    const geojson = JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-74, 40.7] },
      properties: { name: 'A', category: 'gym-fitness' },
    });
    expect(readUnitFile('units.geojson', geojson, {}).rows[0]?.body).toMatchObject({
      name: 'A',
      category: 'gym-fitness',
      coordinates: { lat: 40.7, lng: -74 },
    });
    expect(() => readUnitFile('units.csv', '\n\n', {})).toThrow(UnitFileError);
    expect(() => readUnitFile('units.json', '{"type":"FeatureCollection","features":[]}', {})).toThrow(/no feature/);
    expect(() => readUnitFile('units.csv', 'name,lat\n"open,1\n', {})).toThrow(/not valid CSV/);
  });
});

describe('csvDelimiter', () => {
  it('picks the most frequent delimiter outside quotes, comma on a tie', () => {
    expect(csvDelimiter('a;b;"c,d,e"')).toBe(';');
    expect(csvDelimiter('a\tb\tc')).toBe('\t');
    expect(csvDelimiter('name')).toBe(',');
  });
});
