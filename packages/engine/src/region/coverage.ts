import { foldText } from '@locscore/schema';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { RegionPackError } from '../errors.js';
import type { SkippedArea } from './area-collect.js';
import { areaBBox } from './area-index.js';
import { gridTest } from './coverage-grid.js';
import type { Area, BBox, LatLng, PackCoverage } from './types.js';

/** Metres per degree of latitude (mean Earth radius). */
const METRES_PER_DEGREE = 111_195;

/** A bounding box wider or taller than this (degrees) is reported as a warning: an extract with stray far-away objects. */
export const WIDE_COVERAGE_DEGREES = 10;

/**
 * Finds the administrative boundary a pack should cover, as given to
 * `region import --boundary`: an OSM relation id (`1155955`, `r1155955`,
 * `relation/1155955`) or a name, compared folded (case and accents) with
 * each administrative area's `name` and other names.
 *
 * @param spec - the relation id or name
 * @param areas - the extract's assembled areas
 * @param skipped - the area relations that could not be assembled (to say why one is missing)
 * @returns the area
 * @throws RegionPackError (path `boundary`) when no area, or several, fit the name, or the relation's rings did not close
 */
export function findBoundary(spec: string, areas: readonly Area[], skipped: readonly SkippedArea[]): Area {
  const text = spec.trim();
  const id = /^(?:r|relation\/)?(\d+)$/i.exec(text)?.[1];
  if (id !== undefined) {
    const area = areas.find((candidate) => candidate.id === `r${id}` && candidate.kind === 'administrative');
    if (area !== undefined) return area;
    const left = skipped.find((candidate) => candidate.id === `r${id}`);
    if (left !== undefined)
      throw new RegionPackError('boundary', `relation r${id} (${left.name ?? 'no name'}) is in the extract but cannot be used: ${left.reason}`);
    throw new RegionPackError('boundary', `no administrative boundary relation r${id} in the extract`);
  }
  const wanted = foldText(text);
  const named = areas.filter(
    (area) => area.kind === 'administrative' && [area.name, ...(area.altNames ?? [])].some((name) => name !== undefined && foldText(name) === wanted),
  );
  if (named.length === 1 && named[0] !== undefined) return named[0];
  const describe = (area: Area): string => `${area.name ?? '(no name)'} (${area.id}, admin level ${area.adminLevel ?? '?'})`;
  if (named.length > 1) {
    throw new RegionPackError('boundary', `"${text}" names ${named.length} boundaries: ${named.map(describe).join(', ')}; give the relation id`);
  }
  const left = skipped.find((candidate) => candidate.name !== undefined && foldText(candidate.name) === wanted);
  if (left !== undefined) throw new RegionPackError('boundary', `${left.name} (${left.id}) is in the extract but cannot be used: ${left.reason}`);
  const known = areas
    .filter((area) => area.kind === 'administrative' && area.name !== undefined && (area.adminLevel ?? 99) <= 8)
    .slice(0, 12)
    .map(describe);
  throw new RegionPackError('boundary', `no administrative boundary named "${text}" in the extract${known.length > 0 ? `; it holds ${known.join(', ')}` : ''}`);
}

/**
 * The coverage of a pack: the given boundary's polygon, else the box the
 * extract declares (PBF header, XML `<bounds>`), else the box of its data.
 *
 * @param boundary - the boundary area, when `--boundary` was given
 * @param declared - the extract's declared box, or null
 * @param data - the box of everything read
 * @returns the coverage record for the manifest
 */
export function chooseCoverage(boundary: Area | null, declared: BBox | null, data: BBox): PackCoverage {
  if (boundary !== null) {
    const coverage: PackCoverage = { source: 'boundary', bbox: areaBBox(boundary), areaId: boundary.id };
    if (boundary.name !== undefined) coverage.name = boundary.name;
    return coverage;
  }
  if (declared !== null) return { source: 'declared', bbox: declared };
  return { source: 'data', bbox: data };
}

/**
 * A test of whether a point lies in a pack's coverage: inside the boundary
 * polygon (holes excluded, the boundary line counts as inside); else inside
 * the box and, when the coverage has a grid, in one of its cells.
 *
 * @param coverage - the pack's coverage
 * @param boundary - the coverage's area when its source is `boundary`, else null
 * @returns the test
 */
export function coverageTest(coverage: PackCoverage, boundary: Area | null): (point: LatLng) => boolean {
  const inBox = nearBox(coverage.bbox, 0);
  if (coverage.source !== 'boundary' || boundary === null) {
    if (coverage.grid === undefined) return inBox;
    const inGrid = gridTest(coverage.grid);
    return (point) => inBox(point) && inGrid(point);
  }
  return (point) => inBox(point) && booleanPointInPolygon([point.lng, point.lat], boundary.geometry);
}

/**
 * A test of whether a point lies in a box widened by a distance on every side.
 *
 * @param bbox - `[minLng, minLat, maxLng, maxLat]`
 * @param metres - the margin (0 for the box itself); converted to degrees at the box's widest latitude
 * @returns the test
 */
export function nearBox(bbox: BBox, metres: number): (point: LatLng) => boolean {
  const [minLng, minLat, maxLng, maxLat] = bbox;
  const latMargin = metres / METRES_PER_DEGREE;
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const lngMargin = metres === 0 ? 0 : metres / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((widest * Math.PI) / 180)));
  return (point) => point.lng >= minLng - lngMargin && point.lng <= maxLng + lngMargin && point.lat >= minLat - latMargin && point.lat <= maxLat + latMargin;
}

/**
 * Whether a box is wider or taller than {@link WIDE_COVERAGE_DEGREES}.
 *
 * @param bbox - `[minLng, minLat, maxLng, maxLat]`
 */
export function isWide(bbox: BBox): boolean {
  return bbox[2] - bbox[0] > WIDE_COVERAGE_DEGREES || bbox[3] - bbox[1] > WIDE_COVERAGE_DEGREES;
}
