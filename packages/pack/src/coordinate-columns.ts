/**
 * Columns of coordinates in interleaved buffers `[lng0, lat0, lng1, lat1, …]`
 * (fixed-point `Int32` when lossless, else `Float64` degrees; see
 * `coordinate-buffer.ts`), with offset arrays for
 * variable lists: one point per record, a list of points (a road), a list of
 * lists (a street's lines), and (multi)polygons (polygons → rings → points).
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { bufferOf, type ColumnBuffers, type ColumnBuilder, type ColumnCodec } from './column.js';
import { CoordinateBuffer, type Coords, coordsOf, degreesAt } from './coordinate-buffer.js';
import type { LatLng } from './records.js';
import { GrowableBuffer } from './typed-buffers.js';

/** Reader of a `point` column. */
export class PointColumn {
  constructor(readonly coords: Coords) {}

  /** Latitude of row `i`, decimal degrees. */
  lat(i: number): number {
    return degreesAt(this.coords, 2 * i + 1);
  }

  /** Longitude of row `i`, decimal degrees. */
  lng(i: number): number {
    return degreesAt(this.coords, 2 * i);
  }

  /** The point of row `i`. */
  get(i: number): LatLng {
    return { lat: this.lat(i), lng: this.lng(i) };
  }
}

/** One point per record (required). */
export const point: ColumnCodec<LatLng, PointColumn> = {
  kind: 'point',
  builder() {
    const coords = new CoordinateBuffer();
    return {
      add(value) {
        coords.push(value.lng);
        coords.push(value.lat);
      },
      finish: () => ({ coords: coords.finish() }),
    };
  },
  read: (buffers) => new PointColumn(coordsOf(buffers)),
};

/** Reader of a `points` column: `offsets[i]..offsets[i + 1]` are row `i`'s points. */
export class PointListColumn {
  constructor(
    readonly offsets: Uint32Array,
    readonly coords: Coords,
  ) {}

  /** Points of row `i`. */
  count(i: number): number {
    return (this.offsets[i + 1] ?? 0) - (this.offsets[i] ?? 0);
  }

  /** The points of row `i`. */
  get(i: number): LatLng[] {
    return pointsBetween(this.coords, this.offsets[i] ?? 0, this.offsets[i + 1] ?? 0);
  }
}

function pointsBetween(coords: Coords, from: number, to: number): LatLng[] {
  const points: LatLng[] = [];
  for (let p = from; p < to; p++) points.push({ lat: degreesAt(coords, 2 * p + 1), lng: degreesAt(coords, 2 * p) });
  return points;
}

/** Appends points to coords; returns the count of points now stored. */
class CoordsBuilder {
  readonly coords = new CoordinateBuffer();

  get points(): number {
    return this.coords.length / 2;
  }

  add(points: readonly LatLng[]): void {
    for (const p of points) {
      this.coords.push(p.lng);
      this.coords.push(p.lat);
    }
  }

  addPositions(positions: readonly Position[]): void {
    for (const [lng = Number.NaN, lat = Number.NaN] of positions) {
      this.coords.push(lng);
      this.coords.push(lat);
    }
  }
}

/** A list of points per record (a road, an interpolation line). */
export const points: ColumnCodec<readonly LatLng[], PointListColumn> = {
  kind: 'points',
  builder(): ColumnBuilder<readonly LatLng[]> {
    const coords = new CoordsBuilder();
    const offsets = new GrowableBuffer<Uint32Array>('u32');
    offsets.push(0);
    return {
      add(value) {
        coords.add(value);
        offsets.push(coords.points);
      },
      finish: () => ({ offsets: offsets.finish(), coords: coords.coords.finish() }),
    };
  },
  read: (buffers) => new PointListColumn(bufferOf(buffers, 'offsets', Uint32Array), coordsOf(buffers)),
};

/** Reader of a `lines` column: row `i`'s lines are parts `offsets[i]..offsets[i + 1]`, each part's points `parts[j]..parts[j + 1]`. */
export class LinesColumn {
  constructor(
    readonly offsets: Uint32Array,
    readonly parts: Uint32Array,
    readonly coords: Coords,
  ) {}

