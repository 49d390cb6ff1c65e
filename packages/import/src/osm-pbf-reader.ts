/**
 * The streaming OSM PBF reader: two passes over the file, each linear in
 * it, in memory bounded whatever its size.
 *
 * 1. **nodes+relations**: every block in file order (the file's SHA-256 on
 *    the way). Node blocks: each node's location goes to {@link
 *    NodeLocations} (a temporary file), each tagged node to `onNode`.
 *    Relation blocks: each relation to `onRelation`. Way blocks are only
 *    told apart and their places noted.
 * 2. **ways**: the way blocks alone, read again at their places: each way to
 *    `onWay` with the locations of its nodes.
 *
 * So handlers see tagged nodes, then relations, then ways: a consumer that
 * builds relations from their member ways notes the ways it needs in
 * `onRelation` and keeps their geometry in `onWay`.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { NodeLocations } from './node-locations.js';
import { PassMeter, type PassProgress } from './pass-progress.js';
import { type BlockSpan, readBlocks } from './pbf-blocks.js';
import { type ParsedItem, type PbfNode, type PbfRelation, type PbfWay, parseBlock, toRelation } from './pbf-elements.js';

/** What {@link readOsmPbf} hands out, and to whom. */
export interface ReadOsmPbfOptions {
  /** Each node with tags, in file order (pass 1). */
  onNode?(node: PbfNode): void;
  /** Each relation, in file order (pass 1, before any way). */
  onRelation?(relation: PbfRelation): void;
  /** Each way with its nodes' locations, in file order (pass 2). */
  onWay?(way: PbfWay): void;
  /** Progress of each pass: elements and elements per second. */
  onProgress?(progress: PassProgress): void;
  /** Pages of node locations kept in memory (64 KiB each); @default 256 */
  cachedPages?: number;
}

/** What a read found. */
export interface OsmPbfSummary {
  nodes: number;
  ways: number;
  relations: number;
  /** Way node references whose node the extract lacks. */
  missingNodes: number;
  /** Size and SHA-256 (hex) of the file. */
  bytes: number;
  sha256: string;
  /** The last progress event of each pass. */
  passes: PassProgress[];
}

/**
 * Reads an OSM PBF extract in two passes (see the module comment).
 *
 * @param path - a `.osm.pbf` file sorted by type then id
 * @param options - the handlers; see {@link ReadOsmPbfOptions}
 * @returns counts, the file's digest and each pass's figures
 * @throws Error for a missing, truncated or malformed file, and
 *   `UnsortedNodesError` for nodes out of id order
 */
export async function readOsmPbf(path: string, options: ReadOsmPbfOptions = {}): Promise<OsmPbfSummary> {
  const handle = await open(path, 'r');
  const locations = new NodeLocations(options.cachedPages);
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha256');
    const first = new PassMeter('nodes+relations', options.onProgress);
    const wayBlocks: BlockSpan[] = [];
    const counts = { nodes: 0, ways: 0, relations: 0, missingNodes: 0 };
    for await (const block of readBlocks(handle, size, undefined, (bytes) => hash.update(bytes))) {
      if (block.kind === 'ways' || block.kind === 'mixed') wayBlocks.push({ offset: block.offset, bytes: block.bytes });
      if (block.kind === 'ways') {
        first.block(0);
      } else if (block.kind === 'nodes' || block.kind === 'relations' || block.kind === 'mixed') {
        const items = parseBlock(block.data);
        for (const item of items) readNodeOrRelation(item, locations, options, counts);
        first.block(items.length);
      }
    }
    const passes = [first.done()];
    const second = new PassMeter('ways', options.onProgress);
    const point = new Int32Array(2);
    for await (const block of readBlocks(handle, size, wayBlocks)) {
      const items = parseBlock(block.data);
      for (const item of items) {
        if (item.type !== 'way') continue;
        counts.ways++;
        const way = withLocations(item, locations, point);
        counts.missingNodes += way.refs.length - way.coords.length / 2;
        options.onWay?.(way);
      }
      second.block(items.length);
    }
    passes.push(second.done());
    return { ...counts, bytes: size, sha256: hash.digest('hex'), passes };
  } finally {
    locations.close();
    await handle.close();
  }
}

function readNodeOrRelation(item: ParsedItem, locations: NodeLocations, options: ReadOsmPbfOptions, counts: { nodes: number; relations: number }): void {
  if (item.type === 'node') {
    counts.nodes++;
    const lat = item.lat ?? Number.NaN;
    const lng = item.lon ?? Number.NaN;
    locations.add(item.id, lat, lng);
    if (item.tags !== undefined) options.onNode?.({ id: item.id, lat, lng, tags: item.tags });
  } else if (item.type === 'relation') {
    counts.relations++;
    options.onRelation?.(toRelation(item));
  }
}

function withLocations(item: ParsedItem, locations: NodeLocations, point: Int32Array): PbfWay {
  const refs = item.refs ?? [];
  const coords = new Int32Array(refs.length * 2);
  let found = 0;
  const missing: number[] = [];
  refs.forEach((ref, index) => {
    if (!locations.get(ref, point)) {
      missing.push(index);
      return;
    }
    coords[2 * found] = point[0] ?? 0;
    coords[2 * found + 1] = point[1] ?? 0;
    found++;
  });
  const way: PbfWay = { id: item.id, refs, tags: item.tags ?? {}, coords: found === refs.length ? coords : coords.slice(0, 2 * found) };
  if (missing.length > 0) way.missing = missing;
  return way;
}
