import { CONFIDENCE } from './confidence.js';
import type { StreetParts } from './normalize-street.js';
import { exactKey, looseKey, type RegionSpellings, type StreetEntry } from './street-entries.js';
import { TypoIndex, withinOneEdit } from './typo-index.js';

/** Shortest folded street core (letters and digits, no spaces) for which one typo is tolerated. */
export const MIN_TYPO_LENGTH = 6;

/**
 * Street types that name the same street in English and French (Montréal
 * signs both: `Rue Sainte-Catherine Ouest` = `Sainte-Catherine Street West`,
 * `Chemin de la Côte-des-Neiges` = `Côte-des-Neiges Road`). Any other pair of
 * different types (`5th Avenue` / `5th Street`) names different streets.
 */
const EQUIVALENT_TYPES: ReadonlySet<string> = new Set(
  [
    ['rue', 'street'],
    ['chemin', 'road'],
    ['route', 'road'],
    ['route', 'highway'],
    ['autoroute', 'highway'],
    ['place', 'square'],
    ['place', 'platz'],
    ['strasse', 'street'],
  ].flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
);

/** A street that matched the query's name, and how well (the name factor of the confidence). */
export interface Candidate {
  entry: StreetEntry;
  nameScore: number;
}

/**
 * How a tier of candidates was found: `exact` the same name; `loose` the
 * same name with its type in the other language (`rue`/`street`); `typo`
 * one letter off; `near` the same core with a type or direction left out
 * on one side (`Oberfeld`/`Oberfeldweg`, `7th Avenue`/`7th Avenue South`):
 * another street's name, offered only as "did you mean".
 */
export type NameTier = 'exact' | 'loose' | 'typo' | 'near';

/**
 * Name score of a street found by its core words only. The directions must
 * be the same and the types the same or equivalent ({@link EQUIVALENT_TYPES});
 * with `lenient` (the `near` tier) a type or direction missing on one side
 * is allowed too.
 */
function looseScore(query: StreetParts, entry: StreetParts, lenient: boolean): number | null {
  let score = 1;
  const queryDirections = query.directions.join(',');
  const entryDirections = entry.directions.join(',');
  if (queryDirections !== entryDirections) {
    if (!lenient || (queryDirections !== '' && entryDirections !== '')) return null;
    score *= CONFIDENCE.missingDirection;
  }
  if (query.type !== entry.type) {
    if (EQUIVALENT_TYPES.has(`${query.type}|${entry.type}`)) score *= CONFIDENCE.translatedType;
    else if (lenient && (query.type === null || entry.type === null)) score *= CONFIDENCE.missingType;
    else return null;
  }
  return score;
}

/**
 * The whole name as one string: core words and type, without spaces or
 * directions, e.g. `landstrasse`, `perrystreet`. A typo in a German compound
 * (`Landstrase`) or in the type word (`Perry Stret`) is one edit from it.
 *
 * @param parts - from `analyzeStreet`
 */
export function fullKey(parts: StreetParts): string {
  return `${parts.core.join('')}${parts.type ?? ''}`;
}

function addTo(map: Map<string, StreetEntry[]>, key: string, entry: StreetEntry): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entry]);
  else if (!list.includes(entry)) list.push(entry);
}

/**
 * Finds a region's streets by name, in three tiers tried in order: the
 * exact normalised name (core, type, directions; with and without French
 * articles) or one of the street's other OSM names; the same core with the
 * type or direction missing on one side or the type in the other language;
 * one typo (restricted Damerau-Levenshtein ≤ 1, `TypoIndex`) for cores of
 * at least {@link MIN_TYPO_LENGTH} characters. Each lookup is a few map
 * lookups, independent of the region's size.
 */
export class StreetIndex {
  private readonly exact = new Map<string, StreetEntry[]>();
  /** Exact keys of the streets' own names (not their aliases). */
  private readonly primary = new Map<string, StreetEntry[]>();
  private readonly loose = new Map<string, StreetEntry[]>();
  private readonly typos = new TypoIndex<StreetEntry>();
  private readonly full = new Map<string, StreetEntry[]>();
  /** {@link StreetIndex.find}'s answers for the region's own spellings with nothing excluded, by tier (a name shared by many towns is judged once). */
  private readonly found = new WeakMap<StreetParts, Map<string, readonly Candidate[]>>();

  /**
   * @param entries - the region's street entries
   * @param spellings - the region's spelling tables (aliases are learnt into them)
   */
  constructor(
    entries: readonly StreetEntry[],
    private readonly spellings: RegionSpellings,
  ) {
    for (const entry of entries) {
      if (entry.parts.core.length > 0) {
        addTo(this.primary, exactKey(entry.parts), entry);
        addTo(this.primary, exactKey(entry.parts, true), entry);
      }
      const names = [entry.parts, ...[...entry.aliases].map((alias) => spellings.streets.learn(alias))];
      for (const parts of names) {
        if (parts.core.length === 0) continue;
        addTo(this.exact, exactKey(parts), entry);
        addTo(this.exact, exactKey(parts, true), entry);
        addTo(this.loose, looseKey(parts), entry);
        addTo(this.loose, looseKey(parts, true), entry);
        for (const key of new Set([looseKey(parts), fullKey(parts)])) if (key.length >= MIN_TYPO_LENGTH) this.typos.add(key, entry);
        addTo(this.full, fullKey(parts), entry);
      }
    }
  }

