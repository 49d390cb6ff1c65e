import { area } from '@turf/area';
import type { MultiPolygon, Polygon } from 'geojson';
import { PointIndex } from '../places/point-index.js';
import { AreaIndex } from '../region/area-index.js';
import type { LatLng, PopulationPoint } from '../region/types.js';
import type { CoverageShare } from './coverage-share.js';
import { FLOOR_AREA_PER_RESIDENT_M2 } from './floor-area.js';
import { splitInHundredths } from './hundredths.js';
import type { PopulationZone } from './population-zone.js';
import type { ResidentialBuilding } from './residential-buildings.js';

/** The pack's coverage as the spread needs it. */
export interface SpreadCoverage {
  /** Whether a point is inside the coverage. */
  contains(point: LatLng): boolean;
  /** The share of a polygon inside the coverage (`CoveragePolygon.shareOf`). */
  shareOf(geometry: Polygon | MultiPolygon): CoverageShare;
}

/** Inputs of {@link spreadPopulation}. */
export interface SpreadInput {
  /** The areas with their populations (polygons and points; polygons may nest, e.g. a country holding municipalities). */
  zones: readonly PopulationZone[];
  /** Dwellings (those outside the coverage are left out here, tested only where an area is cut by its edge). */
  buildings: readonly ResidentialBuilding[];
  /** Address points inside the coverage: where an area without dwellings puts its residents. */
  addresses: readonly LatLng[];
  coverage: SpreadCoverage;
  /** Gross floor area of a dwelling, m² (`floorAreaOf`). */
  floorArea: (building: ResidentialBuilding) => number;
  /**
   * Give dwellings that no area holds residents from their floor area
   * ({@link FLOOR_AREA_PER_RESIDENT_M2}); used where OSM gives population for
   * some places only. Default false: a census leaves them empty (piers, parks).
   */
  estimateUncovered?: boolean;
}

/** Counts of how the areas were spread, for the manifest's summary. */
export interface SpreadStats {
  /** Areas with a share inside the coverage. */
  total: number;
  overBuildings: number;
  overAddresses: number;
  atPoint: number;
  /** Areas partly outside the coverage (share below 1). */
  cutByEdge: number;
  /** Residents given to dwellings no area holds (`estimateUncovered`). */
  estimatedResidents: number;
}

/** The population layer and how it was made. */
export interface SpreadResult {
  points: PopulationPoint[];
  stats: SpreadStats;
  /** The share inside the coverage of every area with one (areas wholly outside are absent). */
  shares: Map<PopulationZone, number>;
}

/** Farthest a point area reaches when it sets no `reachMetres`: any dwelling of the pack. */
const UNLIMITED_METRES = 20_037_509;

interface Dwellings {
  buildings: ResidentialBuilding[];
  addresses: LatLng[];
}

type PolygonZone = PopulationZone & { geometry: Polygon | MultiPolygon };

/**
 * Dasymetric mapping: spreads each area's residents and households over the
 * dwellings inside it, in proportion to their gross floor area; an area
 * without dwellings spreads them equally over its address points, and one
 * without either puts them at its own point. A dwelling belongs to the
 * innermost polygon area holding it, else to the nearest point area within
 * that area's reach. A polygon area that holds smaller ones spreads only what
 * they leave (its population less theirs, at least 0). An area cut by the
 * coverage's edge keeps the share of its land inside it (areal weighting).
 * Each area's part is split in hundredths so that it is kept exactly.
 *
 * @param input - areas, dwellings, address points, coverage
 * @returns the population points (none with zero residents and households), stats and shares
 */
