import { describe, expect, it } from 'vitest';
import { ORIGIN, poi } from '../../test/synthetic-region.js';
import { CompetitorIndex } from './competitor-index.js';

describe('CompetitorIndex', () => {
  const pois = [
    poi({ amenity: 'cafe', name: 'Far Café' }, 450, 0, 4.5),
    poi({ amenity: 'cafe', brand: 'Starbucks' }, 0, 120, 3.5),
    poi({ amenity: 'cafe' }, -200, 0),
    poi({ amenity: 'cafe', name: 'Outside' }, 0, 900, 5),
    poi({ shop: 'hairdresser', name: 'Salon' }, 10, 10),
  ];
  const index = new CompetitorIndex(pois);

  it('lists competitors of the category within its radius, nearest first, with name fallbacks', () => {
    const search = index.search(ORIGIN, 'coffee');
    expect(search.radiusMetres).toBe(500);
    expect(search.count).toBe(3);
    expect(search.competitors.map(({ name }) => name)).toEqual(['Starbucks', 'Unnamed coffee', 'Far Café']);
    expect(search.competitors.map(({ rating }) => rating)).toEqual([3.5, null, 4.5]);
    expect(search.averageRating).toBe(4);
    expect(Math.round(search.competitors[0]?.distanceMetres ?? 0)).toBe(120);
  });

  it('gives a null average when no competitor is rated, and finds the nearest beyond the radius', () => {
    const search = index.search(ORIGIN, 'beauty-salon');
    expect(search.count).toBe(1);
    expect(search.averageRating).toBeNull();
    expect(index.search(ORIGIN, 'gym-fitness')).toMatchObject({ count: 0, competitors: [], averageRating: null });
    expect(index.nearest(ORIGIN, 'coffee', 10_000)?.name).toBe('Starbucks');
    expect(index.total('coffee')).toBe(4);
  });
});
