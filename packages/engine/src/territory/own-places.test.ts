import { describe, expect, it } from 'vitest';
import { CompetitorIndex } from '../places/competitor-index.js';
import type { LatLng, Poi } from '../region/types.js';
import { unitAsPoi, withoutOwnUnits } from './own-places.js';
import { type NetworkUnit, UnitNetwork } from './unit-network.js';

const centre = { lat: 40.7359, lng: -74.0036 };
const PER_LAT = 111_195;
const PER_LNG = PER_LAT * Math.cos((centre.lat * Math.PI) / 180);
const offset = (north: number, east: number): LatLng => ({ lat: centre.lat + north / PER_LAT, lng: centre.lng + east / PER_LNG });
const cafe = (id: string, name: string, at: LatLng, brand?: string): Poi => ({
  id,
  name,
  ...at,
  tags: { amenity: 'cafe', name, ...(brand === undefined ? {} : { brand }) },
  rating: null,
  ...(brand === undefined ? {} : { brand }),
});
const unit = (n: number, name: string, at: LatLng, brand: string | null = null): NetworkUnit => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  status: 'open',
  category: 'coffee',
  coordinates: at,
  brand,
  territory: null,
});

describe('withoutOwnUnits', () => {
  const cafes = [
    cafe('n1', 'Joe', offset(20, 0)),
    cafe('n2', 'Think Coffee', offset(0, 30)),
    cafe('n3', 'Starbucks', offset(-40, 0), 'Starbucks'),
    cafe('n4', 'Joe', offset(300, 0)),
  ];
  const { competitors } = new CompetitorIndex(cafes).search(centre, 'coffee', 1_000);

  it('drops the places that are the franchisor’s units: same name or brand within 60 m', () => {
    const network = new UnitNetwork([unit(1, 'Joe', centre), unit(2, 'Greenwich Ave', offset(-30, 0), 'Starbucks')]);
    expect(withoutOwnUnits(competitors, network, 'coffee').map((competitor) => competitor.poi.id)).toEqual(['n2', 'n4']);
  });

  it('keeps every place for a category without units', () => {
    const network = new UnitNetwork([{ ...unit(1, 'Joe', centre), category: 'gym-fitness' }]);
    expect(withoutOwnUnits(competitors, network, 'coffee')).toHaveLength(4);
  });

  it('shows a unit to the place rules as a POI with its name and brand', () => {
    expect(unitAsPoi(unit(3, 'Perry Street', centre, 'Joe'))).toMatchObject({
      name: 'Perry Street',
      brand: 'Joe',
      tags: { name: 'Perry Street', brand: 'Joe' },
    });
  });
});
