import type { OsmTags } from './osm-elements.js';
import { otherNames } from './osm-names.js';
import type { Area, AreaKind } from './types.js';

/**
 * The kind of area an OSM relation stands for: `boundary=administrative` or
 * `boundary=postal_code` on a `type=boundary` or `type=multipolygon` relation.
 *
 * @param tags - the relation's tags
 * @returns the kind, or null for any other relation
 */
export function areaKindOf(tags: OsmTags): AreaKind | null {
  if (tags.type !== 'boundary' && tags.type !== 'multipolygon') return null;
  if (tags.boundary === 'administrative') return 'administrative';
  if (tags.boundary === 'postal_code') return 'postal_code';
  return null;
}

/**
 * Reads OSM `population=*` as a whole number. Accepts digits with thousands
 * separators in groups of three (`11,145`, `11.145`, `11'145`, `11 145`);
 * anything else (`ca. 5000`, `5000 (2010)`, `1.5`) is not a count and gives null.
 *
 * @param value - the tag value
 * @returns the population, or null
 */
export function parsePopulation(value: string | undefined): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (!/^\d{1,3}(?:([,.' \u2019\u00a0])\d{3})?(?:\1\d{3})*$/.test(text) && !/^\d+$/.test(text)) return null;
  const count = Number(text.replace(/\D/g, ''));
  return Number.isSafeInteger(count) ? count : null;
}

/**
 * The {@link Area} fields an area relation's tags give (everything but the geometry).
 *
 * @param id - the relation id
 * @param kind - from {@link areaKindOf}
 * @param tags - the relation's tags
 * @returns the area's properties
 */
export function areaProperties(id: number, kind: AreaKind, tags: OsmTags): Omit<Area, 'geometry'> {
  const area: Omit<Area, 'geometry'> = { id: `r${id}`, kind };
  const name = tags.name?.trim();
  if (name !== undefined && name !== '') area.name = name;
  const others = otherNames(tags);
  if (others.length > 0) area.altNames = others;
  const level = Number(tags.admin_level);
  if (kind === 'administrative' && Number.isInteger(level) && level > 0) area.adminLevel = level;
  const postcode = (kind === 'postal_code' ? tags.postal_code : undefined) ?? tags['addr:postcode'];
  if (postcode !== undefined && postcode.trim() !== '') area.postcode = postcode.trim();
  const country = tags['ISO3166-1:alpha2'] ?? tags['ISO3166-1'];
  if (country !== undefined && /^[A-Z]{2}$/.test(country.trim())) area.countryCode = country.trim();
  const subdivision = tags['ISO3166-2'];
  if (subdivision !== undefined && /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(subdivision.trim())) area.subdivisionCode = subdivision.trim();
  const population = parsePopulation(tags.population);
  if (population !== null) area.population = population;
  return area;
}
