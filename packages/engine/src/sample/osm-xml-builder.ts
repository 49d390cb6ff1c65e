import type { LatLng } from '../region/types.js';

type Tags = Record<string, string>;

interface BuiltNode extends LatLng {
  id: number;
  tags: Tags;
}

interface BuiltWay {
  id: number;
  refs: number[];
  tags: Tags;
}

interface BuiltRelation {
  id: number;
  members: Array<{ type: 'node' | 'way'; ref: number; role: string }>;
  tags: Tags;
}

/**
 * Collects OSM nodes, ways and relations with sequential ids (from 1 per
 * type) and serialises them as OSM XML 0.6 (wiki.openstreetmap.org/wiki/OSM_XML).
 */
export class OsmXmlBuilder {
  private readonly nodes: BuiltNode[] = [];
  private readonly ways: BuiltWay[] = [];
  private readonly relations: BuiltRelation[] = [];

  /**
   * Adds a node.
   *
   * @param at - position, decimal degrees
   * @param tags - tags (none for a plain way vertex)
   * @returns the node id
   */
  node(at: LatLng, tags: Tags = {}): number {
    const id = this.nodes.length + 1;
    this.nodes.push({ id, lat: at.lat, lng: at.lng, tags });
    return id;
  }

  /**
   * Adds a way through new vertex nodes.
   *
   * @param points - the vertices; pass the first point again at the end for a closed way
   * @param tags - the way's tags
   * @returns the way id
   */
  way(points: readonly LatLng[], tags: Tags): number {
    const refs: number[] = [];
    const first = points[0];
    points.forEach((point, index) => {
      const isClosing = index === points.length - 1 && index > 0 && first !== undefined && point.lat === first.lat && point.lng === first.lng;
      refs.push(isClosing ? (refs[0] ?? this.node(point)) : this.node(point));
    });
    return this.wayOfNodes(refs, tags);
  }

  /**
   * Adds a way through existing nodes.
   *
   * @param refs - node ids in order
   * @param tags - the way's tags
   * @returns the way id
   */
  wayOfNodes(refs: number[], tags: Tags): number {
    const id = this.ways.length + 1;
    this.ways.push({ id, refs, tags });
    return id;
  }

  /**
   * Adds a relation.
   *
   * @param members - node or way members with roles
   * @param tags - the relation's tags (e.g. `type=multipolygon`)
   * @returns the relation id
   */
  relation(members: BuiltRelation['members'], tags: Tags): number {
    const id = this.relations.length + 1;
    this.relations.push({ id, members, tags });
    return id;
  }

  /** The document, nodes then ways then relations (the order of a sorted extract). */
  toXml(): string {
    const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6" generator="locscore sample region (fictional)">'];
    for (const node of this.nodes) {
      const head = `  <node id="${node.id}" version="1" lat="${node.lat.toFixed(7)}" lon="${node.lng.toFixed(7)}"`;
      const tags = tagLines(node.tags);
      out.push(tags.length === 0 ? `${head}/>` : `${head}>`, ...tags, ...(tags.length === 0 ? [] : ['  </node>']));
    }
    for (const way of this.ways) {
      out.push(`  <way id="${way.id}" version="1">`, ...way.refs.map((ref) => `    <nd ref="${ref}"/>`), ...tagLines(way.tags), '  </way>');
    }
    for (const relation of this.relations) {
      out.push(
        `  <relation id="${relation.id}" version="1">`,
        ...relation.members.map((m) => `    <member type="${m.type}" ref="${m.ref}" role="${escapeXml(m.role)}"/>`),
        ...tagLines(relation.tags),
        '  </relation>',
      );
    }
    out.push('</osm>', '');
    return out.join('\n');
  }
}

function tagLines(tags: Tags): string[] {
  return Object.entries(tags).map(([k, v]) => `    <tag k="${escapeXml(k)}" v="${escapeXml(v)}"/>`);
}

/**
 * Escapes text for an XML attribute value.
 *
 * @param text - any text
 */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
