import { stripVTControlCharacters } from 'node:util';
import { type ScoreResult, ScoreTerritory } from '@locscore/schema';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { sampleResult as result } from '../../test/fixtures.js';
import { BAR_WIDTH, failReason, renderCard, scoreBar, wrapLine } from './card.js';
import { formatDistance } from './distance.js';

const plain = new Chalk({ level: 0 });
const coloured = new Chalk({ level: 2 });
const UNIT_A = '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d';
const UNIT_B = '7c1e9d4f-0b2e-4f3c-9d8a-4e3f2b1c0d9e';

describe('scoreBar', () => {
  it('is always BAR_WIDTH wide and grows with the score', () => {
    expect(scoreBar(0)).toBe('░'.repeat(BAR_WIDTH));
    expect(scoreBar(10)).toBe('█'.repeat(BAR_WIDTH));
    expect(scoreBar(5).split('█').length - 1).toBe(BAR_WIDTH / 2);
    expect(scoreBar(42)).toHaveLength(BAR_WIDTH);
  });
});

describe('formatDistance', () => {
  it('uses whole metres below 1 km, one decimal below 10 km, whole km beyond', () => {
    expect(formatDistance(240.4)).toBe('240 m');
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(999.6)).toBe('1.0 km');
    expect(formatDistance(1480)).toBe('1.5 km');
    expect(formatDistance(9949)).toBe('9.9 km');
    expect(formatDistance(9951)).toBe('10 km');
    expect(formatDistance(6_397_900)).toBe('6,398 km');
  });
});

