import { type TransformCallback, Writable } from 'node:stream';
import { OSMTransform } from 'osm-pbf-parser-node';
import type { OsmElement, OsmMember, OsmTags } from './osm-elements.js';

/**
 * One item as osm-pbf-parser-node pushes it (in arrays, one array per PBF
 * block): the file's header block (no `type`), then nodes, ways and
 * relations. `tags` is absent when an element has none; member types are
 * already names.
 */
interface PbfItem {
  type?: string;
  id: number;
  lat?: number;
  lon?: number;
  tags?: OsmTags;
  refs?: number[];
  members?: Array<{ type?: string; ref: number; role?: string }>;
}

/**
 * Decodes OSM PBF bytes (wiki.openstreetmap.org/wiki/PBF_Format) into arrays
 * of elements with osm-pbf-parser-node: one array per data block, so memory
 * holds one inflated block at a time, never the file.
 *
 * The library reports corrupt input by throwing from `_transform` and a file
 * that stops inside a block by throwing from `_flush`; a throw there would
 * escape the pipeline as an uncaught exception, so both become stream errors
 * here, through the `Transform` hooks the library itself overrides.
 */
export class PbfDecoder extends OSMTransform {
  constructor() {
    super({ withTags: true, withInfo: false });
  }

  override _transform(chunk: Buffer, encoding: BufferEncoding, next: TransformCallback): void {
    try {
      super._transform(chunk, encoding, next);
    } catch (error) {
      next(error instanceof Error ? error : new Error(String(error)));
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      super._flush(done);
    } catch {
      done(new Error('the file ends inside a data block (truncated download?)'));
    }
  }
}

/**
 * The end of a PBF pipeline: takes the arrays {@link PbfDecoder} pushes and
 * hands each node, way and relation to `onElement` in file order, with empty
 * tags as `{}` and relation members as `{ type, ref, role }` (role `''` when
 * the file has none).
 *
 * @param onElement - called synchronously per element; a throw fails the pipeline
 */
export function pbfElementSink(onElement: (element: OsmElement) => void): Writable {
  return new Writable({
    objectMode: true,
    write(items: PbfItem[], _encoding, callback) {
      try {
        for (const item of items) {
          const element = toElement(item);
          if (element !== null) onElement(element);
        }
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}

function toElement(item: PbfItem): OsmElement | null {
  const tags = item.tags ?? {};
  switch (item.type) {
    case 'node':
      return { type: 'node', id: item.id, lat: item.lat ?? 0, lng: item.lon ?? 0, tags };
    case 'way':
      return { type: 'way', id: item.id, refs: item.refs ?? [], tags };
    case 'relation': {
      const members: OsmMember[] = [];
      for (const m of item.members ?? []) {
        if (m.type === 'node' || m.type === 'way' || m.type === 'relation') members.push({ type: m.type, ref: m.ref, role: m.role ?? '' });
      }
      return { type: 'relation', id: item.id, members, tags };
    }
    default:
      return null; // the header block
  }
}
