import { describe, expect, it } from 'vitest';
import type { Place } from '../region/types.js';
import { districtTown, PlaceNames } from './localities.js';

describe('districtTown', () => {
  it.each([
    ['København N', 'København'],
    ['København SV', 'København'],
    ['Frederiksberg C', 'Frederiksberg'],
    ['Praha 9', 'Praha'],
    ['Wien 10.', 'Wien'],
  ])('%s is in %s', (name, town) => {
    expect(districtTown(name)).toBe(town);
  });

  it.each(['Vaduz', 'New York', 'Saint-Jean-sur-Richelieu', 'Buchs'])('%s has no district', (name) => {
    expect(districtTown(name)).toBeNull();
  });
});

describe('PlaceNames', () => {
  const places: Place[] = [
    { id: 'n1', name: 'København', altNames: ['Copenhagen', 'Kopenhagen'], kind: 'city', lat: 55.6867, lng: 12.5701 },
    { id: 'n2', name: 'Vesterbro', kind: 'suburb', lat: 55.6681, lng: 12.5591 },
    { id: 'n3', name: 'Nørrebro', kind: 'suburb', lat: 55.6959, lng: 12.545 },
  ];
  const names = new PlaceNames(places, [], () => undefined);

  it('knows a place by all its names', () => {
    expect([...names.aliasesOf('kobenhavn')].sort()).toEqual(['copenhagen', 'kopenhagen']);
    expect([...names.aliasesOf('copenhagen')]).toContain('kobenhavn');
  });

  it('puts an address in the nearest suburb, and in the nearest city only when nothing else names its town', () => {
    expect(names.namesAt({ lat: 55.67, lng: 12.56 }, undefined, true)).toEqual(['Vesterbro']);
    expect(names.namesAt({ lat: 55.67, lng: 12.56 }, undefined, false)).toEqual(['Vesterbro', 'København']);
    expect(names.namesAt({ lat: 56.5, lng: 12.56 }, undefined, false)).toEqual([]);
  });
});
