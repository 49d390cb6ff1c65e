import Flatbush from 'flatbush';
import { circleBox } from '../places/circle-box.js';
import type { LatLng } from '../region/types.js';

/** A line to draw, with what a map says about it. */
export interface MapLine {
  points: LatLng[];
  name: string | null;
  /** OSM class of a major road (`motorway`, `primary`…), or `street` for another named street. */
  highway: string;
}

/**
 * A static index of lines by their bounding boxes (flatbush, a packed
 * Hilbert R-tree), for the lines near a point. Built once per region, on
 * the first map asked for.
 */
export class LineIndex {
  private readonly tree: Flatbush | null;

  /** @param lines - the lines, each at least two points */
  constructor(readonly lines: readonly MapLine[]) {
    if (lines.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(lines.length);
    for (const line of lines) {
      let [minLng, minLat, maxLng, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const point of line.points) {
        minLng = Math.min(minLng, point.lng);
        minLat = Math.min(minLat, point.lat);
        maxLng = Math.max(maxLng, point.lng);
        maxLat = Math.max(maxLat, point.lat);
      }
      tree.add(minLng, minLat, maxLng, maxLat);
    }
    tree.finish();
    this.tree = tree;
  }

  /**
   * The lines whose bounding box meets the box around a circle (candidates:
   * {@link clipToCircle} keeps what reaches into the circle itself).
   *
   * @param centre - decimal degrees
   * @param radiusMetres - metres
   */
  near(centre: LatLng, radiusMetres: number): MapLine[] {
    const box = circleBox(centre, radiusMetres);
    if (this.tree === null || box === null) return [];
    return this.tree.search(box[0], box[1], box[2], box[3]).map((index) => this.lines[index] as MapLine);
  }
}
