import { describe, expect, it } from 'vitest';
import type { AddressPoint, BBox } from '../region/types.js';
import { addressLabel } from './address-label.js';
import { candidateSites, DEDUPE_METRES, MIN_ADDRESS_CANDIDATES } from './candidate-sites.js';

const BOX: BBox = [9.4, 47.0, 9.7, 47.3];

/** `count` addresses on one street, `stepMetres` apart northwards from 47.1° N. */
function street(count: number, stepMetres: number, name = 'Landstrasse'): AddressPoint[] {
  return Array.from({ length: count }, (_, index) => ({
    lat: 47.1 + (index * stepMetres) / 111_195,
    lng: 9.52,
    housenumber: String(index + 1),
    street: name,
    postcode: '9490',
    city: 'Vaduz',
    osmId: `n${index}`,
  }));
}

describe('candidateSites', () => {
  it('keeps one address per 100 m cell, the first in pack order, with its label', () => {
    const addresses = street(2_000, 10);
    const set = candidateSites(addresses, BOX);
    expect(set.kind).toBe('address');
    expect(set.dedupeMetres).toBe(DEDUPE_METRES);
    // 20 km of street, a point every 10 m, in 100 m cells: 200 cells (201 with a partial one).
    expect(set.sites.length).toBeGreaterThanOrEqual(200);
    expect(set.sites.length).toBeLessThanOrEqual(201);
    expect(set.sites[0]).toEqual({ lat: addresses[0]?.lat, lng: 9.52, label: 'Landstrasse 1, 9490 Vaduz' });
  });

  it('doubles the cell until the candidates fit the bound', () => {
    const set = candidateSites(street(2_000, 10), BOX, 150);
    expect(set.dedupeMetres).toBe(2 * DEDUPE_METRES);
    expect(set.sites.length).toBeLessThanOrEqual(150);
    expect(set.sites.length).toBeGreaterThanOrEqual(100);
  });

  it('leaves out addresses outside the covered box and addresses written the same at several points', () => {
    const inside = street(300, 50);
    const outside = street(300, 50).map((address) => ({ ...address, lng: 10.5, street: 'Elsewhere' }));
    const twin = { ...(inside[0] as AddressPoint), lat: 47.0999 };
    const set = candidateSites([twin, ...inside, ...outside], BOX);
    expect(set.sites.every((site) => site.lng === 9.52)).toBe(true);
    expect(set.sites.map((site) => site.label)).not.toContain('Landstrasse 1, 9490 Vaduz');
  });

  it('scores grid cells over the covered box when the pack has too few addresses', () => {
    const set = candidateSites(street(MIN_ADDRESS_CANDIDATES - 1, 200), [9.5, 47.1, 9.52, 47.12], 1_000);
    expect(set.kind).toBe('cell');
    expect(set.sites.every((site) => site.label === null)).toBe(true);
    expect(set.sites.length).toBeLessThanOrEqual(1_000);
    expect(set.sites.length).toBeGreaterThan(100);
    expect(() => candidateSites([], BOX, 0)).toThrow(/maxCandidates must be a whole number >= 1/);
  });
});

describe('addressLabel', () => {
  const base = { lat: 0, lng: 0, osmId: 'n1', housenumber: '38', street: 'Städtle' };
  it('writes a continental address street first and a North American one number first', () => {
    expect(addressLabel({ ...base, postcode: '9490', city: 'Vaduz' })).toBe('Städtle 38, 9490 Vaduz');
    expect(addressLabel({ ...base, housenumber: '55', street: 'Perry Street', city: 'New York', state: 'NY', postcode: '10014' })).toBe(
      '55 Perry Street, New York, NY 10014',
    );
    expect(addressLabel({ ...base, housenumber: '1', street: 'Rue Sherbrooke', city: 'Montréal', postcode: 'H3A 1B1' })).toBe(
      '1 Rue Sherbrooke, Montréal, H3A 1B1',
    );
    expect(addressLabel(base)).toBe('Städtle 38');
  });
});
