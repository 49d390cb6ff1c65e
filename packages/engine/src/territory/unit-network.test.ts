import type { UnitTerritory } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../region/types.js';
import { circlePolygon, circleShape } from './shape.js';
import { type NetworkUnit, UnitNetwork } from './unit-network.js';

const centre = { lat: 40.7359, lng: -74.0036 };
const PER_LAT = 111_195;
const PER_LNG = PER_LAT * Math.cos((centre.lat * Math.PI) / 180);
const offset = (north: number, east: number): LatLng => ({ lat: centre.lat + north / PER_LAT, lng: centre.lng + east / PER_LNG });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function unit(n: number, at: LatLng, territory: UnitTerritory | null, extra: Partial<NetworkUnit> = {}): NetworkUnit {
  return { id: id(n), name: `Unit ${n}`, status: 'open', category: 'coffee', coordinates: at, brand: null, territory, ...extra };
}

const units = [
  unit(1, offset(0, 0), { type: 'radius', metres: 300 }),
  unit(2, offset(0, 500), { type: 'polygon', geometry: circlePolygon(offset(0, 500), 400) }, { status: 'planned' }),
  unit(3, offset(1_500, 0), null),
  unit(4, offset(100, 100), { type: 'radius', metres: 2_000 }, { category: 'gym-fitness' }),
];
const network = new UnitNetwork(units);

describe('UnitNetwork', () => {
  it('lists the units of the category whose territory holds a point, planned ones too, nearest first', () => {
    expect(network.encroached(offset(0, 250), 'coffee')).toEqual([
      { unitId: id(1), name: 'Unit 1', status: 'open', distanceMetres: 250, territoryType: 'radius' },
      { unitId: id(2), name: 'Unit 2', status: 'planned', distanceMetres: 250, territoryType: 'polygon' },
    ]);
    expect(network.encroached(offset(0, -350), 'coffee')).toEqual([]);
    expect(network.encroached(offset(1_500, 0), 'coffee')).toEqual([]);
    expect(network.encroached(offset(0, 0), 'gym-fitness').map((found) => found.unitId)).toEqual([id(4)]);
  });

  it('finds the nearest unit of the category and the units within a radius', () => {
    expect(network.nearest(offset(1_200, 0), 'coffee')).toEqual({ unitId: id(3), name: 'Unit 3', distanceMetres: 300 });
    expect(network.nearest(centre, 'pharmacy-health')).toBeNull();
    expect(network.within(centre, 'coffee', 600).map(({ unit }) => unit.id)).toEqual([id(1), id(2)]);
    expect(network.has('coffee') && !network.has('dry-cleaning')).toBe(true);
  });

  it('lists the units inside an area and the territories meeting a box', () => {
    expect(network.inside(circleShape(centre, 600), centre, 'coffee').map((found) => [found.unitId, found.distanceMetres])).toEqual([
      [id(1), 0],
      [id(2), 500],
    ]);
    expect(network.territoriesMeeting(circleShape(offset(0, 1_000), 50).bbox, 'coffee').map(({ unit }) => unit.id)).toEqual([]);
    expect(network.territoriesMeeting(circleShape(offset(0, 800), 50).bbox, 'coffee').map(({ unit }) => unit.id)).toEqual([id(2)]);
  });

  it('indexes 10,000 units and answers from the few near the point', () => {
    const many: NetworkUnit[] = [];
    for (let n = 0; n < 10_000; n++) many.push(unit(n, offset(Math.floor(n / 100) * 200, (n % 100) * 200), { type: 'radius', metres: 100 }));
    const large = new UnitNetwork(many);
    expect(large.size).toBe(10_000);
    expect(large.encroached(offset(1_000, 1_000), 'coffee').map((found) => found.unitId)).toEqual([id(505)]);
    expect(large.encroached(offset(1_100, 1_100), 'coffee')).toEqual([]);
    expect(large.nearest(offset(1_090, 1_010), 'coffee')?.unitId).toBe(id(505));
  });

  it('after changes, answers as a network built from scratch, keeping the others’ shapes and the network order', () => {
    const moved = unit(1, offset(1_500, 100), { type: 'radius', metres: 300 });
    const added = unit(5, offset(0, 250), { type: 'radius', metres: 100 }, { status: 'planned' });
    const changed = network.withChanges([moved, added], [id(2), id(99)]);
    const rebuilt = new UnitNetwork([moved, units[2] as NetworkUnit, units[3] as NetworkUnit, added]);
    expect([...changed.ids()]).toEqual([id(1), id(3), id(4), id(5)]);
    expect(changed.size).toBe(4);
    for (const point of [offset(0, 250), offset(1_500, 0), offset(0, 500), offset(100, 100)]) {
      for (const category of ['coffee', 'gym-fitness'] as const) {
        expect(changed.encroached(point, category)).toEqual(rebuilt.encroached(point, category));
        expect(changed.nearest(point, category)).toEqual(rebuilt.nearest(point, category));
        expect(changed.within(point, category, 2_000).map(({ unit }) => unit.id)).toEqual(rebuilt.within(point, category, 2_000).map(({ unit }) => unit.id));
      }
    }
    expect(network.size).toBe(4);
    expect(network.encroached(offset(0, 250), 'coffee').map((found) => found.unitId)).toEqual([id(1), id(2)]);
    const kept = (net: UnitNetwork) => net.territoriesMeeting(circleShape(offset(100, 100), 10).bbox, 'gym-fitness')[0]?.territory;
    expect(kept(changed)).toBe(kept(network));
  });
});