describe('renderCard', () => {
  it('shows the data confidence and the rank in the region when the result carries them, and neither when it does not', () => {
    const ranked = { ...result, meta: { ...result.meta, confidence: { level: 'medium' as const, reasons: ['The pack spans only 740 m.'] }, percentile: 83 } };
    const card = renderCard(ranked, plain);
    expect(card).toMatch(/Data confidence\s+medium/);
    expect(card).toContain("Rank             at or above 83 % of the region's addresses for this category");
    const bare = renderCard({ ...result, meta: { ...result.meta, confidence: undefined, percentile: undefined } }, plain);
    expect(bare).not.toContain('Data confidence');
    expect(bare).not.toContain('Rank ');
  });

  it('shows the score, verdict, story, breakdown, station, competitors, insights, address and region', () => {
    const card = renderCard(result, plain, { address: '12 Market St', category: 'coffee' });
    expect(card).toContain('12 Market St (Coffee)');
    expect(card).toContain('7.4 / 10  PASS  Strong Location');
    expect(card).toMatch(/Transit\s+█+░*\s9\.1/);
    expect(card).toMatch(/Market fit\s+[█░]+\s7\.0/);
    expect(card).toContain('Central Station, 240 m');
    expect(card).toContain('3 nearby (avg rating 4.5)');
    expect(card).toContain('Cup & Co, 1.5 km');
    expect(card).toContain('Rapid transit nearby: Central Station is 240 m away.');
    expect(card).toContain('12 Market Street, Sampleton (address_point)');
    expect(card).toContain('SAMPLE DATA');
    expect(card).not.toContain('\u001b[');
  });

  it('says FAIL and "none within 5 km" when absent, and no SAMPLE DATA for a real region', () => {
    const failing = {
      ...result,
      score: 4.2,
      passed: false,
      story: 'High Risk' as const,
      nearestStation: null,
      transitDistanceMetres: null,
      avgCompetitorRating: null,
      meta: { region: { name: 'Liechtenstein', sample: false, attribution: '© OpenStreetMap contributors' } },
    };
    const card = renderCard(failing, plain);
    expect(card).toContain('4.2 / 10  FAIL  High Risk\nWhy: score 4.2 under the 7.0 pass mark');
    expect(card).toContain('none within 5 km');
    expect(card).toContain('no ratings');
    expect(card).not.toContain('SAMPLE DATA');
  });

  it('shows the matched address under the header only when it differs from the input, and warns under 0.8 confidence', () => {
    const same = {
      ...result,
      meta: { ...result.meta, matchedAddress: 'Städtle 38, 9490 Vaduz', geocodePrecision: 'address_point' as const, geocodeConfidence: 1 },
    };
    expect(renderCard(same, plain, { address: 'städtle 38 9490 vaduz' })).not.toContain('Matched as');
    const card = renderCard(same, plain, { address: 'Staedtle 38' });
    expect(card).toContain('(Coffee)\nMatched as Städtle 38, 9490 Vaduz (address_point)\n'.replace('(Coffee)', 'Staedtle 38'));
    expect(card).not.toContain('confidence');
    const street = { ...result, meta: { ...same.meta, matchedAddress: 'Städtle, 9490 Vaduz', geocodePrecision: 'street' as const, geocodeConfidence: 0.5 } };
    expect(renderCard(street, plain, { address: 'Städtle 99, Vaduz' }, 200)).toContain(
      '⚠ Geocoding confidence 0.50: check that this is the place you mean before relying on the score.',
    );
    const edge = { ...result, meta: { ...same.meta, geocodeConfidence: 0.8 } };
    expect(renderCard(edge, plain, { address: 'Städtle 38, 9490 Vaduz' })).not.toContain('⚠');
  });

  it('says why a result fails: its score, its data confidence, or that the server gave no ground it can read', () => {
    expect(renderCard({ ...result, score: 5.5, passed: false, story: 'Proceed with Caution' }, plain)).toContain(
      '5.5 / 10  FAIL  Proceed with Caution\nWhy: score 5.5 under the 7.0 pass mark\n',
    );
    const lowConfidence = {
      ...result,
      passed: false,
      story: 'Needs Verification' as const,
      meta: { ...result.meta, confidence: { level: 'low' as const, reasons: ['no census data'] } },
    };
    expect(failReason(lowConfidence)).toBe('data confidence low');
    expect(renderCard(lowConfidence, plain)).toContain('7.4 / 10  FAIL  Needs Verification\nWhy: data confidence low\n');
    expect(
      failReason({
        ...result,
        passed: false,
        meta: {
          ...result.meta,
          territory: {
            encroaches: [{ unitId: 'u4', name: 'Unit 4', status: 'open', distanceMetres: 120, territoryType: 'radius' }],
            nearestUnit: null,
            overlap: [],
            cannibalisation: null,
          },
        },
      }),
    ).toBe('inside the protected territory of Unit 4 (120 m)');
    expect(failReason({ ...result, passed: false })).toBe('not passed by the server');
  });

  it('shows the own units of meta.territory: the encroached unit, the nearest unit and the cannibalisation', () => {
    const territory = ScoreTerritory.parse({
      encroaches: [{ unitId: UNIT_A, name: 'Taïm', status: 'planned', distanceMetres: 80, territoryType: 'population' }],
      nearestUnit: { unitId: UNIT_A, name: 'Taïm', distanceMetres: 80 },
      overlap: [],
      cannibalisation: {
        capturedResidents: 1158.2,
        shareFromOwnUnits: 0.9412,
        units: [
          { unitId: UNIT_A, name: 'Taïm', shareLost: 0.0812, residentsLost: 90.1 },
          { unitId: UNIT_B, name: 'Joe', shareLost: 0.004, residentsLost: 3 },
          { unitId: UNIT_B, name: 'Third', shareLost: 0.02, residentsLost: 3 },
          { unitId: UNIT_B, name: 'Fourth', shareLost: 0.01, residentsLost: 1 },
        ],
      },
    });
    const card = renderCard({ ...result, passed: false, meta: { ...result.meta, territory } }, plain, {}, 200);
    expect(card).toContain('7.4 / 10  FAIL  Strong Location\nWhy: inside the protected territory of Taïm (80 m)\n');
    expect(card).toContain('Own units\n  ⚠ Inside the protected territory of Taïm (planned, population territory, 80 m away)\n');
    expect(card).toContain('  Nearest unit     Taïm, 80 m\n');
    expect(card).toContain('  Cannibalisation  94% of the demand captured here would come from own units; Taïm −8%, Joe −<1%, Third −2%, +1 more\n');
    const unmeasured = { ...territory, encroaches: [], cannibalisation: null, nearestUnit: { unitId: UNIT_B, name: 'Joe', distanceMetres: 1480 } };
    const far = renderCard({ ...result, meta: { ...result.meta, territory: unmeasured } }, plain, {}, 200);
    expect(far).not.toContain('⚠ Inside');
    expect(far).toContain('  Nearest unit     Joe, 1.5 km\n');
    expect(far).toContain('  Cannibalisation  not measured (the region has no population layer)');
    expect(renderCard(result, plain)).not.toContain('Own units');
  });

  it('names the most decisive failing fact on one line, counting the others, never quoting the confidence reasons', () => {
    const reasons = [
      'The trade area is mapped about as completely as the region’s well-mapped core: 696 address points and 223 mapped places for 2,251 residents.',
      'Only 2 coffee places are mapped in the region.',
    ];
    const unit = { unitId: UNIT_A, name: 'Risch Kaffee Schaan', status: 'planned' as const, distanceMetres: 640, territoryType: 'radius' as const };
    const failing = {
      ...result,
      score: 6.1,
      passed: false,
      story: 'Proceed with Caution' as const,
      meta: {
        ...result.meta,
        confidence: { level: 'low' as const, reasons },
        territory: { encroaches: [unit, { ...unit, name: 'Vaduz' }], nearestUnit: null, overlap: [], cannibalisation: null },
      },
    };
    const card = renderCard(failing, plain, { address: 'Egertastrasse 36, 9490 Vaduz', category: 'coffee' }, 80);
    expect(failReason(failing)).toBe('inside the protected territory of Risch Kaffee Schaan (640 m); +3 more');
    const why = card.split('\n').filter((line) => line.startsWith('Why'));
    expect(why).toEqual(['Why: inside the protected territory of Risch Kaffee Schaan (640 m); +3 more']);
    expect(card).not.toContain('mapped about as completely');
    const lowOnly = { ...failing, score: 7.4, meta: { ...failing.meta, territory: undefined } };
    const lines = renderCard(lowOnly, plain, {}, 80).split('\n');
    expect(lines.filter((line) => /FAIL|Why:/.test(line))).toEqual(['7.4 / 10  FAIL  Proceed with Caution', 'Why: data confidence low']);
    expect(lines.join('\n')).toMatch(/Data confidence\s+low\n/);
  });

  it('prints the matched address once: under the header when it differs from the input, else in the footer', () => {
    const matched = { ...result, meta: { ...result.meta, matchedAddress: 'Städtle 38, 9490 Vaduz', geocodePrecision: 'address_point' as const } };
    const differs = renderCard(matched, plain, { address: 'Staedtle 38, Vaduz' });
    expect(differs.match(/Matched/g)).toHaveLength(1);
    expect(differs).toContain('Matched as Städtle 38, 9490 Vaduz (address_point)');
    const same = renderCard(matched, plain, { address: 'Städtle 38, 9490 Vaduz' });
    expect(same.match(/Matched/g)).toHaveLength(1);
    expect(same).toContain('Matched  Städtle 38, 9490 Vaduz (address_point)');
  });

  it('never wraps a number apart from its unit', () => {
    for (let width = 40; width <= 90; width += 1) {
      const insight = {
        headline: 'Demand 9.2/10',
        detail: 'Within 800 m: 14 offices and 1,998 residents; more than at 82 % and 64 % of addresses, 1.5 km from 44 min.',
      };
      const card = renderCard({ ...result, insights: [insight] }, plain, {}, width);
      expect(card, `width ${width}`).not.toMatch(/\d\n\s*(m|km|%|min)\b/);
      expect(card).not.toContain('\u00a0');
      for (const line of card.split('\n')) expect(line.length, `width ${width}`).toBeLessThanOrEqual(width);
    }
  });

  it('lists unnamed competitors together by kind and distance instead of "Unnamed coffee"', () => {
    const competitors = [
      { name: 'Unnamed coffee', rating: null, distanceMetres: 58 },
      { name: 'Café Amann', rating: 4.5, distanceMetres: 65 },
      { name: 'Unnamed coffee', rating: null, distanceMetres: 300 },
      { name: 'Starbucks', rating: null, distanceMetres: 12_400, brand: 'Starbucks', chain: true },
    ];
    const card = renderCard({ ...result, competitors, competitorCount: 4 }, plain, { category: 'coffee' });
    expect(card).toContain('    · 2 coffee places with no name on the map, 58 m and 300 m away\n    · Café Amann, 65 m, ★ 4.5\n    · Starbucks, 12 km\n');
    expect(card).not.toContain('Unnamed');
    const one = renderCard({ ...result, competitors: competitors.slice(0, 1), competitorCount: 1 }, plain, { category: 'coffee' });
    expect(one).toContain('    · a coffee place with no name on the map, 58 m away\n');
  });

  it('lists five competitors and counts the rest as "+N more"', () => {
    const competitors = Array.from({ length: 8 }, (_, index) => ({ name: `Café ${index + 1}`, rating: null, distanceMetres: 100 * (index + 1) }));
    const card = renderCard({ ...result, competitors, competitorCount: 14 }, plain);
    expect(card).toContain('    · Café 5, 500 m\n    + 9 more\n');
    expect(card).not.toContain('Café 6');
    expect(renderCard({ ...result, competitors: competitors.slice(0, 3), competitorCount: 3 }, plain)).not.toContain('more');
    // The fixture lists 2 of its 3 competitors.
    expect(renderCard(result, plain)).toContain('    + 1 more');
  });

  it('wraps every line to the terminal width, continuation lines under their text', () => {
    const long = {
      headline: 'Rapid transit nearby',
      detail: 'Central Station is 240 m away with 1,204 weekly departures on three lines towards the old town.',
    };
    const card = renderCard({ ...result, insights: [long, long] }, coloured, {}, 50);
    for (const line of stripVTControlCharacters(card).split('\n')) expect(line.length).toBeLessThanOrEqual(50);
    const plainCard = renderCard({ ...result, insights: [long, long] }, plain, {}, 50);
    expect(plainCard).toContain(
      '\n  • Rapid transit nearby: Central Station is 240 m\n    away with 1,204 weekly departures on three\n    lines towards the old town.\n',
    );
    expect(wrapLine('short', 50)).toBe('short');
    expect(wrapLine('x'.repeat(30), 10)).toBe('x'.repeat(30));
  });

  it('colours only when the style has a colour level', () => {
    expect(renderCard(result, coloured)).toContain('\u001b[');
  });
});

