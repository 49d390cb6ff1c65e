import { OsmXmlBuilder } from './osm-xml-builder.js';
import { busStopName } from './sample-gtfs.js';
import { addressPosition, buildingSquare, type PlannedAddress, plannedAddresses } from './town-addresses.js';
import { BUS_ROUTES, METRO_STATIONS, PARKS, type PlannedStreet, POIS, SAMPLE_CITY, SAMPLE_POSTCODE, STREETS, streetPoint, toLatLng } from './town-plan.js';

/** Street whose odd side is mapped as an `addr:interpolation` way instead of address nodes. */
export const INTERPOLATED_STREET = 'Lake Road';

function addressTags(street: string, housenumber: number | string): Record<string, string> {
  return { 'addr:housenumber': String(housenumber), 'addr:street': street, 'addr:city': SAMPLE_CITY, 'addr:postcode': SAMPLE_POSTCODE };
}

function streetLine(street: PlannedStreet, from: number, to: number) {
  const points = [];
  for (let along = from; along < to; along += 100) points.push(streetPoint(street, along));
  points.push(streetPoint(street, to));
  return points;
}

/**
 * The sample town as OSM XML: 15 named streets (Main Street in two ways), an
 * expressway, ~520 civic addresses (nodes, building ways every seventh slot,
 * three units at 220 Main Street, a multipolygon mall), one `addr:interpolation`
 * way (odd side of Lake Road), POIs of all twelve categories and demand
 * generators, three parks, Central Station as `railway=station` (also in the
 * GTFS feed, so the importer's de-duplication is exercised) and bus stops
 * (three also in the GTFS feed, two only here).
 *
 * @returns the XML document
 */
export function sampleOsmXml(): string {
  const osm = new OsmXmlBuilder();
  addStreets(osm);
  const reserved = addPoisAndMall(osm);
  addAddresses(osm, reserved);
  addParks(osm);
  addTransit(osm);
  return osm.toXml();
}

/** The named streets (Main Street in two ways), the expressway and its link. */
function addStreets(osm: OsmXmlBuilder): void {
  for (const street of STREETS) {
    const tags = { highway: street.highway, name: street.name };
    if (street.name === 'Main Street') {
      osm.way(streetLine(street, street.from, 150), tags);
      osm.way(streetLine(street, 150, street.to), tags);
    } else {
      osm.way(streetLine(street, street.from, street.to), tags);
    }
  }
  osm.way([toLatLng(-1000, -900), toLatLng(150, -900), toLatLng(1300, -900)], { highway: 'motorway', name: 'Junction Expressway', ref: 'A7' });
  osm.way([toLatLng(0, -700), toLatLng(0, -800), toLatLng(150, -900)], { highway: 'motorway_link' });
}

/** Key of an address in the set of addresses taken by POIs. */
function addressKey(street: string, number: number): string {
  return `${street}|${number}`;
}

/** The POIs (nodes, or buildings with their size) and the multipolygon mall; the addresses they take. */
function addPoisAndMall(osm: OsmXmlBuilder): Set<string> {
  const reserved = new Set<string>();
  for (const poi of POIS) {
    const address = addressPosition(poi.street, poi.housenumber);
    reserved.add(addressKey(poi.street, poi.housenumber));
    const tags = { ...poi.tags, ...addressTags(poi.street, poi.housenumber) };
    if (poi.buildingSize !== undefined) osm.way(buildingSquare(address, poi.buildingSize), { building: poi.tags.building ?? 'yes', ...tags });
    else osm.node(address.at, tags);
  }
  const mall = addressPosition('King Boulevard', 200);
  reserved.add(addressKey('King Boulevard', 200));
  const mallOuter = osm.way(buildingSquare(mall, 80), { building: 'retail' });
  const mallCourt = osm.way(buildingSquare(mall, 20), {});
  osm.relation(
    [
      { type: 'way', ref: mallOuter, role: 'outer' },
      { type: 'way', ref: mallCourt, role: 'inner' },
    ],
    { type: 'multipolygon', shop: 'mall', name: 'Junction Mall', ...addressTags('King Boulevard', 200) },
  );
  return reserved;
}

/** The civic addresses not taken by POIs: nodes, a building every seventh slot, units, and the interpolation way. */
function addAddresses(osm: OsmXmlBuilder, reserved: ReadonlySet<string>): void {
  let slot = 0;
  const interpolationEnds: PlannedAddress[] = [];
  for (const address of plannedAddresses()) {
    const { street, housenumber } = address;
    if (reserved.has(addressKey(street.name, housenumber))) continue;
    if (street.name === INTERPOLATED_STREET && housenumber % 2 === 1) {
      interpolationEnds.push(address);
      continue;
    }
    slot++;
    if (street.name === 'Main Street' && housenumber === 220) {
      for (const unit of ['1', '2', '3']) osm.node(address.at, { ...addressTags(street.name, housenumber), 'addr:unit': unit });
    } else if (slot % 7 === 0) {
      osm.way(buildingSquare(address, 12), { building: 'house', ...addressTags(street.name, housenumber) });
    } else {
      osm.node(address.at, addressTags(street.name, housenumber));
    }
  }
  const first = interpolationEnds[0];
  const last = interpolationEnds[interpolationEnds.length - 1];
  if (first !== undefined && last !== undefined) {
    const start = osm.node(first.at, addressTags(first.street.name, first.housenumber));
    const middle = osm.node(streetPoint(first.street, (first.along + last.along) / 2, first.side));
    const end = osm.node(last.at, addressTags(last.street.name, last.housenumber));
    osm.wayOfNodes([start, middle, end], { 'addr:interpolation': 'odd', 'addr:street': first.street.name, 'addr:city': SAMPLE_CITY });
  }
}

/** The three parks, as closed ways. */
function addParks(osm: OsmXmlBuilder): void {
  for (const park of PARKS) {
    const h = park.half;
    osm.way(
      [
        toLatLng(park.x - h, park.y - h),
        toLatLng(park.x + h, park.y - h),
        toLatLng(park.x + h, park.y + h),
        toLatLng(park.x - h, park.y + h),
        toLatLng(park.x - h, park.y - h),
      ],
      { leisure: 'park', name: park.name },
    );
  }
}

/** The metro stations mapped in OSM, three bus stops of the main route and two OSM-only stops. */
function addTransit(osm: OsmXmlBuilder): void {
  for (const station of METRO_STATIONS) {
    if (!station.inOsm) continue;
    osm.node(toLatLng(station.x + 20, station.y + 20), {
      railway: 'station',
      station: 'subway',
      subway: 'yes',
      public_transport: 'station',
      name: station.name,
    });
  }
  const mainRoute = BUS_ROUTES[0];
  const mainStreet = mainRoute === undefined ? undefined : STREETS.find((s) => s.name === mainRoute.street);
  if (mainRoute !== undefined && mainStreet !== undefined) {
    for (const along of mainRoute.stops.slice(0, 3)) {
      osm.node(streetPoint(mainStreet, along + 5, 12), {
        highway: 'bus_stop',
        public_transport: 'platform',
        bus: 'yes',
        name: busStopName(mainRoute.street, along),
      });
    }
  }
  const church = STREETS.find((s) => s.name === 'Church Street');
  if (church !== undefined) {
    osm.node(streetPoint(church, 300, 10), { highway: 'bus_stop', name: 'Church Street at Queen Street' });
    osm.node(streetPoint(church, 900, 10), { highway: 'bus_stop', name: 'Church Street at River Drive' });
  }
}
