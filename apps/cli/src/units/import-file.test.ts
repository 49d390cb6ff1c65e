import { Readable } from 'node:stream';
import { CreateUnit } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { CliError } from '../exit-codes.js';
import { readCsvUnits } from './csv-units.js';
import { readGeoJsonUnits } from './geojson-units.js';

const csv = (text: string) => readCsvUnits(Readable.from([Buffer.from(text)]), { category: 'coffee' });
const square = [
  [
    [-74.004, 40.733],
    [-74.001, 40.733],
    [-74.001, 40.735],
    [-74.004, 40.735],
    [-74.004, 40.733],
  ],
];

describe('readCsvUnits', () => {
  it('reads address and lat/lng rows with radius, population and polygon territories, each body valid for the API', async () => {
    const file = await csv(
      [
        'name,address,lat,lng,status,brand,territory_type,territory_metres,territory_residents,territory_geometry,notes',
        'Joe,"141 Waverly Place, New York",,,open,Joe Coffee,,300,,,corner',
        'Perry,,40.7359,-74.0036,Planned,,population,,1500,,',
        `Square,,40.734,-74.0025,,,,,,"${JSON.stringify({ type: 'Polygon', coordinates: square }).replaceAll('"', '""')}",`,
      ].join('\n'),
    );
    expect(file.ignored).toEqual(['notes']);
    expect(file.rows.map((row) => row.error)).toEqual([undefined, undefined, undefined]);
    expect(file.rows.map((row) => row.source)).toEqual(['row 1 (Joe)', 'row 2 (Perry)', 'row 3 (Square)']);
    expect(file.rows[0]?.body).toEqual({
      name: 'Joe',
      address: '141 Waverly Place, New York',
      category: 'coffee',
      status: 'open',
      brand: 'Joe Coffee',
      territory: { type: 'radius', metres: 300 },
    });
    expect(file.rows[1]?.body).toMatchObject({
      coordinates: { lat: 40.7359, lng: -74.0036 },
      status: 'planned',
      territory: { type: 'population', residents: 1500 },
    });
    expect(file.rows[2]?.body?.territory).toEqual({ type: 'polygon', geometry: { type: 'Polygon', coordinates: square } });
    for (const row of file.rows) expect(CreateUnit.safeParse(row.body).success).toBe(true);
  });

  it('reports each bad row with the field and why, and keeps the good ones', async () => {
    const file = await csv(
      [
        'name;lat;lng;territory_metres;category',
        'Good;40,7359;-74,0036;300;',
        'Zero;40.7;-74.0;0;',
        ';40.7;-74.0;;',
        'Half;40.7;;;',
        'Text;40.7;-74.0;far;',
        'Cat;40.7;-74.0;;bakery',
        'Both;40.7;-74.0;;',
      ].join('\r\n'),
    );
    const errors = file.rows.map((row) => `${row.source}: ${row.error ?? 'ok'}`);
    expect(errors[0]).toBe('row 1 (Good): ok');
    expect(file.rows[0]?.body?.coordinates).toEqual({ lat: 40.7359, lng: -74.0036 });
    expect(errors[1]).toBe('row 2 (Zero): territory.metres must be > 0 and ≤ 100000');
    expect(errors[2]).toMatch(/^row 3: name is required/);
    expect(errors[3]).toBe('row 4 (Half): lng is required with lat');
    expect(errors[4]).toBe('row 5 (Text): territory_metres must be a number, got "far"');
    expect(errors[5]).toMatch(/^row 6 \(Cat\): category must be one of/);
    expect(errors[6]).toBe('row 7 (Both): ok');
  });

  it('needs a category from the row or the default', async () => {
    const file = await readCsvUnits(Readable.from(['name,lat,lng\nA,40.7,-74\n']), {});
    expect(file.rows[0]?.error).toBe('category is required: a category column (or property), or --category');
  });
});

describe('readGeoJsonUnits', () => {
  const feature = (geometry: unknown, properties: Record<string, unknown>) => ({ type: 'Feature', geometry, properties });

  it('takes a Point as the site and a Polygon as the territory', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({ type: 'Point', coordinates: [-74.0036, 40.7359] }, { name: 'Perry', territory: { type: 'radius', metres: 250 }, status: 'open' }),
        feature({ type: 'Polygon', coordinates: square }, { name: 'Square', lat: 40.734, lng: -74.0025 }),
        feature(null, { name: 'Joe', address: '141 Waverly Place, New York', territory_residents: 1500, brand: 'Joe Coffee', id: 7 }),
      ],
    });
    const file = readGeoJsonUnits(text, 'units.geojson', { category: 'coffee' });
    expect(file.rows.map((row) => row.error)).toEqual([undefined, undefined, undefined]);
    expect(file.rows[0]?.body).toMatchObject({ coordinates: { lat: 40.7359, lng: -74.0036 }, territory: { type: 'radius', metres: 250 } });
    expect(file.rows[1]?.body).toMatchObject({ coordinates: { lat: 40.734, lng: -74.0025 }, territory: { type: 'polygon', geometry: { type: 'Polygon' } } });
    expect(file.rows[2]?.body).toMatchObject({ address: '141 Waverly Place, New York', territory: { type: 'population', residents: 1500 } });
    expect(file.ignored).toEqual(['id']);
  });

  it('reports a self-intersecting polygon, a polygon without a site and an unknown geometry by feature', () => {
    const bowtie = [
      [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ],
    ];
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({ type: 'Polygon', coordinates: bowtie }, { name: 'Bow', lat: 0.5, lng: 0.2, category: 'coffee' }),
        feature({ type: 'Polygon', coordinates: square }, { name: 'Nowhere' }),
        feature({ type: 'LineString', coordinates: [] }, { name: 'Line' }),
        { type: 'Nope' },
      ],
    });
    const rows = readGeoJsonUnits(text, 'units.geojson', { category: 'coffee' }).rows;
    expect(rows[0]?.error).toMatch(/territory\.geometry.*(intersect|cross)/);
    expect(rows[1]?.error).toBe('address or coordinates is required');
    expect(rows[2]?.error).toMatch(/^geometry must be a Point/);
    expect(rows[3]).toEqual({ source: 'feature 4', error: 'is not a GeoJSON Feature' });
  });

  it('refuses a file that is not GeoJSON features, exit 2', () => {
    expect(() => readGeoJsonUnits('{', 'a.geojson', {})).toThrow(CliError);
    expect(() => readGeoJsonUnits('{"type":"Polygon"}', 'a.geojson', {})).toThrow(/FeatureCollection/);
    expect(() => readGeoJsonUnits('{"type":"FeatureCollection","features":[]}', 'a.geojson', {})).toThrow(/no feature/);
  });
});