  /** The lines of row `i`. */
  get(i: number): LatLng[][] {
    const lines: LatLng[][] = [];
    for (let part = this.offsets[i] ?? 0; part < (this.offsets[i + 1] ?? 0); part++) {
      lines.push(pointsBetween(this.coords, this.parts[part] ?? 0, this.parts[part + 1] ?? 0));
    }
    return lines;
  }
}

/** A list of lines per record (a street's ways). */
export const lines: ColumnCodec<ReadonlyArray<readonly LatLng[]>, LinesColumn> = {
  kind: 'lines',
  builder() {
    const coords = new CoordsBuilder();
    const offsets = new GrowableBuffer<Uint32Array>('u32');
    const parts = new GrowableBuffer<Uint32Array>('u32');
    offsets.push(0);
    parts.push(0);
    return {
      add(value) {
        for (const line of value) {
          coords.add(line);
          parts.push(coords.points);
        }
        offsets.push(parts.length - 1);
      },
      finish: () => ({ offsets: offsets.finish(), parts: parts.finish(), coords: coords.coords.finish() }),
    };
  },
  read: (buffers) => new LinesColumn(bufferOf(buffers, 'offsets', Uint32Array), bufferOf(buffers, 'parts', Uint32Array), coordsOf(buffers)),
};

/** Reader of a `polygons` column: rows → polygons → rings → points, and whether the row was a `MultiPolygon`. */
export class PolygonsColumn {
  constructor(private readonly buffers: ColumnBuffers) {}

  /** The GeoJSON geometry of row `i` (`[lng, lat]` positions). */
  get(i: number): Polygon | MultiPolygon {
    const offsets = bufferOf(this.buffers, 'offsets', Uint32Array);
    const polygons = bufferOf(this.buffers, 'polygons', Uint32Array);
    const rings = bufferOf(this.buffers, 'rings', Uint32Array);
    const coords = coordsOf(this.buffers);
    const multi = bufferOf(this.buffers, 'multi', Uint8Array);
    const list: Position[][][] = [];
    for (let polygon = offsets[i] ?? 0; polygon < (offsets[i + 1] ?? 0); polygon++) {
      const ringList: Position[][] = [];
      for (let ring = polygons[polygon] ?? 0; ring < (polygons[polygon + 1] ?? 0); ring++) {
        const positions: Position[] = [];
        for (let p = rings[ring] ?? 0; p < (rings[ring + 1] ?? 0); p++) positions.push([degreesAt(coords, 2 * p), degreesAt(coords, 2 * p + 1)]);
        ringList.push(positions);
      }
      list.push(ringList);
    }
    return multi[i] === 1 ? { type: 'MultiPolygon', coordinates: list } : { type: 'Polygon', coordinates: list[0] ?? [] };
  }
}

/** A GeoJSON `Polygon` or `MultiPolygon` per record (an administrative area). */
export const polygons: ColumnCodec<Polygon | MultiPolygon, PolygonsColumn> = {
  kind: 'polygons',
  builder() {
    const coords = new CoordsBuilder();
    const offsets = new GrowableBuffer<Uint32Array>('u32');
    const polygonStarts = new GrowableBuffer<Uint32Array>('u32');
    const ringStarts = new GrowableBuffer<Uint32Array>('u32');
    const multi = new GrowableBuffer<Uint8Array>('u8');
    offsets.push(0);
    polygonStarts.push(0);
    ringStarts.push(0);
    return {
      add(value) {
        const list = value.type === 'MultiPolygon' ? value.coordinates : [value.coordinates];
        for (const polygon of list) {
          for (const ring of polygon) {
            coords.addPositions(ring);
            ringStarts.push(coords.points);
          }
          polygonStarts.push(ringStarts.length - 1);
        }
        offsets.push(polygonStarts.length - 1);
        multi.push(value.type === 'MultiPolygon' ? 1 : 0);
      },
      finish: (): ColumnBuffers => ({
        offsets: offsets.finish(),
        polygons: polygonStarts.finish(),
        rings: ringStarts.finish(),
        coords: coords.coords.finish(),
        multi: multi.finish(),
      }),
    };
  },
  read: (buffers) => new PolygonsColumn(buffers),
};
