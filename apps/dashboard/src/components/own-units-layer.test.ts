/** @vitest-environment happy-dom */
import type { Unit } from '@locscore/schema';
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { namedUnitsBounds, unitLetter, unitsInView } from './own-units-layer.js';

const unit = (id: string, lat: number, lng: number, territory: Unit['territory'] = null): Unit =>
  ({
    id,
    name: `Unit ${id}`,
    status: 'open',
    category: 'coffee',
    coordinates: { lat, lng },
    territory,
  }) as Unit;

/** A box of about 1.1 km around Vaduz. */
const box = L.latLngBounds([47.135, 9.515], [47.145, 9.525]);

describe('own units on a site map', () => {
  it('letters units A to Z, then AA, AB…', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(unitLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('keeps the units in or beside the box, nearest its centre first, and leaves out a unit in another country', () => {
    const units = [
      unit('beside', 47.14, 9.532),
      unit('far-east', 47.14, 9.54),
      unit('centre', 47.1401, 9.5201),
      unit('new-york', 40.73, -74.0),
      unit('edge', 47.146, 9.52),
    ];
    expect(unitsInView(units, box).map(({ letter, unit }) => `${letter} ${unit.id}`)).toEqual(['A centre', 'B edge', 'C beside']);
  });

  it('keeps a unit standing outside the view whose territory reaches into it', () => {
    const outside = unit('outside', 47.17, 9.52);
    expect(unitsInView([outside], box)).toEqual([]);
    const reaching = unit('reaching', 47.17, 9.52, { type: 'radius', metres: 3_000 });
    expect(unitsInView([reaching], box).map(({ unit }) => unit.id)).toEqual(['reaching']);
  });

  it('takes in the units a result names, and only those', () => {
    const units = [unit('named', 47.2, 9.6), unit('other', 40.73, -74.0)];
    const named = namedUnitsBounds(units, new Set(['named']));
    expect(named?.contains([47.2, 9.6])).toBe(true);
    expect(named?.contains([40.73, -74.0])).toBe(false);
    expect(namedUnitsBounds(units, new Set(['missing']))).toBeNull();
  });
});
