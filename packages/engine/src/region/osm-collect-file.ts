/**
 * Reads an OSM extract into the pack's OSM layers: a PBF through
 * `@locscore/import`'s streaming reader (tagged nodes and relations, then
 * ways with their points; node locations in a temporary file), so the
 * importer's memory follows the pack rather than the file; OSM XML element
 * by element in file order.
 */
import { type PassProgress, readOsmPbf, UnsortedNodesError } from '@locscore/import';
import { COORDINATE_SCALE } from '@locscore/pack';
import { RegionPackError } from '../errors.js';
import type { FileDigest } from './file-digest.js';
import { OsmCollector, type OsmLayers } from './osm-collect.js';
import { readOsmFile, sniffOsmFormat } from './osm-read.js';
import type { LatLng } from './types.js';

/** What {@link collectOsm} read. */
export interface CollectedOsm {
  layers: OsmLayers;
  digest: FileDigest;
  /** OSM objects read (nodes, ways and relations). */
  objects: number;
}

/** How often (elements) the XML reader reports progress. */
const XML_PROGRESS_EVERY = 250_000;

/**
 * Reads the extract and builds its layers (see the module comment).
 *
 * @param path - `.osm.pbf` (sorted by type then id, as extracts are) or `.osm`
 * @param onProgress - one line per report: for a PBF each pass's elements
 *   and elements per second, for XML the elements so far
 * @throws RegionPackError naming the file when it is missing, malformed, or a PBF not sorted by type then id
 */
export async function collectOsm(path: string, onProgress: (processed: number, message: string) => void): Promise<CollectedOsm> {
  if ((await sniffOsmFormat(path)) === 'xml') {
    const collector = new OsmCollector('file');
    let seen = 0;
    const digest = await readOsmFile(path, (element) => {
      collector.add(element);
      if (++seen % XML_PROGRESS_EVERY === 0) onProgress(seen, `${seen.toLocaleString('en')} OSM elements`);
    });
    return { layers: collector.finish(), digest, objects: seen };
  }
  const collector = new OsmCollector('relations-first');
  const report = (p: PassProgress): void =>
    onProgress(p.objects, `${p.pass} pass: ${p.objects.toLocaleString('en')} OSM elements, ${p.perSecond.toLocaleString('en')}/s${p.done ? ' (done)' : ''}`);
  try {
    const summary = await readOsmPbf(path, {
      onNode: (node) => {
        if (Number.isFinite(node.lat) && Number.isFinite(node.lng)) collector.addNode({ type: 'node', ...node });
      },
      onRelation: (relation) => collector.addRelation({ type: 'relation', ...relation }),
      onWay: (way) => {
        const points: LatLng[] = new Array(way.coords.length / 2);
        for (let i = 0; i < points.length; i++) {
          points[i] = { lat: (way.coords[2 * i + 1] ?? 0) / COORDINATE_SCALE, lng: (way.coords[2 * i] ?? 0) / COORDINATE_SCALE };
        }
        const missing = way.missing === undefined ? null : new Set(way.missing);
        const found = missing === null ? way.refs : way.refs.filter((_, index) => !missing.has(index));
        collector.addWay({ type: 'way', id: way.id, refs: way.refs, tags: way.tags }, points, found);
      },
      onProgress: report,
    });
    // Untagged nodes reach no handler: count them so the totals are the file's.
    collector.counts.nodes = summary.nodes;
    return { layers: collector.finish(), digest: { bytes: summary.bytes, sha256: summary.sha256 }, objects: summary.nodes + summary.ways + summary.relations };
  } catch (error) {
    if (error instanceof RegionPackError) throw error;
    const reason = error instanceof UnsortedNodesError ? error.message : `malformed OSM PBF (${error instanceof Error ? error.message : String(error)})`;
    throw new RegionPackError(path, reason);
  }
}
