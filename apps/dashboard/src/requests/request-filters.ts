import { REQUEST_MODES, REQUEST_STATES, type RequestMode, type RequestState } from '@locscore/schema';
import type { AdminRequestListParams } from '@locscore/sdk/browser';

/** The Requests page's filters, as its form and its URL hold them. */
export interface RequestFilters {
  status?: RequestState | undefined;
  mode?: RequestMode | undefined;
  /** A UTC day, `YYYY-MM-DD`: requests made on it or later. */
  since?: string | undefined;
  /** A key prefix (operator only). */
  key?: string | undefined;
}

/** Filters read from a URL, and the parameters that were not valid. */
export interface ParsedFilters {
  filters: RequestFilters;
  /** `name=value` of each parameter left out, to tell the person. */
  ignored: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters in a query string (`?status=failed&since=2026-11-01`). A value
 * that is not valid is left out and reported, never guessed at.
 *
 * @param search - `location.search`
 */
export function filtersFromSearch(search: string): ParsedFilters {
  const params = new URLSearchParams(search);
  const filters: RequestFilters = {};
  const ignored: string[] = [];
  for (const [name, value] of params) {
    if (name === 'status' && (REQUEST_STATES as readonly string[]).includes(value)) filters.status = value as RequestState;
    else if (name === 'mode' && (REQUEST_MODES as readonly string[]).includes(value)) filters.mode = value as RequestMode;
    else if (name === 'since' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) filters.since = value;
    else if (name === 'key' && value.length >= 1 && value.length <= 12) filters.key = value;
    else ignored.push(`${name}=${value}`);
  }
  return { filters, ignored };
}

/**
 * The query string of `filters`, set ones only, in a fixed order.
 *
 * @returns e.g. `?status=failed`, or `''` without filters
 */
export function searchFromFilters(filters: RequestFilters): string {
  const params = new URLSearchParams();
  for (const name of ['status', 'mode', 'since', 'key'] as const) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The SDK's listing parameters for `filters`: the day becomes its start in UTC.
 *
 * @param filters - the page's filters
 */
export function listParams(filters: RequestFilters): AdminRequestListParams {
  return { status: filters.status, mode: filters.mode, key: filters.key, since: filters.since === undefined ? undefined : `${filters.since}T00:00:00Z` };
}
