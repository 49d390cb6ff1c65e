import { ResidentialBuildingCollector } from '../population/building-collect.js';
import { type PopulatedPlace, populatedPlaceOf } from '../population/populated-places.js';
import type { ResidentialBuilding } from '../population/residential-buildings.js';
import { AreaCollector, type SkippedArea } from './area-collect.js';
import { CoordinateIndex } from './coordinate-index.js';
import { meanPoint, wayCentroid } from './geometry.js';
import { addressDetails } from './osm-address.js';
import type { OsmElement, OsmNode, OsmRelation, OsmTags, OsmWay } from './osm-elements.js';
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
 * The order elements reach an {@link OsmCollector} in: `file` is an OSM
 * file's (nodes, ways, relations, each node before the ways that use it);
 * `relations-first` is the streaming PBF reader's (tagged nodes and
 * relations, then ways with their points), which lets the collector keep
 * only the ways relations need.
 */
export type OsmOrder = 'file' | 'relations-first';

/**
 * Builds the pack's OSM layers from a stream of elements.
 *
 * In `file` order ({@link OsmCollector.add} per element): node coordinates
 * go to a {@link CoordinateIndex}, every way's centroid to another (for
 * multipolygon relations) and its node list to {@link WayNodes} (for
 * boundary relations). In `relations-first` order ({@link OsmCollector.addNode},
 * {@link OsmCollector.addRelation}, then {@link OsmCollector.addWay} with
 * the way's points): only the centroids and points of the ways a kept
 * relation names are kept, so memory follows the pack, not the file. Either
 * way multipolygon features and areas are built in
 * {@link OsmCollector.finish}, after every way.
 */
export class OsmCollector {
  /** Elements seen so far. */
  readonly counts: OsmCounts = { nodes: 0, ways: 0, relations: 0 };
  private readonly nodes = new CoordinateIndex();
  private readonly wayCentres = new CoordinateIndex();
  private readonly wayNodes = new WayNodes();
  /** `relations-first`: ids of the ways kept relations name, for centroids (multipolygons) and points (areas). */
  private readonly centreWays = new Set<number>();
  private readonly areaWays = new Map<number, readonly LatLng[] | null>();
  private readonly multipolygons: OsmRelation[] = [];
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

  /** @param order - the order elements arrive in; @default 'file' */
  constructor(private readonly order: OsmOrder = 'file') {}

  /**
   * Reads one element of an OSM file, in file order (`file` collectors only).
   *
   * @param element - node, way or relation
   */
  add(element: OsmElement): void {
    switch (element.type) {
      case 'node':
        if (!Number.isFinite(element.lat) || !Number.isFinite(element.lng)) {
          this.counts.nodes++;
          return;
        }
        this.nodes.add(element.id, element.lat, element.lng);
        this.addNode(element);
        return;
      case 'way': {
        const points: LatLng[] = [];
        const found: number[] = [];
        for (const ref of element.refs) {
          const point = this.nodes.get(ref);
          if (point === null) continue;
          points.push(point);
          found.push(ref);
        }
        this.addWay(element, points, found);
        return;
      }
      case 'relation':
        this.addRelation(element);
        return;
    }
  }

  /**
   * Reads one node: its address, station, stop, POI and place tags.
   *
   * @param node - a node with finite coordinates
   */
  addNode(node: OsmNode): void {
    this.counts.nodes++;
    if (hasAnyTag(node.tags)) this.addFeature(`n${node.id}`, node.tags, { lat: node.lat, lng: node.lng }, node.id);
    this.addPlace(`n${node.id}`, node.tags, { lat: node.lat, lng: node.lng });
  }

  /**
   * Reads one relation: area relations are kept for {@link OsmCollector.finish},
   * bus lines and stop areas noted, multipolygons kept to become features
   * once their ways are read; in `relations-first` order the ways these need
   * are noted.
   *
   * @param relation - any relation
   */
  addRelation(relation: OsmRelation): void {
    this.counts.relations++;
    const isArea = this.areas.offer(relation);
    this.busStops.offerRelation(relation);
    const isMultipolygon = relation.tags.type === 'multipolygon' && hasAnyTag(relation.tags);
    if (isMultipolygon) this.multipolygons.push(relation);
    if (this.order === 'file') return;
    for (const member of relation.members) {
      if (member.type !== 'way') continue;
      if (isArea && (member.role === 'outer' || member.role === 'inner' || member.role === '')) this.areaWays.set(member.ref, null);
      if (isMultipolygon && (member.role === 'outer' || member.role === '')) this.centreWays.add(member.ref);
    }
  }

  /**
   * Reads one way with the points of its nodes.
   *
   * @param way - the way
   * @param points - the positions of the way's nodes the extract holds, in order
   * @param found - the ids of those nodes (the way's refs without the missing ones)
   */
  addWay(way: OsmWay, points: LatLng[], found: readonly number[]): void {
    this.counts.ways++;
    if (this.order === 'file') this.wayNodes.add(way.id, way.refs);
    else if (this.areaWays.has(way.id)) this.areaWays.set(way.id, found.length === way.refs.length ? points : null);
    const centre = wayCentroid(points);
    if (centre === null) return;
    if (this.order === 'file' || this.centreWays.has(way.id)) this.wayCentres.add(way.id, centre.lat, centre.lng);
    const tags = way.tags;
    if (!hasAnyTag(tags)) return;
    this.addFeature(`w${way.id}`, tags, centre, null);
    this.buildings.offerWay(tags, points, centre);
    if (isPoi(tags)) this.poiOutlines.add(`w${way.id}`, points);
    if (points.length >= 2) {
      if (isNamedStreet(tags)) this.streetLines.push({ name: (tags.name ?? '').trim(), altNames: otherNames(tags), line: points });
      const roadClass = majorRoadClass(tags.highway);
      if (roadClass !== null) this.roads.push({ id: `w${way.id}`, name: tags.name ?? tags.ref ?? null, class: roadClass, points });
      if (tags['addr:interpolation'] !== undefined) this.addInterpolation(way, points, found);
    }
  }

  /**
   * The collected layers, with streets grouped by name and municipality, and
   * each POI's `inside` (the POI outlines holding it, {@link PoiOutlines}).
   *
   * @returns the OSM layers of the pack
   */
  finish(): OsmLayers {
    for (const relation of this.multipolygons) this.addMultipolygon(relation);
    const { areas, skipped } = this.areas.finish((id) => this.wayPoints(id));
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

  /** A way's points for area assembly: null when the extract lacks the way or any of its nodes. */
  private wayPoints(id: number): readonly LatLng[] | null {
    if (this.order !== 'file') return this.areaWays.get(id) ?? null;
    const refs = this.wayNodes.get(id);
    if (refs === null) return null;
    const points: LatLng[] = [];
    for (const ref of refs) {
      const point = this.nodes.get(ref);
      if (point === null) return null;
      points.push(point);
    }
    return points;
  }

  private addInterpolation(way: OsmWay, points: LatLng[], found: readonly number[]): void {
    const numbers: Array<number | null> = [];
    let street = way.tags['addr:street'];
    let city = way.tags['addr:city'];
    for (const ref of found) {
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

  /** A multipolygon's feature at the mean of its outer ways' centroids. */
  private addMultipolygon(relation: OsmRelation): void {
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
