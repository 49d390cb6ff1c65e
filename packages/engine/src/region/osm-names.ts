import type { OsmTags } from './osm-elements.js';

/** Keys whose values are other names of a feature (besides every `name:<language>`). */
const OTHER_NAME_KEYS = ['official_name', 'alt_name', 'short_name', 'old_name', 'loc_name', 'int_name'] as const;

/** Splits OSM's `;`-separated multiple values and trims them. */
function values(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .split(';')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/**
 * The other names of an OSM feature: `official_name`, `alt_name`,
 * `short_name`, `old_name`, `loc_name`, `int_name` and every
 * `name:<language>` (`name:de`, `name:en`, `name:de-CH`), each
 * `;`-separated value on its own, without repeats or the `name` itself.
 *
 * @param tags - the feature's tags
 * @returns the names in that key order (`name:*` keys sorted), possibly empty
 */
export function otherNames(tags: OsmTags): string[] {
  const others = new Set<string>();
  for (const key of OTHER_NAME_KEYS) for (const value of values(tags[key])) others.add(value);
  for (const key of Object.keys(tags).sort()) {
    if (/^name:[a-z]{2,3}(?:-[A-Za-z]+)?$/.test(key)) for (const value of values(tags[key])) others.add(value);
  }
  const name = tags.name?.trim();
  if (name !== undefined) others.delete(name);
  return [...others];
}