export function spreadPopulation(input: SpreadInput): SpreadResult {
  const polygons = input.zones.filter((zone): zone is PolygonZone => zone.geometry !== null);
  const polygonIndex = new AreaIndex(polygons);
  const pointZones = input.zones.filter((zone) => zone.geometry === null);
  const pointIndex = pointZones.length === 0 ? null : new PointIndex(pointZones.map((zone) => ({ ...zone.point, zone })));
  const zoneOf = (point: LatLng): PopulationZone | null => {
    const inner = polygonIndex.innermost(point);
    if (inner !== null) return inner;
    const nearest = pointIndex?.nearest(point, UNLIMITED_METRES) ?? null;
    return nearest !== null && nearest.distanceMetres <= (nearest.item.zone.reachMetres ?? UNLIMITED_METRES) ? nearest.item.zone : null;
  };
  const dwellings = new Map<PopulationZone, Dwellings>(input.zones.map((zone) => [zone, { buildings: [], addresses: [] }]));
  const uncovered: ResidentialBuilding[] = [];
  for (const building of input.buildings) {
    const zone = zoneOf(building);
    if (zone !== null) dwellings.get(zone)?.buildings.push(building);
    else if (input.estimateUncovered === true && input.coverage.contains(building)) uncovered.push(building);
  }
  for (const address of input.addresses) {
    const zone = zoneOf(address);
    if (zone !== null) dwellings.get(zone)?.addresses.push(address);
  }
  const own = ownTotals(polygons, polygonIndex);
  const stats: SpreadStats = { total: 0, overBuildings: 0, overAddresses: 0, atPoint: 0, cutByEdge: 0, estimatedResidents: 0 };
  const shares = new Map<PopulationZone, number>();
  const points: PopulationPoint[] = [];
  for (const zone of input.zones) {
    const { share, inside } = zone.geometry === null ? pointShare(zone, input.coverage) : input.coverage.shareOf(zone.geometry);
    if (share === 0 || inside === null) continue;
    shares.set(zone, share);
    stats.total++;
    if (share < 1) stats.cutByEdge++;
    const totals = own.get(zone) ?? zone;
    const found = dwellings.get(zone) ?? { buildings: [], addresses: [] };
    // Dwellings of an area wholly inside are inside; those of a cut or point area are tested.
    if (share < 1 || zone.geometry === null) found.buildings = found.buildings.filter((building) => input.coverage.contains(building));
    const at = input.coverage.contains(zone.point) ? zone.point : inside;
    if (totals.population === 0 && !((totals.households ?? 0) > 0)) continue;
    const spread = spreadZone(zone, { population: totals.population * share, households: scaled(totals.households, share) }, found, at, input.floorArea);
    stats[spread.over]++;
    points.push(...spread.points);
  }
  for (const building of uncovered) {
    const residents = Math.round((input.floorArea(building) / FLOOR_AREA_PER_RESIDENT_M2) * 100) / 100;
    if (residents <= 0) continue;
    stats.estimatedResidents += residents;
    points.push({ lat: building.lat, lng: building.lng, residents });
  }
  return { points, stats, shares };
}

const scaled = (value: number | undefined, share: number): number | undefined => (value === undefined ? undefined : value * share);

/** A point area is wholly in the pack when its point is inside the coverage, else not at all. */
function pointShare(zone: PopulationZone, coverage: SpreadCoverage): CoverageShare {
  return coverage.contains(zone.point) ? { share: 1, inside: zone.point } : { share: 0, inside: null };
}

/**
 * What each polygon area spreads itself: its population (and households)
 * less those of the areas directly inside it (those whose point it holds and
 * that are smaller), at least 0.
 */
function ownTotals(polygons: readonly PolygonZone[], index: AreaIndex<PolygonZone>): Map<PopulationZone, { population: number; households?: number }> {
  const sizes = new Map<PopulationZone, number>(polygons.map((zone) => [zone, area(zone.geometry)]));
  const children = new Map<PopulationZone, PolygonZone[]>();
  for (const zone of polygons) {
    const size = sizes.get(zone) ?? 0;
    const parent = index.containing(zone.point, (other) => other !== zone && (sizes.get(other) ?? 0) > size)[0];
    if (parent === undefined) continue;
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [zone]);
    else list.push(zone);
  }
  const own = new Map<PopulationZone, { population: number; households?: number }>();
  for (const [parent, inner] of children) {
    const population = Math.max(0, parent.population - inner.reduce((sum, zone) => sum + zone.population, 0));
    const known = parent.households !== undefined && inner.every((zone) => zone.households !== undefined);
    const households = known ? Math.max(0, (parent.households ?? 0) - inner.reduce((sum, zone) => sum + (zone.households ?? 0), 0)) : undefined;
    own.set(parent, households === undefined ? { population } : { population, households });
  }
  return own;
}

/** Spreads one area's part over its dwellings, else its address points, else its point. */
function spreadZone(
  zone: PopulationZone,
  totals: { population: number; households: number | undefined },
  found: Dwellings,
  at: LatLng,
  floorArea: (building: ResidentialBuilding) => number,
): { points: PopulationPoint[]; over: 'overBuildings' | 'overAddresses' | 'atPoint' } {
  const over = found.buildings.length > 0 ? 'overBuildings' : found.addresses.length > 0 ? 'overAddresses' : 'atPoint';
  const places: LatLng[] = over === 'overBuildings' ? found.buildings : over === 'overAddresses' ? found.addresses : [at];
  const weights = over === 'overBuildings' ? found.buildings.map(floorArea) : places.map(() => 1);
  const residents = splitInHundredths(totals.population, weights);
  const households = totals.households === undefined ? null : splitInHundredths(totals.households, weights);
  const points: PopulationPoint[] = [];
  places.forEach((place, index) => {
    const point: PopulationPoint = { lat: place.lat, lng: place.lng, residents: residents[index] ?? 0, area: zone.id };
    if (households !== null) point.households = households[index] ?? 0;
    if (zone.income !== undefined) point.income = zone.income;
    if (point.residents > 0 || (point.households ?? 0) > 0) points.push(point);
  });
  return { points, over };
}
