import {
  isPackError,
  type LatLng,
  type LinesColumn,
  type LoadedLayer,
  openPack,
  type Pack,
  type PackLayerName,
  type PackManifest,
  type PackRecordsRead,
  type PointListColumn,
} from '@locscore/pack';
import { RegionPackError } from '../errors.js';
import type { RegionData, RegionManifest, Road, Street } from './types.js';

/**
 * Loads a region pack written by `importRegion` (the format
 * `PACK_FORMAT_VERSION` of `@locscore/pack`, see `docs/pack-format.md`)
 * into memory.
 *
 * The pack reader checks the manifest (format version, name, bbox, sources,
 * layers) and every file's size and SHA-256, and makes each layer's columns
 * typed-array views of its file; the records the engine holds are rebuilt
 * from those columns (no JSON is parsed but the manifest and the small
 * route lists of transit stops), except street lines and road points, which
 * `Street.lines` and `Road.points` decode from the columns on each read.
 *
 * @param dir - the pack directory
 * @returns the pack's data
 * @throws RegionPackError naming the directory or file for a missing pack,
 *   unreadable or invalid manifest, a pack of a previous format (with the
 *   `locscore region import …` command that rebuilds it), a newer format, or
 *   a damaged layer
 */
export async function loadRegion(dir: string): Promise<RegionData> {
  let pack: Pack;
  try {
    pack = await openPack(dir);
    await pack.loadLayer('streetLines');
  } catch (error) {
    if (isPackError(error)) throw new RegionPackError(error.path, error.reason);
    throw error;
  }
  return {
    manifest: regionManifest(pack.manifest),
    addresses: records(pack.layer('addresses')),
    streets: streets(pack),
    interpolations: records(pack.layer('interpolations')),
    stations: records(pack.layer('stations')),
    busStops: records(pack.layer('busStops')),
    pois: records(pack.layer('pois')),
    roads: roads(pack),
    census: records(pack.layer('census')),
    areas: records(pack.layer('areas')),
    population: records(pack.layer('population')),
    places: records(pack.layer('places')),
  };
}

/** Every row of a layer as a record. */
function records<N extends PackLayerName>(layer: LoadedLayer<N>): Array<PackRecordsRead[N]> {
  const list = new Array<PackRecordsRead[N]>(layer.rows);
  for (let i = 0; i < layer.rows; i++) list[i] = layer.record(i);
  return list;
}

/**
 * A street of a pack: its names and first point as records, its lines read
 * from the `streetLines` column (typed arrays) each time they are asked for
 * and not kept, since only the geocoder's street point (once per street) and
 * the site map read them.
 */
class PackStreet implements Street {
  name: string;
  declare altNames?: string[];
  declare city?: string;
  /** Where its ways start (the first point of its first line), for the geocoder to place it without reading its lines. */
  readonly start: LatLng;

  readonly #column: LinesColumn;
  readonly #row: number;

  constructor(summary: { name: string; altNames?: string[]; city?: string; start: LatLng }, column: LinesColumn, row: number) {
    this.name = summary.name;
    if (summary.altNames !== undefined) this.altNames = summary.altNames;
    if (summary.city !== undefined) this.city = summary.city;
    this.start = summary.start;
    this.#column = column;
    this.#row = row;
  }

  /** Its polylines, decoded now (fresh arrays on every read). */
  get lines(): LatLng[][] {
    return this.#column.get(this.#row);
  }
}

/** The streets of the `streets` layer, their lines read on demand from the `streetLines` layer (row `i` is street `i`'s). */
function streets(pack: Pack): Street[] {
  const summaries = pack.layer('streets');
  const lines = pack.layer('streetLines').columns.lines;
  const list = new Array<Street>(summaries.rows);
  for (let i = 0; i < summaries.rows; i++) list[i] = new PackStreet(summaries.record(i), lines, i);
  return list;
}

/**
 * A major road of a pack: its id, name and class as fields, its points read
 * from the `roads` layer's column (typed arrays) each time they are asked
 * for and not kept (the market index samples them once, the site map draws
 * them on demand).
 */
class PackRoad implements Road {
  readonly id: string;
  readonly name: string | null;
  readonly class: Road['class'];
  readonly #column: PointListColumn;
  readonly #row: number;

  constructor(id: string, name: string | null, kind: Road['class'], column: PointListColumn, row: number) {
    this.id = id;
    this.name = name;
    this.class = kind;
    this.#column = column;
    this.#row = row;
  }

  /** Its points, decoded now (a fresh array on every read). */
  get points(): Road['points'] {
    return this.#column.get(this.#row);
  }
}

/** The roads of a pack, their points read on demand. */
function roads(pack: Pack): Road[] {
  const layer = pack.layer('roads');
  const list = new Array<Road>(layer.rows);
  const { id, name, class: kind, points } = layer.columns;
  for (let i = 0; i < layer.rows; i++) list[i] = new PackRoad(id.get(i), name.get(i) ?? null, (kind.get(i) ?? 'secondary') as Road['class'], points, i);
  return list;
}

/** The engine's view of a pack manifest: its description and the record count of each layer. */
function regionManifest(manifest: PackManifest): RegionManifest {
  const { formatVersion, name, sample, createdAt, bbox, sources, attribution, generator, coverage, population, counts } = manifest;
  const count = (layer: PackLayerName): number => counts[layer] ?? 0;
  return {
    formatVersion,
    name,
    sample,
    createdAt,
    bbox,
    counts: {
      addresses: count('addresses'),
      streets: count('streets'),
      stations: count('stations'),
      busStops: count('busStops'),
      pois: count('pois'),
      roads: count('roads'),
      census: count('census'),
      interpolations: count('interpolations'),
      areas: count('areas'),
      population: count('population'),
      places: count('places'),
    },
    sources,
    attribution,
    ...(generator === undefined ? {} : { generator }),
    ...(coverage === undefined ? {} : { coverage }),
    ...(population === undefined ? {} : { population }),
  };
}
