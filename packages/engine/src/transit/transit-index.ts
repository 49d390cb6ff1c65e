import { type Neighbour, PointIndex } from '../places/point-index.js';
import type { BusStop, LatLng, Station } from '../region/types.js';
import { isRapidTransit } from './modes.js';

/** How far (metres) `nearestStation` looks for a rapid-transit station (docs/api.md: null beyond 5 km). */
export const STATION_SEARCH_METRES = 5_000;
/** Walking catchment of a bus stop, metres (transit planning's 400 m / 5-minute walk). */
export const BUS_STOP_CATCHMENT_METRES = 400;
/** Beyond this, a station adds nothing to the transit score: a 30-minute walk at 80 m/min (Walk Score). */
export const STATION_CATCHMENT_METRES = 2_400;

/** What the transit layers say about one point. */
export interface TransitAccess {
  /** Nearest rapid-transit station within {@link STATION_SEARCH_METRES}, with its distance rounded to whole metres. */
  nearest: { station: Station; distanceMetres: number } | null;
  /** Rapid-transit stations within {@link STATION_CATCHMENT_METRES}, nearest first (distances not rounded). */
  stations: Array<Neighbour<Station>>;
  /** Bus stops within {@link BUS_STOP_CATCHMENT_METRES}, nearest first. */
  busStops: Array<Neighbour<BusStop>>;
}

/**
 * Spatial indexes over a region's rapid-transit stations and bus stops, built
 * once per region. Stations that are not rapid transit (e.g. a GTFS parent
 * station served only by buses) are left out of the station index.
 */
export class TransitIndex {
  private readonly stations: PointIndex<Station>;
  private readonly busStops: PointIndex<BusStop>;

  /**
   * @param stations - the region's stations
   * @param busStops - the region's bus stops
   */
  constructor(stations: readonly Station[], busStops: readonly BusStop[]) {
    this.stations = new PointIndex(stations.filter(isRapidTransit));
    this.busStops = new PointIndex(busStops);
  }

  /**
   * Transit access at `point`.
   *
   * @param point - decimal degrees
   */
  access(point: LatLng): TransitAccess {
    const nearest = this.stations.nearest(point, STATION_SEARCH_METRES);
    return {
      nearest: nearest === null ? null : { station: nearest.item, distanceMetres: Math.round(nearest.distanceMetres) },
      stations: this.stations.within(point, STATION_CATCHMENT_METRES),
      busStops: this.busStops.within(point, BUS_STOP_CATCHMENT_METRES),
    };
  }
}
