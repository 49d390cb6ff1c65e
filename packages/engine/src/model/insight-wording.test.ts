import { describe, expect, it } from 'vitest';
import { siteAmounts } from '../../test/synthetic-region.js';
import type { DataConfidence } from '../data-confidence/confidence.js';
import { POI_DEMAND_KINDS, POI_KIND_NOUNS } from '../market/demand-kinds.js';
import type { MarketSearch } from '../market/market-index.js';
import { modeNoun } from '../transit/modes.js';
import { driverPhrase } from './demand-insight.js';
import { joinPhrases } from './insight-text.js';
import { changeSentence } from './verdict-insight.js';

const market = (extra: Partial<MarketSearch['amounts']>): MarketSearch =>
  ({
    category: 'beauty-salon',
    catchmentMetres: 800,
    amounts: siteAmounts({ residents: 4_028, ...extra }),
    nearestRoad: null,
    population: null,
  }) as MarketSearch;
const known: DataConfidence = { level: 'high', reasons: ['fine'], competitionKnown: true };

describe('insight wording', () => {
  it('counts one of a kind in the singular and several in the plural, with the catchment it was counted in', () => {
    expect(driverPhrase('universities', market({ universities: 1 }))).toBe('1 college or university within 800 m');
    expect(driverPhrase('universities', market({ universities: 3 }))).toBe('3 colleges and universities within 800 m');
    expect(driverPhrase('residents', market({}))).toBe('4,028 residents within 800 m');
    expect(driverPhrase('frontage', market({ frontage: 12 }))).toBe('12 mapped businesses and amenities within 100 m');
    expect(driverPhrase('adjacency', market({ nearestPlaceMetres: 12.4 }))).toBe('another business within 20 m');
    expect(driverPhrase('adjacency', market({ nearestPlaceMetres: 46.4 }))).toBe('the nearest other business 46 m away');
    expect(driverPhrase('cluster', market({ clusterMetres: 8 }))).toBe('3 other businesses within 20 m');
    expect(driverPhrase('district', market({ districtMetres: 131.6 }))).toBe('10 other businesses within 132 m');
    for (const kind of POI_DEMAND_KINDS) expect(driverPhrase(kind, market({ [kind]: 1 }))).toBe(`1 ${POI_KIND_NOUNS[kind].one} within 800 m`);
  });

  it('names no driver with none of its kind (no zero-count filler)', () => {
    expect(driverPhrase('universities', market({}))).toBeNull();
    expect(driverPhrase('roads', market({}))).toBeNull();
    expect(driverPhrase('transit', market({}))).toBeNull();
    expect(driverPhrase('adjacency', market({}))).toBeNull();
    expect(driverPhrase('cluster', market({}))).toBeNull();
    expect(driverPhrase('district', market({}))).toBeNull();
  });

  it('joins alternatives with "or"', () => {
    expect(joinPhrases(['a', 'b', 'c'], 'or')).toBe('a, b or c');
    expect(joinPhrases(['a', 'b'])).toBe('a and b');
  });

  it('uses the local word for each mode', () => {
    expect(modeNoun('subway', 'US')).toBe('subway');
    expect(modeNoun('subway', 'FI')).toBe('metro');
    expect(modeNoun('rail', 'LI')).toBe('S-Bahn');
    expect(modeNoun('rail', 'DK')).toBe('S-train');
    expect(modeNoun('rail', 'CA')).toBe('commuter rail');
    expect(modeNoun('tram', 'FI')).toBe('tram');
  });

  it('says below the line which sub-score, raised alone from what to what, would pass, and never offers unknown competition', () => {
    const facts = { category: 'coffee' as const, score: 0.9, passed: false, logit: -1, supply: 2, radiusMetres: 500, noun: 'coffee' };
    // One point short: competition and transit (0.15 each) would have to pass 10, so only demand is offered.
    expect(changeSentence({ ...facts, score: 6, breakdown: { transit: 4.6, competitor: 6, marketFit: 6.5 }, confidence: known })).toBe(
      'It would pass if one sub-score alone rose: demand from 6.5/10 to 7.9/10.',
    );
    const closer = { ...facts, breakdown: { transit: 4.6, competitor: 6, marketFit: 6.5 }, score: 6.3 };
    expect(changeSentence({ ...closer, confidence: known })).toBe(
      'It would pass if one sub-score alone rose: demand from 6.5/10 to 7.5/10 or transit from 4.6/10 to 9.3/10.',
    );
    expect(changeSentence({ ...closer, confidence: { ...known, competitionKnown: false } })).not.toMatch(/competition/);
  });
});
