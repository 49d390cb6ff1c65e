import { ResidentialBuildingCollector } from '../population/building-collect.js';
import { type PopulatedPlace, populatedPlaceOf } from '../population/populated-places.js';
import type { ResidentialBuilding } from '../population/residential-buildings.js';
import { AreaCollector, type SkippedArea } from './area-collect.js';
import { CoordinateIndex } from './coordinate-index.js';
import { meanPoint, wayCentroid } from './geometry.js';
import { addressDetails } from './osm-address.js';
import type { OsmElement, OsmRelation, OsmTags, OsmWay } from './osm-elements.js';
import { otherNames } from './osm-names.js';
import { OsmStopCollector } from './osm-stops.js';
import { isNamedStreet, isOsmStation, isPoi, keptPoiTags, majorRoadClass, osmStationModes } from './osm-tags.js';
import { PoiOutlines } from './poi-outlines.js';
import type { StopObject } from './station-merge.js';
import { groupStreets, type StreetLine } from './street-grouping.js';
import type { AddressPoint, Area, InterpolationLine, LatLng, Place, Poi, Road, Station, Street } from './types.js';
import { PLACE_KINDS, type PlaceKind } from './types.js';
import { WayNodes } from './way-nodes.js';

/** The layers read from one OSM extract. */
export interface OsmLayers {
  addresses: AddressPoint[];
  streets: Street[];
  interpolations: InterpolationLine[];
  stations: Station[];
  /** Bus-stop objects (platforms, then stop positions), before the objects of one stop are merged. */
  busStops: StopObject[];
  pois: Poi[];
  roads: Road[];
  areas: Area[];
  /** Area relations whose rings could not be assembled from the extract. */
  skippedAreas: SkippedArea[];
  /** Dwellings (residential building ways) for the population layer. */
  buildings: ResidentialBuilding[];
  /** `place=*` nodes with `population=*`. */
  places: PopulatedPlace[];
  /** Named `place=*` nodes of the kinds in {@link PLACE_KINDS}, for the geocoder's localities. */
  localities: Place[];
}

/** Element counts seen while reading, for progress events. */
export interface OsmCounts {
  nodes: number;
  ways: number;
  relations: number;
}

interface AddressNodeInfo {
  housenumber: string;
  street?: string;
  city?: string;
}

/**
 * Builds the pack's OSM layers from a stream of elements in file order. Node
 * coordinates go to a {@link CoordinateIndex}, way centroids to another (for
 * multipolygon relations), every way's node list to {@link WayNodes} (for
 * boundary relations, assembled into areas at the end); everything else kept
 * is pack data.
 *
 * Usage: call {@link OsmCollector.add} for each element, then {@link OsmCollector.finish}.
 */
export class OsmCollector {
  /** Elements seen so far. */
  readonly counts: OsmCounts = { nodes: 0, ways: 0, relations: 0 };
  private readonly nodes = new CoordinateIndex();
  private readonly wayCentres = new CoordinateIndex();
  private readonly wayNodes = new WayNodes();
  private readonly areas = new AreaCollector();
  private readonly addressNodes = new Map<number, AddressNodeInfo>();
  private readonly addresses: AddressPoint[] = [];
  private readonly streetLines: StreetLine[] = [];
  private readonly interpolations: InterpolationLine[] = [];
  private readonly stations: Station[] = [];
  private readonly busStops = new OsmStopCollector();
  private readonly pois: Poi[] = [];
  private readonly roads: Road[] = [];
  private readonly buildings = new ResidentialBuildingCollector();
  private readonly places: PopulatedPlace[] = [];
  private readonly localities: Place[] = [];
  private readonly poiOutlines = new PoiOutlines();

  /**
   * Reads one element.
   *
   * @param element - node, way or relation
   */
  add(element: OsmElement): void {
    switch (element.type) {
      case 'node':
        this.counts.nodes++;
        if (!Number.isFinite(element.lat) || !Number.isFinite(element.lng)) return;
        this.nodes.add(element.id, element.lat, element.lng);
        if (hasAnyTag(element.tags)) this.addFeature(`n${element.id}`, element.tags, { lat: element.lat, lng: element.lng }, element.id);
        this.addPlace(`n${element.id}`, element.tags, { lat: element.lat, lng: element.lng });
        return;
      case 'way':
        this.counts.ways++;
        this.addWay(element);
        return;
      case 'relation':
        this.counts.relations++;
        this.addRelation(element);
        return;
    }
  }

  /**
   * The collected layers, with streets grouped by name and municipality, and
   * each POI's `inside` (the POI outlines holding it, {@link PoiOutlines}).
   *
   * @returns the OSM layers of the pack
   */
  finish(): OsmLayers {
    const { areas, skipped } = this.areas.finish(this.wayNodes, this.nodes);
    this.poiOutlines.assign(this.pois);
    return {
      addresses: this.addresses,
      streets: groupStreets(this.streetLines, this.addresses),
      interpolations: this.interpolations,
      stations: this.stations,
      busStops: this.busStops.finish(),
      pois: this.pois,
      roads: this.roads,
      areas,
      skippedAreas: skipped,
      buildings: this.buildings.finish(),
      places: this.places,
      localities: this.localities,
    };
  }

