import { randomUUID } from 'node:crypto';
import { RESERVED_VENUES_NOTE } from '@locscore/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegion } from '../src/region/pack-read.js';
import { checkTerritory } from '../src/territory/check-territory.js';
import { type TerritoryRegion, territoryRegion } from '../src/territory/territory-region.js';
import { UnitNetwork } from '../src/territory/unit-network.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');

/** Städtle, Vaduz's main street. */
const VADUZ = { lat: 47.1399, lng: 9.5209 };
/** Downtown Prattville, Alabama: the extract's few US TIGER objects (Nominatim's test data) are around it. */
const PRATTVILLE = { lat: 32.46, lng: -86.45 };

describe.skipIf(pbf === null)('reserved venues and population territories of the Liechtenstein pack (real OSM data)', () => {
  let region: TerritoryRegion;
  const empty = new UnitNetwork([]);

  beforeAll(async () => {
    region = territoryRegion(await loadRegion(await sharedPack({ osm: pbf ?? '', name: 'Liechtenstein' })));
  });

  it('finds the hospital, the stadium, the university and the mall of a 2 km territory in Vaduz by name', () => {
    const result = checkTerritory(region, empty, {
      site: VADUZ,
      matchedAddress: 'Städtle 38, 9490 Vaduz',
      category: 'coffee',
      territory: { type: 'radius', metres: 2_000 },
    });
    expect(result.reservedVenues.map((venue) => [venue.name, venue.kind, venue.osmTag])).toEqual([
      ['Liechtensteinisches Landesspital', 'hospital', 'amenity=hospital'],
      ['Rheinparkstadion', 'stadium', 'leisure=stadium'],
      ['Universität Liechtenstein', 'university', 'amenity=university'],
      ['Mehrzweckhalle', 'university', 'amenity=university'],
      ['Mühleholzmarkt', 'mall', 'shop=mall'],
    ]);
    expect(result.reservedVenues.map((venue) => venue.osmId)).toEqual(['w486420157', 'w485595838', 'w484271148', 'w29598457', 'w391993147']);
    expect(result.reservedVenuesNote).toBe(RESERVED_VENUES_NOTE);
    expect(result.residents).toBeGreaterThan(0);
  });

  it('holds no reserved venue in a 300 m territory on Städtle, and says nothing of exclusivity', () => {
    const result = checkTerritory(region, empty, { site: VADUZ, matchedAddress: null, category: 'coffee', territory: { type: 'radius', metres: 300 } });
    expect(result.reservedVenues).toEqual([]);
    expect(result.reservedVenuesNote).toBeNull();
  });

  it('keeps the airport of the US objects, mapped as aeroway=aerodrome', () => {
    const result = checkTerritory(region, empty, { site: PRATTVILLE, matchedAddress: null, category: 'coffee', territory: { type: 'radius', metres: 10_000 } });
    expect(result.reservedVenues.map((venue) => [venue.name, venue.kind])).toEqual([
      ['Prattville Baptist Hospital', 'hospital'],
      ['Stanley-Jensen Stadium', 'stadium'],
      ['Prattville Airport', 'aerodrome'],
    ]);
  });

  it('resolves a population territory of 10,000 residents around Vaduz from the OSM population layer, and meets its minimum', () => {
    const network = new UnitNetwork([
      {
        id: randomUUID(),
        name: 'Schaan',
        status: 'planned',
        category: 'coffee',
        coordinates: { lat: 47.1651, lng: 9.5094 },
        brand: null,
        territory: { type: 'radius', metres: 1_500 },
      },
    ]);
    const result = checkTerritory(region, network, {
      site: VADUZ,
      matchedAddress: null,
      category: 'coffee',
      territory: { type: 'population', residents: 10_000 },
      minimumResidents: 10_000,
    });
    expect(result.territory).toMatchObject({ type: 'population', residents: 10_000, region: 'Liechtenstein' });
    expect(result.residents).toBeGreaterThanOrEqual(10_000);
    expect(result.meetsMinimum).toBe(true);
    // Vaduz holds about 5,700 residents: the circle (about 2.9 km) reaches the territory of the planned unit in Schaan, 2.9 km north.
    expect(result.overlaps).toHaveLength(1);
    const [overlap] = result.overlaps;
    expect(overlap).toMatchObject({ name: 'Schaan', status: 'planned', territoryType: 'radius' });
    expect(overlap?.sharedResidents).toBeLessThanOrEqual(result.residents);
    expect(overlap?.shareOfCandidate).toBeCloseTo((overlap?.sharedResidents ?? 0) / result.residents, 3);
  });
});
