import { describe, expect, it } from 'vitest';
import type { OpportunityTable } from './opportunity-table.js';
import { TableCache } from './table-cache.js';

const table = (region: string, candidates: number): OpportunityTable => ({
  region,
  category: 'coffee',
  modelVersion: 'test',
  kind: 'address',
  dedupeMetres: 100,
  ranked: Array.from({ length: candidates }, (_, index) => ({ lat: 0, lng: index / 1000, label: null, score: 5 })),
  heat: { cellMetres: 250, bbox: [0, 0, 0, 0], cells: [] },
  buildMs: 0,
});

describe('TableCache', () => {
  it('builds a table once for concurrent requests and keeps it', async () => {
    const cache = new TableCache();
    let builds = 0;
    const build = async () => {
      builds += 1;
      return table('A', 3);
    };
    const [first, second] = await Promise.all([cache.get('A', 'coffee', build), cache.get('A', 'coffee', build)]);
    expect(builds).toBe(1);
    expect([first.cached, second.cached]).toEqual([false, true]);
    expect(second.table).toBe(first.table);
    expect((await cache.get('A', 'coffee', build)).cached).toBe(true);
    expect(cache.has('A', 'coffee')).toBe(true);
    expect(cache.has('A', 'gym-fitness')).toBe(false);
  });

  it('keeps no failed build, so the next request builds again', async () => {
    const cache = new TableCache();
    await expect(cache.get('A', 'coffee', () => Promise.reject(new Error('scoring failed')))).rejects.toThrow('scoring failed');
    expect(cache.has('A', 'coffee')).toBe(false);
    expect((await cache.get('A', 'coffee', async () => table('A', 1))).cached).toBe(false);
  });

  it('drops the least recently used table beyond its bound of candidates', async () => {
    const cache = new TableCache({ maxCandidates: 10 });
    await cache.get('A', 'coffee', async () => table('A', 6));
    await cache.get('B', 'coffee', async () => table('B', 6));
    expect(cache.has('A', 'coffee')).toBe(false);
    expect(cache.has('B', 'coffee')).toBe(true);
    expect(cache.size).toBe(1);
  });
});
