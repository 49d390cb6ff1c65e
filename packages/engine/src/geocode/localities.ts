import { PointIndex } from '../places/point-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { Area, LatLng, Place, PlaceKind } from '../region/types.js';
import { normalizeCity } from './fold.js';

/**
 * How far (metres) an address may be from the `place=*` node of its suburb
 * or village (the nearest of its class) to take that node's names: about the
 * radius of a large suburb or a village with its fields.
 */
export const PLACE_RADIUS_METRES: Readonly<Record<'part' | 'settlement' | 'municipality', number>> = {
  part: 2_000,
  settlement: 2_500,
  municipality: 15_000,
};

/** Classes of place node: parts of a municipality, small settlements, and municipalities (cities and towns). */
function classOf(kind: PlaceKind): keyof typeof PLACE_RADIUS_METRES {
  if (kind === 'suburb' || kind === 'quarter' || kind === 'neighbourhood' || kind === 'borough') return 'part';
  if (kind === 'village' || kind === 'hamlet' || kind === 'isolated_dwelling') return 'settlement';
  return 'municipality';
}

/**
 * A municipality written with its postal district, `København N`,
 * `Frederiksberg C`, `Praha 9`, `Wien 10`: the name before a last word of one
 * to three capitals or one or two digits. The district's town is that name.
 */
const DISTRICT_SUFFIX = /^(\p{L}[\p{L}'’. -]*\p{L})[\s-]+(?:\p{Lu}{1,3}\.?|\d{1,2}\.?)$/u;

/**
 * The town of a municipality written with its postal district (see
 * {@link DISTRICT_SUFFIX}), e.g. `København` for `København SV`.
 *
 * @param name - a municipality as the data writes it
 * @returns the town's name, or null when the name has no district suffix
 */
export function districtTown(name: string): string | null {
  return DISTRICT_SUFFIX.exec(name.trim())?.[1] ?? null;
}

/**
 * What a region's `place=*` nodes and boundaries add to the names an address
 * is known by:
 *
 * - **aliases**: every name of a place node or administrative boundary
 *   (`name`, `name:*`, `alt_name`, `official_name`…) names the same place as
 *   the others, so an address in `København` is also in `Copenhagen`, one in
 *   `Helsinki` in `Helsingfors`;
 * - **parts**: an address lies in the suburb, quarter, neighbourhood or
 *   borough whose node is nearest to it (within
 *   {@link PLACE_RADIUS_METRES}`.part`), and in the village or hamlet whose
 *   node is nearest (within `.settlement`) when that node lies in the same
 *   municipality boundary as the address (or either has none);
 * - **municipality**: an address that no tag, boundary or postcode places in
 *   a municipality lies in the nearest city or town node within `.municipality`.
 */
export class PlaceNames {
  private readonly aliases = new Map<string, Set<string>>();
  private readonly indexes = new Map<keyof typeof PLACE_RADIUS_METRES, PointIndex<Place>>();
  private readonly municipalityOf = new Map<Place, string | undefined>();
  /** Place nodes by every key their `name` gives an address (its own and its aliases'), built on first use. */
  private nodesByKey: Map<string, Place[]> | undefined;
  private readonly places: readonly Place[];

  /**
   * @param places - the region's place nodes
   * @param areas - the region's boundaries (their names are aliases of each other)
   * @param municipalityAt - the id of the innermost municipality boundary holding a point, if any
   */
  constructor(places: readonly Place[], areas: readonly Area[], municipalityAt: (point: LatLng) => string | undefined) {
    this.places = places;
    const byClass = new Map<keyof typeof PLACE_RADIUS_METRES, Place[]>();
    for (const place of places) {
      this.learnAliases([place.name, ...(place.altNames ?? [])]);
      const kind = classOf(place.kind);
      const list = byClass.get(kind);
      if (list === undefined) byClass.set(kind, [place]);
      else list.push(place);
      if (kind === 'settlement') this.municipalityOf.set(place, municipalityAt(place));
    }
    for (const area of areas) if (area.kind === 'administrative' && area.name !== undefined) this.learnAliases([area.name, ...(area.altNames ?? [])]);
    for (const [kind, list] of byClass) this.indexes.set(kind, new PointIndex(list));
  }

  /**
   * Every other name of a place known by this key.
   *
   * @param key - a {@link normalizeCity} key
   * @returns the keys of its other names (empty when none)
   */
  aliasesOf(key: string): ReadonlySet<string> {
    return this.aliases.get(key) ?? EMPTY;
  }

  /**
   * The names (as written) of the place nodes an address lies in (see the class comment).
   *
   * @param point - the address
   * @param municipality - the id of its innermost municipality boundary, if any
   * @param hasTown - whether a tag, boundary or postcode already names its municipality
   */
  namesAt(point: LatLng, municipality: string | undefined, hasTown: boolean): string[] {
    const names: string[] = [];
    const part = this.indexes.get('part')?.nearest(point, PLACE_RADIUS_METRES.part);
    if (part != null) names.push(part.item.name);
    const settlement = this.indexes.get('settlement')?.nearest(point, PLACE_RADIUS_METRES.settlement);
    if (settlement != null) {
      const own = this.municipalityOf.get(settlement.item);
      if (own === undefined || municipality === undefined || own === municipality) names.push(settlement.item.name);
    }
    if (!hasTown) {
      const town = this.indexes.get('municipality')?.nearest(point, PLACE_RADIUS_METRES.municipality);
      if (town != null) names.push(town.item.name);
    }
    return names;
  }

  /**
   * Whether a place node whose name gives an address the key `cityKey` (see
   * {@link PlaceNames.namesAt}: its name's key or an alias of it) lies within
   * the largest of {@link PLACE_RADIUS_METRES} of `point`: when none does, no
   * place node near the point names it.
   *
   * @param cityKey - a {@link normalizeCity} key
   * @param point - the address
   */
  nodeWithin(cityKey: string, point: LatLng): boolean {
    if (this.nodesByKey === undefined) {
      this.nodesByKey = new Map();
      for (const place of this.places) {
        const key = normalizeCity(place.name);
        for (const name of [key, ...this.aliasesOf(key)]) {
          const list = this.nodesByKey.get(name);
          if (list === undefined) this.nodesByKey.set(name, [place]);
          else list.push(place);
        }
      }
    }
    // A metre in a thousand more than the reach, so that no rounding of the distance rules out a node within it.
    const reach = Math.max(...Object.values(PLACE_RADIUS_METRES)) * 1.001;
    return (this.nodesByKey.get(cityKey) ?? []).some((place) => haversineMetres(place, point) <= reach);
  }

  /**
   * Records that some names name one place (a local alias, `local-aliases.ts`).
   *
   * @param names - the names, as written
   */
  learnAliases(names: readonly string[]): void {
    const keys = new Set(names.map(normalizeCity).filter((key) => key !== ''));
    if (keys.size < 2) return;
    this.nodesByKey = undefined;
    for (const key of keys) {
      const known = this.aliases.get(key) ?? new Set<string>();
      for (const other of keys) if (other !== key) known.add(other);
      this.aliases.set(key, known);
    }
  }
}

const EMPTY: ReadonlySet<string> = new Set();
