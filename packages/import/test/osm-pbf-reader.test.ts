import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type PassProgress, readOsmPbf } from '../src/index.js';

const LIECHTENSTEIN = fileURLToPath(new URL('../../../../shared/data/liechtenstein/liechtenstein.osm.pbf', import.meta.url));

describe.skipIf(!existsSync(LIECHTENSTEIN))('readOsmPbf on the Liechtenstein extract', () => {
  it('reads every element once, nodes then relations then ways, with each way located', async () => {
    const order: string[] = [];
    const progress: PassProgress[] = [];
    let taggedNodes = 0;
    let locatedNodes = 0;
    let swarovskiStart: number[] | null = null;
    const summary = await readOsmPbf(LIECHTENSTEIN, {
      onNode: () => {
        taggedNodes++;
        if (order.at(-1) !== 'node') order.push('node');
      },
      onRelation: () => {
        if (order.at(-1) !== 'relation') order.push('relation');
      },
      onWay: (way) => {
        if (order.at(-1) !== 'way') order.push('way');
        locatedNodes += way.coords.length / 2;
        if (way.id === 25208578) swarovskiStart = [...way.coords.slice(0, 2)];
      },
      onProgress: (event) => progress.push(event),
    });
    // Counts as osmium fileinfo gives them (../shared/data/liechtenstein/SOURCES.md).
    expect(summary).toMatchObject({ nodes: 383_352, ways: 36_530, relations: 911, missingNodes: 0 });
    expect(order).toEqual(['node', 'relation', 'way']);
    expect(taggedNodes).toBeGreaterThan(3_000);
    expect(locatedNodes).toBeGreaterThan(summary.nodes / 2);
    // Way 25208578 (Swarovski, Triesen) starts at node 274855119, x9.5212908 y47.1090157 in osmium's OPL.
    expect(swarovskiStart).toEqual([95_212_908, 471_090_157]);
    expect(summary.sha256).toBe(createHash('sha256').update(readFileSync(LIECHTENSTEIN)).digest('hex'));
    expect(summary.bytes).toBe(3_098_617);
    expect(progress.filter((event) => event.done).map((event) => event.pass)).toEqual(['nodes+relations', 'ways']);
    expect(progress.at(-1)?.objects).toBe(36_530);
  });

  it('fails clearly on a missing file', async () => {
    await expect(readOsmPbf('/nonexistent/extract.osm.pbf')).rejects.toThrow(/ENOENT/);
  });
});

const COPENHAGEN = fileURLToPath(new URL('../../../../shared/data/copenhagen/kbh.osm.pbf', import.meta.url));

describe.skipIf(!existsSync(COPENHAGEN))('readOsmPbf on the Copenhagen extract (blocks that hold nodes, ways and relations together)', () => {
  it('reads every way and relation of a block that holds more than one type, as osmium does', async () => {
    let supermarket: { refs: number; located: number } | null = null;
    const summary = await readOsmPbf(COPENHAGEN, {
      onWay: (way) => {
        // Way 24780506 (Metro supermarket, Amager) lies in a block that also holds the file's last nodes.
        if (way.id === 24780506) supermarket = { refs: way.refs.length, located: way.coords.length / 2 };
      },
    });
    // osmium fileinfo -e: 132,142 nodes, 15,597 ways, 379 relations; osmium check-refs: 3,750 way nodes missing (a clipped extract).
    expect(summary).toMatchObject({ nodes: 132_142, ways: 15_597, relations: 379, missingNodes: 3_750 });
    expect(supermarket).toEqual({ refs: 11, located: 11 });
  });
});
