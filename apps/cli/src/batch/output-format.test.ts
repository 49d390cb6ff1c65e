import { ScoreTerritory } from '@locscore/schema';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sampleResult } from '../../test/fixtures.js';
import { OUTPUT_COLUMNS } from './columns.js';
import { createRowFormatter } from './output-format.js';
import { resultCells } from './result-cells.js';

const UNIT_A = '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d';
const UNIT_B = '7c1e9d4f-0b2e-4f3c-9d8a-4e3f2b1c0d9e';

describe('resultCells', () => {
  it('fills every locscore column from a result', () => {
    const cells = resultCells({ result: sampleResult });
    expect(cells).toHaveLength(OUTPUT_COLUMNS.length);
    const byName = Object.fromEntries(OUTPUT_COLUMNS.map((column, index) => [column, cells[index]]));
    expect(byName).toMatchObject({
      locscore_score: '7.4',
      locscore_passed: 'true',
      locscore_story: 'Strong Location',
      locscore_verdict: 'Pass',
      locscore_transit: '9.1',
      locscore_market_fit: '7.0',
      locscore_lat: '47.141000',
      locscore_nearest_station: 'Central Station',
      locscore_transit_distance_m: '240',
      locscore_competitor_count: '3',
      locscore_avg_competitor_rating: '4.50',
      locscore_request_id: sampleResult.meta?.requestId,
      locscore_error_code: '',
    });
  });

  it('says why a row failed, from the result: own territory first, then low data confidence, then the score', () => {
    const meta = {
      ...sampleResult.meta,
      confidence: { level: 'low' as const, reasons: ['no census data in the trade area'] },
      territory: ScoreTerritory.parse({
        encroaches: [{ unitId: UNIT_A, name: 'Maple North', status: 'open', distanceMetres: 120, territoryType: 'radius' }],
        nearestUnit: { unitId: UNIT_A, name: 'Maple North', distanceMetres: 120 },
        overlap: [],
        cannibalisation: null,
      }),
    };
    const cells = resultCells({ result: { ...sampleResult, score: 6.2, passed: false, story: 'Inside Own Territory', meta } });
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_verdict')]).toBe(
      'Fail: inside the protected territory of Maple North (120 m); data confidence low; score 6.2 under the 7.0 pass mark',
    );
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_data_confidence')]).toBe('low');
  });

  it('writes the matched address, its precision and confidence, so a row scored elsewhere stands out', () => {
    const meta = { ...sampleResult.meta, matchedAddress: 'Landstrasse 92, 9490 Vaduz', geocodePrecision: 'interpolated' as const, geocodeConfidence: 0.8 };
    const cells = resultCells({ result: { ...sampleResult, meta } });
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_matched_address')]).toBe('Landstrasse 92, 9490 Vaduz');
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_geocode_precision')]).toBe('interpolated');
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_geocode_confidence')]).toBe('0.80');
    const error = resultCells({ error: { code: 'address_ambiguous', message: 'address ambiguous | candidates: A (1, 2); B (3, 4)', requestId: null } });
    expect(error[OUTPUT_COLUMNS.indexOf('locscore_matched_address')]).toBe('');
    expect(error[OUTPUT_COLUMNS.indexOf('locscore_error_code')]).toBe('address_ambiguous');
  });

  it('leaves absent values empty', () => {
    const cells = resultCells({ result: { ...sampleResult, nearestStation: null, transitDistanceMetres: null, avgCompetitorRating: null } });
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_nearest_station')]).toBe('');
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_transit_distance_m')]).toBe('');
    expect(cells[OUTPUT_COLUMNS.indexOf('locscore_avg_competitor_rating')]).toBe('');
  });

  it('writes the own units of meta.territory: encroached names, nearest unit and metres, the share from own units', () => {
    const territory = ScoreTerritory.parse({
      encroaches: [
        { unitId: UNIT_A, name: 'Taïm', status: 'open', distanceMetres: 80, territoryType: 'radius' },
        { unitId: UNIT_B, name: 'Joe', status: 'planned', distanceMetres: 210, territoryType: 'population' },
      ],
      nearestUnit: { unitId: UNIT_A, name: 'Taïm', distanceMetres: 80 },
      overlap: [],
      cannibalisation: { capturedResidents: 1158.2, shareFromOwnUnits: 0.9412, units: [] },
    });
    const cell = (cells: string[], column: (typeof OUTPUT_COLUMNS)[number]) => cells[OUTPUT_COLUMNS.indexOf(column)];
    const cells = resultCells({ result: { ...sampleResult, meta: { ...sampleResult.meta, territory } } });
    expect(cell(cells, 'locscore_encroaches')).toBe('Taïm; Joe');
    expect(cell(cells, 'locscore_nearest_unit')).toBe('Taïm');
    expect(cell(cells, 'locscore_nearest_unit_metres')).toBe('80');
    expect(cell(cells, 'locscore_cannibalisation')).toBe('0.9412');
    const comma = resultCells({ result: { ...sampleResult, meta: { ...sampleResult.meta, territory } } }, { decimalComma: true });
    expect(cell(comma, 'locscore_cannibalisation')).toBe('0,9412');
    const unmeasured = { ...territory, encroaches: [], cannibalisation: null };
    const outside = resultCells({ result: { ...sampleResult, meta: { ...sampleResult.meta, territory: unmeasured } } });
    expect(cell(outside, 'locscore_encroaches')).toBe('');
    expect(cell(outside, 'locscore_nearest_unit_metres')).toBe('80');
    expect(cell(outside, 'locscore_cannibalisation')).toBe('');
    const none = resultCells({ result: sampleResult });
    for (const column of ['locscore_encroaches', 'locscore_nearest_unit', 'locscore_nearest_unit_metres', 'locscore_cannibalisation'] as const)
      expect(cell(none, column)).toBe('');
  });

  it('writes only the error columns for a failed row', () => {
    const cells = resultCells({ error: { code: 'address_not_found', message: 'no street "Nowhere"', requestId: 'r-1' } });
    expect(cells.filter((cell) => cell !== '')).toEqual(['r-1', 'address_not_found', 'no street "Nowhere"']);
  });
});

