import { randomUUID } from 'node:crypto';
import { RESERVED_VENUES_NOTE, ScoreTerritory, TerritoryCheckResult, type TerritoryGeometry, type UnitTerritory } from '@locscore/schema';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import * as shapefile from 'shapefile';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompetitorIndex } from '../src/places/competitor-index.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { LatLng, RegionData } from '../src/region/types.js';
import { checkTerritory } from '../src/territory/check-territory.js';
import { withoutOwnUnits } from '../src/territory/own-places.js';
import { resolveTerritory, territoryShape } from '../src/territory/resolve-territory.js';
import { scoreTerritory } from '../src/territory/score-territory.js';
import { circleShape, polygonShape } from '../src/territory/shape.js';
import { breachesTerritory, encroachmentInsight } from '../src/territory/territory-insight.js';
import { type TerritoryRegion, territoryRegion } from '../src/territory/territory-region.js';
import { type NetworkUnit, UnitNetwork } from '../src/territory/unit-network.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const pbf = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');
const shp = sharedFile('nyc-census/cb_2020_36_tract_500k/cb_2020_36_tract_500k.shp');
const table = sharedFile('nyc-census/demographics_ct.csv');

/** Residents of each population territory of the network. */
const POPULATION_TERRITORY = 1_500;
/** Units whose territory is a radius of 300 m; the tract-73 Starbucks gets its tract; the rest population territories. */
const RADIUS_UNITS = new Set(['Taïm', 'Think Coffee', 'Joe', 'Whole Green', 'Red Spoon', 'Cafe Condesa']);
/** Census tract 73 (Christopher St / Sheridan Sq), the polygon territory of the Starbucks mapped inside it. */
const TRACT_73 = '36061007300';
const TRACT_73_POINT = { lat: 40.734116, lng: -74.004106 };

/** The polygon of one census tract, from the Census Bureau's shapefile, as a territory's geometry. */
async function tractPolygon(geoid: string): Promise<TerritoryGeometry> {
  const { features } = await shapefile.read(shp ?? '', (shp ?? '').replace(/\.shp$/, '.dbf'));
  const tract = features.find((feature) => String(feature.properties?.GEOID) === geoid);
  if (tract === undefined) throw new Error(`tract ${geoid} not in the shapefile`);
  const ring = (positions: Position[]) => positions.map(([lng = 0, lat = 0]): [number, number] => [lng, lat]);
  const geometry = tract.geometry as Polygon | MultiPolygon;
  return geometry.type === 'Polygon'
    ? { type: 'Polygon', coordinates: geometry.coordinates.map(ring) }
    : { type: 'MultiPolygon', coordinates: geometry.coordinates.map((rings) => rings.map(ring)) };
}

