import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PackError } from './errors.js';
import type { PackDescription } from './format.js';
import { openPack, readPackManifest } from './pack-read.js';
import { PackBuilder } from './pack-write.js';
import type { AddressPoint, Area, BusStop, CensusArea, InterpolationLine, Poi, PopulationPoint, Road, Station, Street } from './records.js';

const addresses: AddressPoint[] = [
  { lat: 47.1410301, lng: 9.5209277, housenumber: '38', street: 'Städtle', city: 'Vaduz', postcode: '9490', country: 'LI', osmId: 'n1', areas: ['r2', 'r1'] },
  {
    lat: 47.1677,
    lng: 9.5106,
    housenumber: '780/11',
    street: 'Landstrasse',
    osmId: 'w25208578',
    unit: '3',
    housename: 'Haus Sonnenberg',
    conscriptionNumber: '780',
    streetNumber: '11',
    localities: ['Letňany', 'Ebenholz'],
  },
  { lat: 47.2, lng: 9.55, housenumber: '1', street: 'Landstrasse', city: 'Schaan', state: 'LI', osmId: 'r2531' },
];
const streets: Street[] = [
  {
    name: 'Landstrasse',
    city: 'Schaan',
    altNames: ['Hauptstrasse'],
    lines: [
      [
        { lat: 47.16, lng: 9.5 },
        { lat: 47.17, lng: 9.5 },
      ],
      [
        { lat: 47.17, lng: 9.5 },
        { lat: 47.2, lng: 9.5 },
      ],
    ],
  },
  {
    name: 'Städtle',
    lines: [
      [
        { lat: 47.14, lng: 9.52 },
        { lat: 47.1402, lng: 9.5203 },
      ],
    ],
  },
];
const interpolations: InterpolationLine[] = [
  {
    street: 'Landstrasse',
    interpolation: 'even',
    points: [
      { lat: 47.16, lng: 9.5 },
      { lat: 47.161, lng: 9.5 },
    ],
    numbers: [2, null],
  },
];
const stations: Station[] = [
  {
    lat: 47.2003,
    lng: 9.5417,
    id: 'osm:n26863015',
    name: 'Nendeln',
    modes: ['rail'],
    sources: ['osm'],
    routes: [{ id: 'osm:rail:S2', name: 'S2', mode: 'rail' }],
    routeCount: 1,
  },
];
const busStops: BusStop[] = [
  { lat: 47.1432001, lng: 9.5183736, id: 'osm:n32011360', name: 'Vaduz Quäderle', sources: ['osm'], modes: ['bus'], weeklyDepartures: 420 },
  { lat: 47.15, lng: 9.52, id: 'gtfs:x:1', name: null, sources: ['gtfs:x'] },
];
const pois: Poi[] = [
  { lat: 47.14, lng: 9.52, id: 'n5', name: 'Café Amann', tags: { amenity: 'cafe', name: 'Café Amann' }, rating: 4.5, ratingCount: 12, inside: ['w7'] },
  { lat: 47.15, lng: 9.53, id: 'w7', name: null, tags: { building: 'school' }, rating: null, brand: 'Spar', brandWikidata: 'Q610492', nsiId: 'spar-1' },
];
const roads: Road[] = [
  {
    id: 'w9',
    name: null,
    class: 'primary',
    points: [
      { lat: 47.1, lng: 9.5 },
      { lat: 47.2, lng: 9.51 },
    ],
  },
];
const census: CensusArea[] = [{ lat: 47.14, lng: 9.52, id: '36061', name: 'Tract 1', population: 3_200, households: 1_400, shareInside: 0.5 }];
const areas: Area[] = [
  {
    id: 'r1',
    kind: 'administrative',
    name: 'Liechtenstein',
    adminLevel: 2,
    countryCode: 'LI',
    geometry: {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [9.47, 47.04],
            [9.64, 47.04],
            [9.64, 47.27],
            [9.47, 47.04],
          ],
        ],
      ],
    },
  },
  {
    id: 'r2',
    kind: 'postal_code',
    postcode: '9490',
    altNames: ['Vaduz'],
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [9.5, 47.1],
          [9.55, 47.1],
          [9.55, 47.16],
          [9.5, 47.1],
        ],
      ],
    },
  },
];
const population: PopulationPoint[] = [
  { lat: 47.14, lng: 9.52, residents: 12.5, households: 5.25, area: 'r1' },
  { lat: 47.15, lng: 9.53, residents: 0 },
];

const description: PackDescription = {
  name: 'Liechtenstein (test)',
  sample: false,
  createdAt: '2026-11-29T00:00:00.000Z',
  bbox: [9.47, 47.04, 9.64, 47.27],
  sources: [
    {
      kind: 'osm',
      name: 'liechtenstein.osm.pbf',
      bytes: 3_098_617,
      sha256: 'ab'.repeat(32),
      dataDate: '2021-01-06',
      licence: 'ODbL 1.0',
      attribution: '© OpenStreetMap contributors',
    },
  ],
  attribution: '© OpenStreetMap contributors',
  coverage: { source: 'boundary', bbox: [9.47, 47.04, 9.64, 47.27], areaId: 'r1', name: 'Liechtenstein' },
};

