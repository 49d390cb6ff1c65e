import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Writable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { RegionPackError } from '../errors.js';
import { createDigestTap, type FileDigest } from './file-digest.js';
import type { OsmElement, OsmMember, OsmTags } from './osm-elements.js';

export type { FileDigest } from './file-digest.js';

/** The two OSM encodings the importer reads. */
export type OsmFormat = 'pbf' | 'xml';

const require = createRequire(import.meta.url);
type TransformFunction = (chunk: unknown, encoding: string, callback: (error?: Error | null) => void) => void;
/** osm-pbf-parser (CommonJS, untyped): three transforms, bytes → blobs → inflated blobs → arrays of elements. */
const pbf = require('osm-pbf-parser') as {
  BlobParser: new () => Duplex;
  BlobDecompressor: new () => Duplex;
  PrimitivesParser: new () => Duplex;
};

/**
 * osm-pbf-parser throws synchronously from `_transform` on corrupt input,
 * which would escape as an uncaught exception; this turns such a throw into a
 * stream error so that the pipeline rejects.
 */
/**
 * osm-pbf-parser's BlobParser ends quietly when the file stops inside a blob;
 * this makes a truncated file an error (its `_mode` is 0 between blobs).
 */
function completeOnly(stream: Duplex): Duplex {
  const target = stream as Duplex & { _flush?: (callback: (error?: Error | null) => void) => void; _mode?: number; _prev?: Buffer | null };
  target._flush = (callback) => {
    const between = target._mode === 0 && (target._prev === null || target._prev === undefined || target._prev.length === 0);
    callback(between ? null : new Error('the file ends inside a data block (truncated download?)'));
  };
  return stream;
}

function guarded(stream: Duplex): Duplex {
  const target = stream as Duplex & { _transform: TransformFunction };
  const original = target._transform.bind(target);
  target._transform = (chunk, encoding, callback) => {
    try {
      original(chunk, encoding, callback);
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return stream;
}

/**
 * Tells PBF from XML by the file's first bytes: a PBF starts with a 4-byte
 * big-endian BlobHeader length followed by the `OSMHeader` blob type
 * (OSM PBF format, wiki.openstreetmap.org/wiki/PBF_Format); XML starts with `<`.
 *
 * @param path - the extract
 * @returns the format
 * @throws RegionPackError when the file is missing, empty or neither format
 */
export async function sniffOsmFormat(path: string): Promise<OsmFormat> {
  let head: Buffer;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(64);
      const { bytesRead } = await handle.read(buffer, 0, 64, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new RegionPackError(path, `cannot read the OSM extract (${describe(error)})`);
  }
  const text = head.toString('latin1');
  if (head.length >= 4 && head.readUInt32BE(0) < 65_536 && text.includes('OSMHeader')) return 'pbf';
  if (/^(\uFEFF|ï»¿)?\s*</.test(text)) return 'xml';
  throw new RegionPackError(path, 'not an OpenStreetMap extract (expected .osm.pbf or .osm XML)');
}

/**
 * Streams an OSM extract (PBF via osm-pbf-parser, XML via saxes) and hands
 * each element to `onElement` in file order. Only the current block is held
 * in memory, never the whole file. The file's size and SHA-256 are computed
 * in the same pass.
 *
 * @param path - `.osm.pbf` or `.osm` file
 * @param onElement - called synchronously for each node, way and relation
 * @returns the file's digest
 * @throws RegionPackError when the file is missing or malformed
 */
export async function readOsmFile(path: string, onElement: (element: OsmElement) => void): Promise<FileDigest> {
  const format = await sniffOsmFormat(path);
  const { stream: tap, digest } = createDigestTap();
  try {
    if (format === 'pbf') {
      await pipeline(
        createReadStream(path),
        tap,
        guarded(completeOnly(new pbf.BlobParser())),
        guarded(new pbf.BlobDecompressor()),
        guarded(new pbf.PrimitivesParser()),
        pbfSink(onElement),
      );
    } else {
      await pipeline(createReadStream(path), tap, xmlSink(path, onElement));
    }
  } catch (error) {
    if (error instanceof RegionPackError) throw error;
    throw new RegionPackError(path, `malformed OSM ${format === 'pbf' ? 'PBF' : 'XML'} (${describe(error)})`);
  }
  return digest();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface PbfItem {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  tags?: OsmTags;
  refs?: number[];
  members?: Array<{ type: string; id: number; role?: string }>;
}

function pbfSink(onElement: (element: OsmElement) => void): Writable {
  return new Writable({
    objectMode: true,
    write(items: PbfItem[], _encoding, callback) {
      try {
        for (const item of items) {
          const tags = item.tags ?? {};
          if (item.type === 'node') {
            onElement({ type: 'node', id: item.id, lat: item.lat ?? 0, lng: item.lon ?? 0, tags });
          } else if (item.type === 'way') {
            onElement({ type: 'way', id: item.id, refs: item.refs ?? [], tags });
          } else if (item.type === 'relation') {
            const members: OsmMember[] = [];
            for (const m of item.members ?? []) {
              if (m.type === 'node' || m.type === 'way' || m.type === 'relation') {
                members.push({ type: m.type, ref: m.id, role: m.role ?? '' });
              }
            }
            onElement({ type: 'relation', id: item.id, members, tags });
          }
        }
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}

function xmlSink(path: string, onElement: (element: OsmElement) => void): Writable {
  const parser = new SaxesParser();
  const decoder = new StringDecoder('utf8');
  let depth = 0;
  let current: OsmElement | null = null;
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    depth++;
    if (depth === 1) {
      if (tag.name !== 'osm') failure ??= new RegionPackError(path, `not an OSM XML file (root element <${tag.name}>, expected <osm>)`);
      return;
    }
    const id = Number(attributes.id);
    switch (tag.name) {
      case 'node':
        current = { type: 'node', id, lat: Number(attributes.lat), lng: Number(attributes.lon), tags: {} };
        break;
      case 'way':
        current = { type: 'way', id, refs: [], tags: {} };
        break;
      case 'relation':
        current = { type: 'relation', id, members: [], tags: {} };
        break;
      case 'tag':
        if (current !== null && attributes.k !== undefined) current.tags[attributes.k] = attributes.v ?? '';
        break;
      case 'nd':
        if (current?.type === 'way') current.refs.push(Number(attributes.ref));
        break;
      case 'member': {
        const type = attributes.type;
        if (current?.type === 'relation' && (type === 'node' || type === 'way' || type === 'relation')) {
          current.members.push({ type, ref: Number(attributes.ref), role: attributes.role ?? '' });
        }
        break;
      }
      default:
        break;
    }
  });
  parser.on('closetag', (tag) => {
    depth--;
    if (current !== null && (tag.name === 'node' || tag.name === 'way' || tag.name === 'relation')) {
      const element = current;
      current = null;
      if (Number.isFinite(element.id)) onElement(element);
    }
  });
  return new Writable({
    decodeStrings: false,
    write(chunk: Buffer | string, _encoding, callback) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      callback(failure);
    },
    final(callback) {
      parser.write(decoder.end());
      parser.close();
      callback(failure);
    },
  });
}