describe('one verdict on the terminal card', () => {
  const unit = { unitId: UNIT_A, name: 'Risch Kaffee Schaan', status: 'planned' as const, distanceMetres: 90, territoryType: 'radius' as const };
  const failures = {
    failing: [{ ...result, score: 4.2, passed: false, story: 'High Risk' as const }, 'score 4.2 under the 7.0 pass mark'],
    'low-confidence': [
      {
        ...result,
        score: 7.8,
        passed: false,
        story: 'Needs Verification' as const,
        meta: { ...result.meta, confidence: { level: 'low' as const, reasons: ['Street only.'] } },
      },
      'data confidence low',
    ],
    encroaching: [
      {
        ...result,
        passed: false,
        story: 'Inside Own Territory' as const,
        meta: { ...result.meta, territory: { encroaches: [unit], nearestUnit: null, overlap: [], cannibalisation: null } },
      },
      'inside the protected territory of Risch Kaffee Schaan (90 m)',
    ],
  } satisfies Record<string, [ScoreResult, string]>;

  it.each(Object.entries(failures))('a %s result says FAIL, its story and its failing fact on one line', (_, [failed, says]) => {
    const lines = renderCard(failed, plain, { address: 'Egertastrasse 36, 9490 Vaduz', category: 'coffee' }, 80).split('\n');
    expect(lines).toContain(`${failed.score.toFixed(1)} / 10  FAIL  ${failed.story}`);
    expect(lines).toContain(`Why: ${says}`);
    expect(lines.join('\n')).not.toContain('PASS');
  });
});
