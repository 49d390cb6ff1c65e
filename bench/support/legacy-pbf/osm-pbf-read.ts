/**
 * The importer's earlier PBF decoder, osm-pbf-parser 2.3.0 (CommonJS,
 * unmaintained), behind the same two exports as
 * `packages/engine/src/region/osm-pbf-read.ts`, so that
 * `bench/region-import.ts` can run `importRegion` on either decoder in the
 * same run (see `./hooks.mjs`). Valid input only: this is a baseline, not a
 * reader for users.
 */
import { createRequire } from 'node:module';
import { type Duplex, Writable } from 'node:stream';
import type { OsmElement, OsmMember, OsmTags } from '../../../packages/engine/src/region/osm-elements.js';

const require = createRequire(import.meta.url);
/** Its default export: bytes → blobs → inflated blobs → arrays of elements, as one object-mode stream. */
const osmPbfParser = require('osm-pbf-parser') as () => Duplex;

interface LegacyItem {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  tags?: OsmTags;
  refs?: number[];
  members?: Array<{ type: string; id: number; role?: string }>;
}

/** osm-pbf-parser's full pipeline, callable with `new` like the engine's `PbfDecoder`. */
export const PbfDecoder = function PbfDecoder(): Duplex {
  return osmPbfParser();
} as unknown as new () => Duplex;

/** The same element objects the engine's sink hands on, from osm-pbf-parser's items. */
export function pbfElementSink(onElement: (element: OsmElement) => void): Writable {
  return new Writable({
    objectMode: true,
    write(items: LegacyItem[], _encoding, callback) {
      for (const item of items) {
        const tags = item.tags ?? {};
        if (item.type === 'node') onElement({ type: 'node', id: item.id, lat: item.lat ?? 0, lng: item.lon ?? 0, tags });
        else if (item.type === 'way') onElement({ type: 'way', id: item.id, refs: item.refs ?? [], tags });
        else if (item.type === 'relation') {
          const members: OsmMember[] = [];
          for (const m of item.members ?? []) {
            if (m.type === 'node' || m.type === 'way' || m.type === 'relation') members.push({ type: m.type, ref: m.id, role: m.role ?? '' });
          }
          onElement({ type: 'relation', id: item.id, members, tags });
        }
      }
      callback();
    },
  });
}