let work: string;
let dir: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'locscore-pack-test-'));
  dir = join(work, 'pack');
  const builder = new PackBuilder();
  builder.addRegion({ addresses, streets, interpolations, stations, busStops, pois, roads, census, areas, population });
  await builder.write(dir, description);
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a pack written and read back', () => {
  it('gives back every record of every layer', async () => {
    const pack = await openPack(dir);
    const all = <T>(layer: { rows: number; record(i: number): T }): T[] => Array.from({ length: layer.rows }, (_v, i) => layer.record(i));
    expect(all(pack.layer('addresses'))).toEqual(addresses);
    expect(all(pack.layer('interpolations'))).toEqual(interpolations);
    expect(all(pack.layer('stations'))).toEqual(stations);
    expect(all(pack.layer('busStops'))).toEqual(busStops);
    expect(all(pack.layer('pois'))).toEqual(pois);
    expect(all(pack.layer('roads'))).toEqual(roads);
    expect(all(pack.layer('census'))).toEqual(census);
    expect(all(pack.layer('areas'))).toEqual(areas);
    expect(all(pack.layer('population'))).toEqual(population);
    expect(pack.manifest).toMatchObject({ ...description, formatVersion: 4, counts: { addresses: 3, streets: 2, streetLines: 2, areas: 2 } });
    expect(await readPackManifest(dir)).toEqual(pack.manifest);
  });

  it('keeps one point per street and loads the street lines only when asked', async () => {
    const pack = await openPack(dir);
    expect(pack.layer('streets').record(0)).toEqual({
      name: 'Landstrasse',
      city: 'Schaan',
      altNames: ['Hauptstrasse'],
      start: { lat: 47.16, lng: 9.5 },
      point: expect.objectContaining({ lng: 9.5 }),
    });
    expect(pack.layer('streets').columns.point.lat(0)).toBeCloseTo(47.185, 4);
    expect(() => pack.layer('streetLines')).toThrow(/loadLayer/);
    expect((await pack.loadLayer('streetLines')).record(1)).toEqual(streets[1]?.lines);
  });

  it('answers spatial queries from the stored indexes', async () => {
    const pack = await openPack(dir);
    const addressIndex = pack.layer('addresses').index;
    expect(addressIndex?.kind).toBe('points');
    if (addressIndex?.kind === 'points') expect(addressIndex.tree.range(9.5, 47.16, 9.52, 47.17).sort()).toEqual([1]);
    const areaIndex = pack.layer('areas').index;
    if (areaIndex?.kind !== 'boxes') throw new Error('areas have a box index');
    expect(areaIndex.tree.search(9.52, 47.12, 9.52, 47.12).sort()).toEqual([0, 1]);
    expect(areaIndex.tree.search(9.6, 47.25, 9.6, 47.25)).toEqual([0]);
  });
});

describe('packs that cannot be read', () => {
  it('names the command that rebuilds a pack of the previous format', async () => {
    const old = join(work, 'old');
    await rm(old, { recursive: true, force: true });
    await new PackBuilder().write(old, description);
    const manifest = {
      formatVersion: 3,
      name: 'Liechtenstein',
      sources: [
        { kind: 'osm', name: 'liechtenstein.osm.pbf' },
        { kind: 'gtfs', name: 'li bus.zip' },
      ],
      coverage: { source: 'boundary', areaId: 'r1155955' },
    };
    await writeFile(join(old, 'manifest.json'), JSON.stringify(manifest));
    const error = await openPack(old).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PackError);
    expect(error).toMatchObject({ code: 'previous_format', path: old });
    expect((error as PackError).message).toContain(`format 3; this locscore reads format 4`);
    expect((error as PackError).message).toContain(
      `locscore region import --osm liechtenstein.osm.pbf --gtfs "li bus.zip" --boundary r1155955 --name Liechtenstein --out ${old} --force`,
    );
  });

  it('asks for a newer locscore for a pack of a later format', async () => {
    const newer = join(work, 'newer');
    await rm(newer, { recursive: true, force: true });
    await new PackBuilder().write(newer, description);
    const manifest = JSON.parse(await readFile(join(newer, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(newer, 'manifest.json'), JSON.stringify({ ...manifest, formatVersion: 5 }));
    await expect(openPack(newer)).rejects.toMatchObject({ code: 'newer_format', message: expect.stringContaining('upgrade locscore') });
  });

  it('finds a damaged layer file by its checksum', async () => {
    const damaged = join(work, 'damaged');
    const builder = new PackBuilder();
    builder.addRegion({ addresses });
    await builder.write(damaged, description);
    const file = join(damaged, 'addresses.bin');
    const bytes = await readFile(file);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    await writeFile(file, bytes);
    await expect(openPack(damaged)).rejects.toMatchObject({ code: 'damaged', path: file });
    expect((await openPack(damaged, { verify: false })).layer('addresses').rows).toBe(3);
  });

  it('says when there is no pack, and never replaces one without force', async () => {
    await expect(openPack(join(work, 'absent'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(new PackBuilder().write(dir, description)).rejects.toMatchObject({ code: 'exists', path: dir });
  });
});
