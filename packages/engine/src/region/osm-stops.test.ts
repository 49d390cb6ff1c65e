import { describe, expect, it } from 'vitest';
import { OsmStopCollector } from './osm-stops.js';
import { osmBusLine, osmBusStopKind, osmStopReferences } from './osm-tags.js';

const at = { lat: 47.1387, lng: 9.5217 };

describe('OSM bus-stop tags', () => {
  it('tells platforms and stop positions from other objects', () => {
    expect(osmBusStopKind({ highway: 'bus_stop' })).toBe('platform');
    expect(osmBusStopKind({ public_transport: 'platform', bus: 'yes' })).toBe('platform');
    expect(osmBusStopKind({ highway: 'platform', trolleybus: 'yes' })).toBe('platform');
    expect(osmBusStopKind({ public_transport: 'stop_position', bus: 'yes' })).toBe('stop_position');
    expect(osmBusStopKind({ public_transport: 'stop_position', train: 'yes' })).toBeNull();
    expect(osmBusStopKind({ public_transport: 'platform', railway: 'platform' })).toBeNull();
  });

  it('reads the references one stop shares, IFOPT cut to the stop and route_ref sorted', () => {
    expect(osmStopReferences({ uic_ref: '8509985', 'ref:IFOPT': 'de:08111:6118:1:2', route_ref: '21; 12;11', local_ref: 'A' })).toEqual([
      'uic_ref=8509985',
      'ref:IFOPT=de:08111:6118',
      'route_ref=11;12;21',
    ]);
    expect(osmStopReferences({ ref: ' ' })).toEqual([]);
  });

  it('names a bus line by its ref, else its name, else the relation', () => {
    expect(osmBusLine({ type: 'route', route: 'bus', ref: '11', name: 'Bus 11: Sargans => Feldkirch' }, 1)).toEqual({ id: 'osm:bus:11', name: '11' });
    expect(osmBusLine({ type: 'route', route: 'trolleybus', name: 'Ringlinie' }, 2)).toEqual({ id: 'osm:bus:Ringlinie', name: 'Ringlinie' });
    expect(osmBusLine({ type: 'route', route: 'minibus' }, 3)).toEqual({ id: 'osm:bus:r3', name: 'r3' });
    expect(osmBusLine({ type: 'route', route: 'train', ref: 'S2' }, 4)).toBeNull();
    expect(osmBusLine({ type: 'route_master', route_master: 'bus', ref: '11' }, 5)).toBeNull();
  });
});

describe('OsmStopCollector', () => {
  it('puts platforms first and joins the lines boarding there and the stop areas, whatever the element order', () => {
    const stops = new OsmStopCollector();
    stops.offerRelation({
      type: 'relation',
      id: 10,
      tags: { type: 'route', route: 'bus', ref: '11' },
      members: [
        { type: 'node', ref: 2, role: 'stop' },
        { type: 'node', ref: 1, role: 'platform' },
        { type: 'node', ref: 3, role: 'platform_exit_only' },
      ],
    });
    stops.offer('n2', { public_transport: 'stop_position', bus: 'yes', name: 'Vaduz Post' }, at);
    stops.offer('n1', { highway: 'bus_stop', name: 'Vaduz Post', uic_ref: '8509985' }, at);
    stops.offer('n3', { highway: 'bus_stop', name: 'Vaduz Post' }, at);
    stops.offer('n4', { amenity: 'bench' }, at);
    stops.offerRelation({ type: 'relation', id: 20, tags: { public_transport: 'stop_area' }, members: [{ type: 'node', ref: 3, role: '' }] });
    stops.offerRelation({ type: 'relation', id: 30, tags: { type: 'route', route: 'bus', ref: '12' }, members: [{ type: 'node', ref: 1, role: 'platform' }] });
    const objects = stops.finish();
    expect(objects.map((o) => o.stop.id)).toEqual(['osm:n1', 'osm:n3', 'osm:n2']);
    expect(objects[0]).toMatchObject({ references: ['uic_ref=8509985'], areas: [], stop: { routeCount: 2, modes: ['bus'] } });
    expect(objects[0]?.stop.routes?.map((r) => r.id)).toEqual(['osm:bus:11', 'osm:bus:12']);
    expect(objects[1]).toMatchObject({ areas: ['r20'] });
    expect(objects[1]?.stop.routes).toBeUndefined();
    expect(objects[2]?.stop.routes).toEqual([{ id: 'osm:bus:11', name: '11', mode: 'bus' }]);
  });
});
