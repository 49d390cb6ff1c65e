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
import { type BlockVisitor, decodeBlock } from './pbf-decode.js';
import type { OsmTags, PbfNode, PbfRelation, PbfWay } from './pbf-elements.js';

/** What {@link readOsmPbf} hands out, and to whom. */
export interface ReadOsmPbfOptions {
  /** Each node with tags, in file order (pass 1). */
  onNode?(node: PbfNode): void;
  /** Each relation, in file order (pass 1, before any way). */
  onRelation?(relation: PbfRelation): void;
  /** Each way with its nodes' locations, in file order (pass 2); `way.coords` is valid during the call only (copy it to keep it). */
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
    const firstPass: BlockVisitor = {
      location: (id, lat, lng) => {
        counts.nodes++;
        locations.addFixed(id, lat, lng);
      },
      ...(options.onNode === undefined ? {} : { node: options.onNode }),
      relation: (relation) => {
        counts.relations++;
        options.onRelation?.(relation);
      },
    };
    for await (const block of readBlocks(handle, size, undefined, (bytes) => hash.update(bytes))) {
      if (block.kind === 'ways' || block.kind === 'mixed') wayBlocks.push({ offset: block.offset, bytes: block.bytes });
      if (block.kind === 'ways') first.block(0);
      else if (block.kind === 'nodes' || block.kind === 'relations' || block.kind === 'mixed') first.block(decodeBlock(block.data, firstPass));
    }
    const passes = [first.done()];
    const second = new PassMeter('ways', options.onProgress);
    const locate = new WayLocator(locations);
    const secondPass: BlockVisitor = {
      way: (id, refs, tags) => {
        counts.ways++;
        const way = locate.way(id, refs, tags);
        counts.missingNodes += refs.length - way.coords.length / 2;
        options.onWay?.(way);
      },
    };
    for await (const block of readBlocks(handle, size, wayBlocks)) second.block(decodeBlock(block.data, secondPass));
    passes.push(second.done());
    return { ...counts, bytes: size, sha256: hash.digest('hex'), passes };
  } finally {
    locations.close();
    await handle.close();
  }
}

/** Gives ways the locations of their nodes, in one buffer reused from way to way. */
class WayLocator {
  private readonly point = new Int32Array(2);
  private buffer = new Int32Array(4096);

  constructor(private readonly locations: NodeLocations) {}

  way(id: number, refs: number[], tags: OsmTags): PbfWay {
    if (this.buffer.length < refs.length * 2) this.buffer = new Int32Array(refs.length * 4);
    const coords = this.buffer;
    const point = this.point;
    let found = 0;
    let missing: number[] | undefined;
    for (let index = 0; index < refs.length; index++) {
      if (!this.locations.get(refs[index] ?? 0, point)) {
        missing ??= [];
        missing.push(index);
        continue;
      }
      coords[2 * found] = point[0] ?? 0;
      coords[2 * found + 1] = point[1] ?? 0;
      found++;
    }
    const way: PbfWay = { id, refs, tags, coords: coords.subarray(0, 2 * found) };
    if (missing !== undefined) way.missing = missing;
    return way;
  }
}