  /** Every street's {@link fullKey} (for "did you mean"). */
  names(): IterableIterator<string> {
    return this.full.keys();
  }

  /**
   * The entries of a {@link fullKey} (for "did you mean").
   *
   * @param key - a key from {@link StreetIndex.names}
   */
  byName(key: string): readonly StreetEntry[] {
    return this.full.get(key) ?? [];
  }

  /**
   * The candidates of one tier, each entry once with its best score. The
   * same list (read-only) is answered again for the same `parts` object
   * (a spelling of the region's, which its spelling table keeps) and tier
   * with nothing excluded.
   *
   * @param parts - the query's street, from `analyzeStreet`
   * @param tier - which tier
   * @param exclude - entries already tried in an earlier tier
   */
  find(parts: StreetParts, tier: NameTier, exclude: ReadonlySet<StreetEntry>): readonly Candidate[] {
    if (exclude.size > 0) return this.search(parts, tier, exclude);
    let byTier = this.found.get(parts);
    if (byTier === undefined) {
      byTier = new Map();
      this.found.set(parts, byTier);
    }
    let candidates = byTier.get(tier);
    if (candidates === undefined) {
      candidates = this.search(parts, tier, exclude);
      byTier.set(tier, candidates);
    }
    return candidates;
  }

  /**
   * The candidates of one tier that no earlier tier found (what
   * {@link StreetIndex.find} answers with the earlier tiers' entries
   * excluded), kept like {@link StreetIndex.find}'s.
   *
   * @param parts - the query's street, from `analyzeStreet`
   * @param tier - which tier
   * @param earlier - the tiers tried before it, in order
   */
  findAfter(parts: StreetParts, tier: NameTier, earlier: readonly NameTier[]): readonly Candidate[] {
    const all = this.find(parts, tier, new Set());
    if (earlier.length === 0) return all;
    const byTier = this.found.get(parts);
    const key = `${tier}<${earlier.join(',')}`;
    const kept = byTier?.get(key);
    if (kept !== undefined) return kept;
    const tried = new Set(earlier.flatMap((before) => this.find(parts, before, new Set()).map((candidate) => candidate.entry)));
    const after = all.filter((candidate) => !tried.has(candidate.entry));
    byTier?.set(key, after);
    return after;
  }

  /** {@link StreetIndex.find}, worked out. */
  private search(parts: StreetParts, tier: NameTier, exclude: ReadonlySet<StreetEntry>): Candidate[] {
    const found = new Map<StreetEntry, number>();
    const consider = (entry: StreetEntry, score: number | null): void => {
      if (score !== null && !exclude.has(entry) && score > (found.get(entry) ?? 0)) found.set(entry, score);
    };
    if (tier === 'exact') {
      const keys = new Set([exactKey(parts), exactKey(parts, true)]);
      // A street's own name wins over another street's alias of the same spelling.
      const own = [...keys].flatMap((key) => this.primary.get(key) ?? []);
      for (const entry of own.length > 0 ? own : [...keys].flatMap((key) => this.exact.get(key) ?? [])) consider(entry, 1);
    } else if (tier === 'loose' || tier === 'near') {
      for (const key of new Set([looseKey(parts), looseKey(parts, true)])) {
        for (const entry of this.loose.get(key) ?? []) consider(entry, this.bestLooseScore(parts, entry, 1, tier === 'near'));
      }
    } else if (looseKey(parts).length >= MIN_TYPO_LENGTH) {
      for (const key of new Set([looseKey(parts), fullKey(parts)])) {
        for (const { values } of this.typos.near(key)) {
          // A typo inside a compound (`Landstrase`) leaves no type to compare: the whole name stands for it, with the same directions.
          for (const entry of values)
            consider(entry, key === fullKey(parts) ? this.compoundTypoScore(parts, entry) : this.bestLooseScore(parts, entry, CONFIDENCE.typo, false));
        }
      }
    }
    return [...found].map(([entry, nameScore]) => ({ entry, nameScore }));
  }

  /**
   * A typo in the whole name (`Landstrase`): one of the entry's names, type
   * included, is one edit from the query's, with the same directions. A
   * query without a type is never one edit from a name that has one
   * (`Werkhof 6` is not `Werkhofstrasse`).
   */
  private compoundTypoScore(parts: StreetParts, entry: StreetEntry): number | null {
    const key = fullKey(parts);
    for (const names of [entry.parts, ...[...entry.aliases].map((alias) => this.spellings.streets.get(alias))]) {
      if (names.directions.join(',') === parts.directions.join(',') && withinOneEdit(fullKey(names), key)) return CONFIDENCE.typo;
    }
    return null;
  }

  /** The best loose score of the query against the entry's name and other names. */
  private bestLooseScore(parts: StreetParts, entry: StreetEntry, factor: number, lenient: boolean): number | null {
    let best: number | null = null;
    const cores = [looseKey(parts), looseKey(parts, true)];
    for (const names of [entry.parts, ...[...entry.aliases].map((alias) => this.spellings.streets.get(alias))]) {
      // Only the names whose core is the query's (or a letter off it): another name's type says nothing about this one.
      if (!cores.some((core) => withinOneEdit(core, looseKey(names)) || withinOneEdit(core, looseKey(names, true)))) continue;
      const score = looseScore(parts, names, lenient);
      if (score !== null && (best === null || score > best)) best = score;
    }
    return best === null ? null : best * factor;
  }
}
