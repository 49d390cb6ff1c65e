import { describe, expect, it } from 'vitest';
import { poi } from '../../test/synthetic-region.js';
import { haversineMetres } from '../region/geometry.js';
import type { Poi } from '../region/types.js';
import { groupSamePlaces, isSamePlace, namesAgree, SAME_PLACE_METRES, sameBrand } from './same-place.js';

const kindergarten = (name: string | undefined, north: number, east: number, extra: Partial<Poi> = {}): Poi => ({
  ...poi({ amenity: 'kindergarten', ...(name === undefined ? {} : { name }) }, north, east),
  ...extra,
});
const ids = (groups: Poi[][]): string[][] => groups.map((group) => group.map(({ id }) => id));

describe('namesAgree', () => {
  it.each([
    ['rebera', 'rebera', true],
    ['rebera', 'rebera sud', true],
    ['post', 'post vaduz', true],
    ['vaduz post', 'post', true],
    ['kindergaten schule', 'kindergarten schule', true],
    ['rebera sud', 'rebera nord', false],
    ['cafe amann', 'cafe etagere', false],
    ['kita a', 'kita b', false],
    ['joe', 'joes', false],
  ])('%s / %s: %s', (a, b, expected) => {
    expect(namesAgree(a, b)).toBe(expected);
    expect(namesAgree(b, a)).toBe(expected);
  });
});

describe('isSamePlace', () => {
  it('joins agreeing names within 60 m, not beyond', () => {
    const a = kindergarten('Rebera', 0, 0);
    expect(isSamePlace(a, kindergarten('Rebera-Süd', 20, 0), 20)).toBe(true);
    expect(isSamePlace(a, kindergarten('Rebera', 80, 0), 80)).toBe(false);
    expect(isSamePlace(a, kindergarten('Sonnenschein', 5, 0), 5)).toBe(false);
  });

  it('joins an unnamed mapping only when one lies inside the other outline, at any distance', () => {
    const grounds = kindergarten(undefined, 0, 0);
    const entrance = kindergarten('Kita', 40, 0, { inside: [grounds.id] });
    expect(isSamePlace(entrance, grounds, 40)).toBe(true);
    expect(isSamePlace(grounds, entrance, 40)).toBe(true);
    expect(isSamePlace(kindergarten('Kita', 40, 0), grounds, 40)).toBe(false);
    expect(isSamePlace(kindergarten('Kita', 150, 0, { inside: [grounds.id] }), grounds, 150)).toBe(true);
    // Inside, but named differently: two places (a café in a building tagged as another café).
    expect(isSamePlace(kindergarten('Sonnenschein', 10, 0, { inside: [grounds.id] }), kindergarten('Rebera', 0, 0, { id: grounds.id }), 10)).toBe(false);
  });

  it('joins the same brand within 60 m whatever the names, and never joins different brands', () => {
    const starbucks = (name: string, north: number, extra: Partial<Poi> = {}): Poi => ({
      ...poi({ amenity: 'cafe', name }, north, 0),
      brand: 'Starbucks',
      ...extra,
    });
    expect(isSamePlace(starbucks('Starbucks', 0), starbucks('Starbucks Reserve', 30), 30)).toBe(true);
    expect(isSamePlace(starbucks('Starbucks', 0, { brandWikidata: 'Q37158' }), starbucks('Starbucks', 30, { brandWikidata: 'Q37158' }), 30)).toBe(true);
    expect(isSamePlace(starbucks('Starbucks', 0), starbucks('Starbucks', 90), 90)).toBe(false);
    const coop = { ...poi({ shop: 'convenience', name: 'Coop' }, 0, 0), brand: 'Coop' };
    const pronto = { ...poi({ shop: 'convenience', name: 'Coop Pronto' }, 10, 0), brand: 'Coop Pronto' };
    expect(isSamePlace(coop, pronto, 10)).toBe(false);
    expect(sameBrand(coop, pronto)).toBe(false);
    expect(sameBrand(coop, poi({ shop: 'convenience' }, 0, 0))).toBeNull();
  });
});

describe('groupSamePlaces', () => {
  it('joins a kindergarten mapped three times (grounds and two group entrances) into one place, and keeps the others apart', () => {
    const grounds = kindergarten('Rebera', 0, 0);
    const south = kindergarten('Rebera-Süd', -15, 10, { inside: [grounds.id] });
    const north = kindergarten('Rebera-Nord', 18, -5, { inside: [grounds.id] });
    const other = kindergarten('Sonnenschein', 30, 30);
    const far = kindergarten('Rebera', 500, 0);
    const groups = groupSamePlaces([south, other, grounds, far, north]);
    expect(ids(groups)).toEqual([[south.id, grounds.id, north.id], [other.id], [far.id]]);
  });

  it('finds every pair a scan over all pairs finds (single linkage)', () => {
    const names = ['Kita', 'Kita Sonne', 'Rebera', undefined];
    const pois = Array.from({ length: 60 }, (_, index) => kindergarten(names[index % names.length], ((index * 37) % 300) - 150, ((index * 53) % 260) - 130));
    const groups = groupSamePlaces(pois);
    const groupOf = new Map(groups.flatMap((group, at) => group.map((member) => [member, at] as const)));
    for (const a of pois) {
      for (const b of pois) {
        const metres = haversineMetres(a, b);
        if (a !== b && metres <= SAME_PLACE_METRES && isSamePlace(a, b, metres)) expect(groupOf.get(a)).toBe(groupOf.get(b));
      }
    }
    expect(groups.flat()).toHaveLength(pois.length);
  });
});
