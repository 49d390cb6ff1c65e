import type { StreetSummary } from './layers.js';
import type { AddressPoint, Area, BusStop, CensusArea, InterpolationLine, LatLng, Place, Poi, PopulationPoint, Road, Station, Street } from './records.js';

/** The record each layer is built from, by layer name. */
export interface PackRecords {
  addresses: AddressPoint;
  streets: Street;
  streetLines: Street;
  interpolations: InterpolationLine;
  stations: Station;
  busStops: BusStop;
  pois: Poi;
  roads: Road;
  census: CensusArea;
  areas: Area;
  places: Place;
  population: PopulationPoint;
}

/** The record each layer gives back (`LoadedLayer.record`), by layer name: streets without lines, street lines alone. */
export interface PackRecordsRead extends Omit<PackRecords, 'streets' | 'streetLines'> {
  streets: StreetSummary;
  streetLines: LatLng[][];
}

/** Records of a region by layer, as the engine's `RegionData` holds them (streets feed both street layers). */
export type RegionRecords = {
  [K in Exclude<keyof PackRecords, 'streetLines'>]?: Iterable<PackRecords[K]>;
};
