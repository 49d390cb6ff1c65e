import type { Area, CensusArea, LatLng, PopulationPoint, PopulationSummary } from '../region/types.js';
import type { CoveragePolygon } from './coverage-share.js';
import { type SpreadResult, spreadPopulation } from './dasymetric.js';
import { FLOOR_AREA_PER_RESIDENT_M2, floorAreaOf } from './floor-area.js';
import { osmPopulationZones } from './osm-zones.js';
import type { PopulatedPlace } from './populated-places.js';
import type { PopulationZone } from './population-zone.js';
import type { ResidentialBuilding } from './residential-buildings.js';

/** What {@link buildPopulation} reads. */
export interface PopulationSources {
  /** Census areas when a census was given (they take precedence over OSM), with a description of the files. */
  census: { zones: readonly PopulationZone[]; description: string } | null;
  /** The pack's administrative areas (for OSM `population=*`). */
  areas: readonly Area[];
  /** The extract's populated place nodes. */
  places: readonly PopulatedPlace[];
  /** The extract's dwellings (all of them: their tagged storeys set the defaults). */
  buildings: readonly ResidentialBuilding[];
  /** The pack's address points (inside the coverage). */
  addresses: readonly LatLng[];
  /** The pack's coverage. */
  coverage: CoveragePolygon;
}

/** The population layer of a pack. */
export interface PopulationLayer {
  points: PopulationPoint[];
  summary: PopulationSummary;
  /** The census areas with a share inside the pack (the pack's `census` layer); empty without a census. */
  censusAreas: CensusArea[];
  /** Place nodes counted inside a populated boundary (OSM method). */
  nestedPlaces: number;
}

/**
 * Builds a pack's population layer by dasymetric mapping
 * ({@link spreadPopulation}) from the best source there is: the census when
 * given; else OpenStreetMap `population=*` on administrative boundaries and
 * place nodes ({@link osmPopulationZones}), with dwellings no such area holds
 * estimated from floor area; else floor area alone (method `estimate`,
 * {@link FLOOR_AREA_PER_RESIDENT_M2} gross m² per resident).
 *
 * @param sources - census, OSM areas and places, dwellings, addresses, coverage
 * @returns the points, the manifest's summary, the census areas kept
 */
export function buildPopulation(sources: PopulationSources): PopulationLayer {
  const { coverage, addresses } = sources;
  const base = { buildings: sources.buildings, addresses, coverage, floorArea: floorAreaOf(sources.buildings) };
  if (sources.census !== null) {
    const spread = spreadPopulation({ ...base, zones: sources.census.zones });
    return { points: spread.points, summary: summarise('census', sources.census.description, spread), censusAreas: censusAreasOf(spread), nestedPlaces: 0 };
  }
  const osm = osmPopulationZones(sources.areas, sources.places);
  const spread = spreadPopulation({ ...base, zones: osm.zones, estimateUncovered: true });
  if (spread.stats.total > 0) {
    const description = `OpenStreetMap population=* of ${spread.stats.total} places and boundaries${spread.stats.estimatedResidents > 0 ? `; elsewhere residential floor area ÷ ${FLOOR_AREA_PER_RESIDENT_M2} m²` : ''}`;
    return { points: spread.points, summary: summarise('osm', description, spread), censusAreas: [], nestedPlaces: osm.nested.length };
  }
  const description = `OpenStreetMap residential buildings: floor area ÷ ${FLOOR_AREA_PER_RESIDENT_M2} m² per resident (no population source)`;
  return { points: spread.points, summary: summarise('estimate', description, spread), censusAreas: [], nestedPlaces: 0 };
}

function summarise(method: PopulationSummary['method'], source: string, { points, stats }: SpreadResult): PopulationSummary {
  let residents = 0;
  let households = 0;
  let withHouseholds = false;
  let income = false;
  for (const point of points) {
    residents += point.residents;
    if (point.households !== undefined) {
      households += point.households;
      withHouseholds = true;
    }
    if (point.income !== undefined) income = true;
  }
  const { estimatedResidents, ...areas } = stats;
  return {
    method,
    source,
    residents: Math.round(residents),
    households: withHouseholds ? Math.round(households) : null,
    income,
    estimatedResidents: Math.round(estimatedResidents),
    areas,
  };
}

function censusAreasOf({ shares }: SpreadResult): CensusArea[] {
  const areas: CensusArea[] = [];
  for (const [zone, share] of shares) {
    const area: CensusArea = { id: zone.id, name: zone.name, lat: zone.point.lat, lng: zone.point.lng, population: zone.population };
    if (zone.households !== undefined) area.households = zone.households;
    if (zone.income !== undefined) area.medianHouseholdIncome = zone.income;
    if (zone.landAreaKm2 !== undefined) area.landAreaKm2 = zone.landAreaKm2;
    if (share < 1) area.shareInside = Math.round(share * 1e6) / 1e6;
    areas.push(area);
  }
  return areas;
}
