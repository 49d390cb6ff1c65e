import { describe, expect, it } from 'vitest';
import { filtersFromSearch, listParams, searchFromFilters } from './request-filters.js';

describe('request filters', () => {
  it('reads valid filters from the URL and reports the others', () => {
    expect(filtersFromSearch('?status=failed&mode=async&since=2026-11-01&key=lsk_Q2hVx9aB')).toEqual({
      filters: { status: 'failed', mode: 'async', since: '2026-11-01', key: 'lsk_Q2hVx9aB' },
      ignored: [],
    });
    expect(filtersFromSearch('?status=done&since=yesterday&page=2')).toEqual({ filters: {}, ignored: ['status=done', 'since=yesterday', 'page=2'] });
  });

  it('writes the set filters back in a fixed order', () => {
    expect(searchFromFilters({ since: '2026-11-01', status: 'failed' })).toBe('?status=failed&since=2026-11-01');
    expect(searchFromFilters({})).toBe('');
    const search = searchFromFilters({ status: 'queued', mode: 'sync', since: '2026-11-05', key: 'lsk_a' });
    expect(filtersFromSearch(search).filters).toEqual({ status: 'queued', mode: 'sync', since: '2026-11-05', key: 'lsk_a' });
  });

  it('asks the API for requests from the start of the UTC day', () => {
    expect(listParams({ since: '2026-11-01', status: 'failed' })).toEqual({ status: 'failed', mode: undefined, key: undefined, since: '2026-11-01T00:00:00Z' });
  });
});