describe.skipIf(pbf === null || shp === null || table === null)('territories of a network of real West Village cafés (OSM and 2020 census)', () => {
  let pack: RegionData;
  let region: TerritoryRegion;
  let units: NetworkUnit[];
  let network: UnitNetwork;
  const byName = (name: string) => units.find((unit) => unit.name === name) as NetworkUnit;

  beforeAll(async () => {
    // The census-joined pack the server's territory tests load too (same options, so one import per run).
    pack = await loadRegion(
      await sharedPack({
        osm: pbf ?? '',
        name: 'NYC West Village',
        censusBoundaries: shp ?? '',
        censusTable: table ?? '',
        censusJoin: 'GEOID=geoid',
        censusFields: { population: 'pop', households: 'occupied' },
      }),
    );
    region = territoryRegion(pack);
    const tract = await tractPolygon(TRACT_73);
    // Every named coffee place of the extract is one of the franchisor's units (a mapped place counted once).
    const places = region.competitors.search({ lat: 40.7365, lng: -74.003 }, 'coffee', 5_000).competitors.filter((found) => found.place.name !== null);
    units = places.map(({ place }) => {
      const site = { lat: place.lat, lng: place.lng };
      const inTract = place.brand === 'Starbucks' && polygonShape(tract).contains(site);
      let territory: UnitTerritory;
      if (inTract) territory = { type: 'polygon', geometry: tract };
      else if (RADIUS_UNITS.has(place.name ?? '')) territory = { type: 'radius', metres: 300 };
      else territory = resolveTerritory(site, { type: 'population', residents: POPULATION_TERRITORY }, region);
      return { id: randomUUID(), name: place.name ?? '', status: 'open', category: 'coffee', coordinates: site, brand: place.brand, territory };
    });
    network = new UnitNetwork(units);
  });

  it('builds the network from the 15 named cafés, with radius, polygon and population territories', () => {
    expect(units).toHaveLength(15);
    const types = units.map((unit) => unit.territory?.type);
    expect(types.filter((type) => type === 'radius')).toHaveLength(RADIUS_UNITS.size);
    expect(types.filter((type) => type === 'polygon')).toHaveLength(1);
    expect(types.filter((type) => type === 'population')).toHaveLength(15 - RADIUS_UNITS.size - 1);
  });

  it('resolves each population territory to a stable circle holding at least the residents asked, from the census layer', () => {
    for (const unit of units) {
      const territory = unit.territory;
      if (territory?.type !== 'population') continue;
      expect(territory.residentsInside).toBeGreaterThanOrEqual(POPULATION_TERRITORY);
      expect(territory.region).toBe('NYC West Village');
      // The pack's census layer puts 17,640 residents in about 1.2 × 0.7 km: 1,500 live within a few hundred metres.
      expect(territory.radiusMetres).toBeGreaterThan(50);
      expect(territory.radiusMetres).toBeLessThan(600);
      expect(region.residents.inside(circleShape(unit.coordinates, territory.radiusMetres)).residents).toBeGreaterThanOrEqual(POPULATION_TERRITORY);
      expect(resolveTerritory(unit.coordinates, { type: 'population', residents: POPULATION_TERRITORY }, region)).toEqual(territory);
    }
    expect(() => resolveTerritory(units[0]?.coordinates as LatLng, { type: 'population', residents: 50_000 }, region)).toThrow(
      /territory\.residents: region NYC West Village holds only 1764\d residents, fewer than the 50000 asked for/,
    );
  });

  it('finds a candidate 80 m east of Taïm inside Taïm’s 300 m territory, with overlap shares that add up', () => {
    const taim = byName('Taïm');
    // 80 m east (84,255 m a degree of longitude at 40.736° on the 6,371,008.8 m sphere), away from the Starbucks 150 m to the north.
    const site = { lat: taim.coordinates.lat, lng: taim.coordinates.lng + 80 / 84_255 };
    const result = ScoreTerritory.parse(scoreTerritory(region, network, site, 'coffee'));
    expect(result.encroaches).toContainEqual({ unitId: taim.id, name: 'Taïm', status: 'open', distanceMetres: 80, territoryType: 'radius' });
    expect(result.nearestUnit).toEqual({ unitId: taim.id, name: 'Taïm', distanceMetres: 80 });
    expect(breachesTerritory(result)).toBe(true);
    expect(encroachmentInsight(result.encroaches)?.detail).toMatch(/^Taïm \(open, 80 m away\) protects this site with its radius territory/);
    const candidateResidents = region.residents.inside(circleShape(site, 500)).residents;
    expect(result.overlap.length).toBeGreaterThan(5);
    for (const overlap of result.overlap) {
      const unit = units.find((found) => found.id === overlap.unitId) as NetworkUnit;
      const unitResidents = region.residents.inside(circleShape(unit.coordinates, 500)).residents;
      expect(overlap.sharedResidents).toBeLessThanOrEqual(Math.round(Math.min(candidateResidents, unitResidents)));
      expect(Math.abs(overlap.shareOfCandidate * candidateResidents - overlap.sharedResidents)).toBeLessThanOrEqual(2);
      expect(Math.abs(overlap.shareOfUnit * unitResidents - overlap.sharedResidents)).toBeLessThanOrEqual(2);
      expect(Math.abs(overlap.shareOfUnion * (candidateResidents + unitResidents - overlap.sharedResidents) - overlap.sharedResidents)).toBeLessThanOrEqual(2);
    }
    expect(result.overlap[0]?.unitId).toBe(taim.id);
  });

  it('finds a candidate in census tract 73 inside the Starbucks’ polygon territory', () => {
    const starbucks = units.find((unit) => unit.territory?.type === 'polygon') as NetworkUnit;
    const result = scoreTerritory(region, network, TRACT_73_POINT, 'coffee');
    expect(result.encroaches).toContainEqual(
      expect.objectContaining({
        unitId: starbucks.id,
        territoryType: 'polygon',
        distanceMetres: Math.round(haversineMetres(TRACT_73_POINT, starbucks.coordinates)),
      }),
    );
  });

  it('puts a candidate between Think Coffee and Joe in neither territory, yet taking demand from both', () => {
    const [think, joe] = [byName('Think Coffee'), byName('Joe')];
    const site = { lat: (think.coordinates.lat + joe.coordinates.lat) / 2, lng: (think.coordinates.lng + joe.coordinates.lng) / 2 };
    expect(haversineMetres(site, think.coordinates)).toBeGreaterThan(300);
    expect(haversineMetres(site, joe.coordinates)).toBeGreaterThan(300);
    const result = scoreTerritory(region, network, site, 'coffee');
    expect(result.encroaches.map((found) => found.unitId)).not.toContain(think.id);
    expect(result.encroaches.map((found) => found.unitId)).not.toContain(joe.id);
    expect(result.overlap.map((overlap) => overlap.unitId)).toEqual(expect.arrayContaining([think.id, joe.id]));
    const cannibalisation = result.cannibalisation;
    expect(cannibalisation?.units.map((lost) => lost.unitId)).toEqual(expect.arrayContaining([think.id, joe.id]));
    // Every coffee place of the extract but one unnamed café is a unit: nearly all captured demand comes from own units.
    expect(cannibalisation?.shareFromOwnUnits).toBeGreaterThan(0.8);
    expect(cannibalisation?.shareFromOwnUnits).toBeLessThanOrEqual(1);
    for (const lost of cannibalisation?.units ?? []) expect(lost.shareLost > 0 && lost.shareLost <= 1).toBe(true);
    const taken = (cannibalisation?.units ?? []).reduce((sum, lost) => sum + lost.residentsLost, 0);
    expect(taken / (cannibalisation?.capturedResidents ?? 1)).toBeCloseTo(cannibalisation?.shareFromOwnUnits ?? 0, 2);
  });

  it('leaves a candidate in Midtown, 4 km away, clear of every unit', () => {
    const site = { lat: 40.7705, lng: -73.9862 };
    const result = scoreTerritory(region, network, site, 'coffee');
    expect(result.encroaches).toEqual([]);
    expect(result.nearestUnit?.distanceMetres).toBeGreaterThan(3_500);
    expect(result.overlap).toEqual([]);
    expect(result.cannibalisation).toEqual({ capturedResidents: 0, shareFromOwnUnits: 0, units: [] });
  });

  it('never counts the units among the competitors: only the unnamed café is left', () => {
    const competitors = new CompetitorIndex(pack.pois).search({ lat: 40.7365, lng: -74.003 }, 'coffee', 5_000).competitors;
    expect(withoutOwnUnits(competitors, network, 'coffee').map((competitor) => competitor.poi.id)).toEqual(['n3041587933']);
  });

  it('checks a proposed 600 m territory at Sheridan Square: residents, overlaps, units inside and the hospitals it holds', () => {
    const site = { lat: 40.7334, lng: -74.0027 };
    const result = TerritoryCheckResult.parse(
      checkTerritory(region, network, {
        site,
        matchedAddress: null,
        category: 'coffee',
        territory: { type: 'radius', metres: 600 },
        minimumResidents: 20_000,
      }),
    );
    const shape = circleShape(site, 600);
    expect(result.residents).toBe(Math.round(region.residents.inside(shape).residents));
    expect(result.households).toBeGreaterThan(0);
    expect(result.meetsMinimum).toBe(false);
    expect(result.unitsInside.map((found) => found.name)).toEqual(expect.arrayContaining(['Joe', 'Whynot', 'Cafe Condesa']));
    expect(result.overlaps.length).toBeGreaterThan(5);
    for (const overlap of result.overlaps) {
      const unit = units.find((found) => found.id === overlap.unitId) as NetworkUnit;
      const unitResidents = region.residents.inside(territoryShape(unit.coordinates, unit.territory as UnitTerritory)).residents;
      expect(overlap.territoryType).toBe(unit.territory?.type);
      expect(overlap.sharedResidents).toBeLessThanOrEqual(Math.min(result.residents, Math.round(unitResidents)));
      expect(overlap.shareOfCandidate).toBeCloseTo(overlap.sharedResidents / result.residents, 3);
    }
    expect(result.reservedVenues.map((venue) => [venue.name, venue.kind])).toEqual([
      ['Northern Dispensary (historical)', 'hospital'],
      ["Edward and Theresa O'Toole Medical Services Building", 'hospital'],
    ]);
    expect(result.reservedVenuesNote).toBe(RESERVED_VENUES_NOTE);
  });

  it('checks a population territory of 5,000 residents: its circle, and a minimum it meets', () => {
    const site = { lat: 40.7359, lng: -74.0036 };
    const result = checkTerritory(region, network, {
      site,
      matchedAddress: null,
      category: 'coffee',
      territory: { type: 'population', residents: 5_000 },
      minimumResidents: 5_000,
    });
    expect(result.territory).toMatchObject({ type: 'population', residents: 5_000, region: 'NYC West Village' });
    expect(result.residents).toBeGreaterThanOrEqual(5_000);
    expect(result.meetsMinimum).toBe(true);
    expect(result.encroaches.length).toBeGreaterThan(0);
  });
});
