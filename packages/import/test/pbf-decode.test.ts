import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'osm-pbf-parser-node';
import { describe, expect, it } from 'vitest';
import { readBlocks } from '../src/pbf-blocks.js';
import { decodeBlock } from '../src/pbf-decode.js';

/** One element as osm-pbf-parser-node's `parse` gives it. */
interface ParsedItem {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  tags?: Record<string, string>;
  refs?: number[];
  members?: Array<{ type?: string; ref: number; role?: string }>;
}

const EXTRACTS = ['liechtenstein/liechtenstein.osm.pbf', 'copenhagen/kbh.osm.pbf'].map((path) =>
  fileURLToPath(new URL(`../../../../shared/data/${path}`, import.meta.url)),
);

/** Every block of a file decoded by both decoders, element by element in the shape `parse` gives. */
async function compareFile(path: string): Promise<{ blocks: number; elements: number; mismatches: string[] }> {
  const handle = await open(path, 'r');
  const mismatches: string[] = [];
  let blocks = 0;
  let elements = 0;
  try {
    for await (const block of readBlocks(handle, (await handle.stat()).size)) {
      if (block.kind === 'header') continue;
      const expected = (parse(Buffer.from(block.data), {}) as ParsedItem[]).map(({ type, id, lat, lon, tags, refs, members }) => {
        if (type === 'node') return { type, id, lat, lon, tags };
        if (type === 'way') return { type, id, refs, tags: tags ?? {} };
        return { type, id, members: (members ?? []).map((m) => ({ type: m.type, ref: m.ref, role: m.role ?? '' })), tags: tags ?? {} };
      });
      const actual: object[] = [];
      const located: number[] = [];
      const count = decodeBlock(block.data, {
        location: (id, lat, lng) => located.push(id, lat, lng),
        node: (node) => actual.push({ type: 'node', id: node.id, lat: node.lat, lon: node.lng, tags: node.tags }),
        way: (id, refs, tags) => actual.push({ type: 'way', id, refs, tags }),
        relation: (relation) => actual.push({ type: 'relation', ...relation }),
      });
      // parse gives every node; decodeBlock gives tagged nodes whole and every node's fixed-point location.
      const nodes = expected.filter((item) => item.type === 'node');
      const expectedLocations = nodes.flatMap((node) => [node.id, Math.round((node.lat ?? 0) * 1e7), Math.round((node.lon ?? 0) * 1e7)]);
      const expectedTagged = expected.filter((item) => item.type !== 'node' || item.tags !== undefined);
      if (count !== expected.length) mismatches.push(`block at ${block.offset}: ${count} elements, parse ${expected.length}`);
      try {
        expect(located).toEqual(expectedLocations);
        expect(actual).toEqual(expectedTagged);
      } catch (error) {
        mismatches.push(`block at ${block.offset}: ${String(error).slice(0, 300)}`);
      }
      blocks++;
      elements += count;
    }
  } finally {
    await handle.close();
  }
  return { blocks, elements, mismatches };
}

describe('decodeBlock', () => {
  for (const path of EXTRACTS) {
    it.skipIf(!existsSync(path))(`gives what osm-pbf-parser-node's parse gives, block by block: ${path.split('/').at(-1)}`, async () => {
      const { blocks, elements, mismatches } = await compareFile(path);
      expect(mismatches).toEqual([]);
      expect(blocks).toBeGreaterThan(10);
      expect(elements).toBeGreaterThan(100_000);
    });
  }
});
