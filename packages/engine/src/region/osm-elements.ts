/** OSM tags of one element, key → value. */
export type OsmTags = Record<string, string>;

/** An OSM node as read from a PBF or XML extract. Coordinates in decimal degrees. */
export interface OsmNode {
  type: 'node';
  id: number;
  lat: number;
  lng: number;
  tags: OsmTags;
}

/** An OSM way: an ordered list of node ids. */
export interface OsmWay {
  type: 'way';
  id: number;
  refs: number[];
  tags: OsmTags;
}

/** One member of an OSM relation. */
export interface OsmMember {
  type: 'node' | 'way' | 'relation';
  ref: number;
  role: string;
}

/** An OSM relation (multipolygons are the ones the importer reads). */
export interface OsmRelation {
  type: 'relation';
  id: number;
  members: OsmMember[];
  tags: OsmTags;
}

/** Any OSM element, in file order (nodes, then ways, then relations in sorted extracts). */
export type OsmElement = OsmNode | OsmWay | OsmRelation;
