/**
 * The OSM elements the PBF reader hands out, decoded from a block by
 * osm-pbf-parser-node's `parse`.
 */
import { parse } from 'osm-pbf-parser-node';

/** OSM tags, key → value. */
export type OsmTags = Record<string, string>;

/** A node that carries tags (untagged nodes only give their location to ways). */
export interface PbfNode {
  id: number;
  /** Decimal degrees. */
  lat: number;
  lng: number;
  tags: OsmTags;
}

/** A relation member. */
export interface PbfMember {
  type: 'node' | 'way' | 'relation';
  ref: number;
  role: string;
}

/** A relation. */
export interface PbfRelation {
  id: number;
  members: PbfMember[];
  tags: OsmTags;
}

/** A way with the locations of its nodes. */
export interface PbfWay {
  id: number;
  /** Node ids, in order. */
  refs: number[];
  tags: OsmTags;
  /**
   * Fixed-point `[lng0, lat0, lng1, lat1, …]` (10⁻⁷ degrees, as `@locscore/pack`
   * stores them) of the nodes found in the extract, in order; a node the
   * extract lacks is left out.
   */
  coords: Int32Array;
  /** Indexes into `refs` of the nodes the extract lacks, in order; absent when it holds them all. */
  missing?: number[];
}

/** One item as osm-pbf-parser-node's `parse` returns it. */
export interface ParsedItem {
  type?: string;
  id: number;
  lat?: number;
  lon?: number;
  tags?: OsmTags;
  refs?: number[];
  members?: Array<{ type?: string; ref: number; role?: string }>;
}

/**
 * The elements of a decompressed `PrimitiveBlock`.
 *
 * @param data - the block
 * @throws Error from the decoder for a malformed block
 */
export function parseBlock(data: Uint8Array): ParsedItem[] {
  return parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {}) as ParsedItem[];
}

/**
 * A relation item as handed out: members with their type names and roles.
 *
 * @param item - a relation item of {@link parseBlock}
 */
export function toRelation(item: ParsedItem): PbfRelation {
  const members: PbfMember[] = [];
  for (const m of item.members ?? []) {
    if (m.type === 'node' || m.type === 'way' || m.type === 'relation') members.push({ type: m.type, ref: m.ref, role: m.role ?? '' });
  }
  return { id: item.id, members, tags: item.tags ?? {} };
}