describe('createRowFormatter', () => {
  it('writes CSV in the input delimiter, with BOM, quoting fields that need it, round-tripping', () => {
    const formatter = createRowFormatter('csv', ['name', 'address'], { delimiter: ';', bom: true });
    const text =
      formatter.preamble() +
      formatter.record(1, ['Café; "Nord"', '1 Main St\nUnit 2'], 'h', { result: sampleResult }) +
      formatter.record(2, ['B', 'x'], 'h', { error: { code: 'invalid_request', message: 'category must be one of: …', requestId: null } });
    expect(text.startsWith('\uFEFFname;address;locscore_score;')).toBe(true);
    const rows = parse(text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(['name', 'address', ...OUTPUT_COLUMNS]);
    expect(rows[1]?.slice(0, 3)).toEqual(['Café; "Nord"', '1 Main St\nUnit 2', '7.4']);
    expect(rows[2]?.at(-2)).toBe('invalid_request');
  });

  it('writes decimal commas when asked, only in the decimal columns, and round-trips in a ;-separated file', () => {
    const cells = resultCells({ result: sampleResult }, { decimalComma: true });
    const byName = Object.fromEntries(OUTPUT_COLUMNS.map((column, index) => [column, cells[index]]));
    expect(byName).toMatchObject({
      locscore_score: '7,4',
      locscore_transit: '9,1',
      locscore_lat: '47,141000',
      locscore_lng: '9,521000',
      locscore_avg_competitor_rating: '4,50',
      locscore_transit_distance_m: '240',
      locscore_competitor_count: '3',
    });
    const formatter = createRowFormatter('csv', ['address'], { delimiter: ';', bom: false, decimalComma: true });
    const rows = parse(formatter.preamble() + formatter.record(1, ['1 Main St'], 'h', { result: sampleResult }), { delimiter: ';' }) as string[][];
    expect(rows[1]?.[1]).toBe('7,4');
    const dotted = createRowFormatter('csv', ['address'], { delimiter: ';', bom: false });
    expect(dotted.record(1, ['1 Main St'], 'h', { result: sampleResult })).toContain(';7.4;');
  });

  it('writes one JSON object per line with row number, hash, input and the full result', () => {
    const formatter = createRowFormatter('jsonl', ['address'], { delimiter: ',', bom: false });
    expect(formatter.preamble()).toBe('');
    const line = formatter.record(7, ['1 Main St'], 'abc', { result: sampleResult });
    expect(line.endsWith('\n')).toBe(true);
    expect(JSON.parse(line)).toEqual({ row: 7, rowHash: 'abc', input: { address: '1 Main St' }, result: sampleResult, error: null });
  });
});
