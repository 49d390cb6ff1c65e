/** The OSM elements the PBF reader hands out (decoded by `pbf-decode.ts`). */

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
   * extract lacks is left out. A view into the reader's buffer, overwritten
   * by the next way: copy it (`slice()`) to keep it.
   */
  coords: Int32Array;
  /** Indexes into `refs` of the nodes the extract lacks, in order; absent when it holds them all. */
  missing?: number[];
}
