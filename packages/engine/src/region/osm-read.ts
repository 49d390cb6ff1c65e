import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { RegionPackError } from '../errors.js';
import { createDigestTap, type FileDigest } from './file-digest.js';
import type { OsmElement } from './osm-elements.js';
import { PbfDecoder, pbfElementSink } from './osm-pbf-read.js';

export type { FileDigest } from './file-digest.js';

/** The two OSM encodings the importer reads. */
export type OsmFormat = 'pbf' | 'xml';

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
 * Streams an OSM extract (PBF via osm-pbf-parser-node, XML via saxes) and hands
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
      await pipeline(createReadStream(path), tap, new PbfDecoder(), pbfElementSink(onElement));
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