  private addPlace(id: string, tags: OsmTags, at: LatLng): void {
    const place = populatedPlaceOf(id, tags, at);
    if (place !== null) this.places.push(place);
    const kind = tags.place;
    const name = tags.name?.trim();
    if (kind === undefined || name === undefined || name === '' || !(PLACE_KINDS as readonly string[]).includes(kind)) return;
    const locality: Place = { id, name, kind: kind as PlaceKind, lat: at.lat, lng: at.lng };
    const others = otherNames(tags);
    if (others.length > 0) locality.altNames = others;
    this.localities.push(locality);
  }

  private addWay(way: OsmWay): void {
    this.wayNodes.add(way.id, way.refs);
    const points: LatLng[] = [];
    for (const ref of way.refs) {
      const point = this.nodes.get(ref);
      if (point !== null) points.push(point);
    }
    const centre = wayCentroid(points);
    if (centre === null) return;
    this.wayCentres.add(way.id, centre.lat, centre.lng);
    const tags = way.tags;
    if (!hasAnyTag(tags)) return;
    this.addFeature(`w${way.id}`, tags, centre, null);
    this.buildings.offerWay(tags, points, centre);
    if (isPoi(tags)) this.poiOutlines.add(`w${way.id}`, points);
    if (points.length >= 2) {
      if (isNamedStreet(tags)) this.streetLines.push({ name: (tags.name ?? '').trim(), altNames: otherNames(tags), line: points });
      const roadClass = majorRoadClass(tags.highway);
      if (roadClass !== null) this.roads.push({ id: `w${way.id}`, name: tags.name ?? tags.ref ?? null, class: roadClass, points });
      if (tags['addr:interpolation'] !== undefined) this.addInterpolation(way, points);
    }
  }

  private addInterpolation(way: OsmWay, points: LatLng[]): void {
    const numbers: Array<number | null> = [];
    let street = way.tags['addr:street'];
    let city = way.tags['addr:city'];
    for (const ref of way.refs) {
      if (this.nodes.get(ref) === null) continue;
      const info = this.addressNodes.get(ref);
      const parsed = info === undefined ? Number.NaN : Number.parseInt(info.housenumber, 10);
      numbers.push(Number.isFinite(parsed) ? parsed : null);
      street ??= info?.street;
      city ??= info?.city;
    }
    if (street === undefined || street.trim() === '') return;
    const line: InterpolationLine = { street, interpolation: way.tags['addr:interpolation'] ?? 'all', points, numbers };
    if (city !== undefined) line.city = city;
    this.interpolations.push(line);
  }

  private addRelation(relation: OsmRelation): void {
    this.areas.offer(relation);
    this.busStops.offerRelation(relation);
    if (relation.tags.type !== 'multipolygon' || !hasAnyTag(relation.tags)) return;
    const centres: LatLng[] = [];
    for (const member of relation.members) {
      if (member.type !== 'way' || (member.role !== 'outer' && member.role !== '')) continue;
      const centre = this.wayCentres.get(member.ref);
      if (centre !== null) centres.push(centre);
    }
    const centre = meanPoint(centres);
    if (centre !== null) this.addFeature(`r${relation.id}`, relation.tags, centre, null);
  }

  /** Address, station, bus stop and POI tests shared by nodes, ways and relations. */
  private addFeature(osmId: string, tags: OsmTags, at: LatLng, nodeId: number | null): void {
    const housenumber = housenumberOf(tags);
    if (housenumber !== undefined && housenumber !== '') {
      const street = (tags['addr:street'] ?? tags['addr:place'])?.trim();
      if (nodeId !== null) {
        const info: AddressNodeInfo = { housenumber };
        if (street !== undefined) info.street = street;
        if (tags['addr:city'] !== undefined) info.city = tags['addr:city'];
        this.addressNodes.set(nodeId, info);
      }
      if (street !== undefined && street !== '') {
        const address: AddressPoint = { lat: at.lat, lng: at.lng, housenumber, street, osmId, ...addressDetails(tags) };
        this.addresses.push(address);
      }
    }
    if (isOsmStation(tags)) {
      const name = tags.name ?? tags.official_name ?? tags.ref;
      if (name !== undefined) {
        this.stations.push({ id: `osm:${osmId}`, name, lat: at.lat, lng: at.lng, modes: osmStationModes(tags), sources: ['osm'] });
      }
    }
    this.busStops.offer(osmId, tags, at);
    if (isPoi(tags)) {
      this.pois.push({ id: osmId, name: tags.name ?? null, lat: at.lat, lng: at.lng, tags: keptPoiTags(tags), rating: null });
    }
  }
}

/** `addr:housenumber`, else `conscription/street` numbers (`780/11`), else either alone. */
function housenumberOf(tags: OsmTags): string | undefined {
  const written = tags['addr:housenumber']?.trim();
  if (written !== undefined && written !== '') return written;
  const parts = [tags['addr:conscriptionnumber']?.trim(), tags['addr:streetnumber']?.trim()].filter((part) => part !== undefined && part !== '');
  return parts.length > 0 ? parts.join('/') : undefined;
}

function hasAnyTag(tags: OsmTags): boolean {
  for (const key in tags) if (key !== 'created_by' && key !== 'source') return true;
  return false;
}
