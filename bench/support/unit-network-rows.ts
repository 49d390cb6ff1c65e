/**
 * Unit import rows for the tenant-isolation benchmark: `count` units of one
 * category spread on a grid inside a bounding box, each with a polygon
 * territory of `vertices` positions (a regular polygon, the last position
 * repeating the first), so that the whole network has `count × vertices`
 * vertices, the largest a plan allows when those are its budget's.
 */

/** A unit body of `POST /api/franchisor/units/import`. */
export interface UnitRow {
  name: string;
  coordinates: { lat: number; lng: number };
  category: string;
  status: 'open';
  territory: { type: 'polygon'; geometry: { type: 'Polygon'; coordinates: number[][][] } };
}

/**
 * The rows.
 *
 * @param count - units
 * @param vertices - positions per polygon, closing one included (≥ 4)
 * @param bbox - `[minLng, minLat, maxLng, maxLat]` to spread them in
 * @param category - their category
 */
export function unitRows(count: number, vertices: number, bbox: readonly number[], category: string): UnitRow[] {
  const [minLng = 0, minLat = 0, maxLng = 0, maxLat = 0] = bbox;
  const side = Math.ceil(Math.sqrt(count));
  const stepLng = (maxLng - minLng) / (side + 1);
  const stepLat = (maxLat - minLat) / (side + 1);
  const radius = Math.min(stepLng, stepLat) * 0.4;
  return Array.from({ length: count }, (_, n) => {
    const lng = minLng + stepLng * ((n % side) + 1);
    const lat = minLat + stepLat * (Math.floor(n / side) + 1);
    const steps = vertices - 1;
    const ring = Array.from({ length: steps }, (_, k) => [
      lng + radius * Math.cos((2 * Math.PI * k) / steps),
      lat + radius * Math.sin((2 * Math.PI * k) / steps),
    ]);
    return {
      name: `Unit ${n + 1}`,
      coordinates: { lat, lng },
      category,
      status: 'open',
      territory: { type: 'polygon', geometry: { type: 'Polygon', coordinates: [[...ring, ring[0] as number[]]] } },
    };
  });
}
