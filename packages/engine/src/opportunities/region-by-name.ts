import { foldText } from '@locscore/schema';
import { UnknownRegionError } from './unknown-region-error.js';

/** A region's name folded for comparison: accents, case, spaces, hyphens and punctuation left out (`West Village` = `west-village`). */
export function regionKey(name: string): string {
  return foldText(name).replace(/ /g, '');
}

/**
 * The entry of the region named `asked` (compared by {@link regionKey}), or
 * the only entry when `asked` is left out.
 *
 * @param entries - the loaded regions
 * @param nameOf - an entry's region name
 * @param asked - the name asked for, or undefined
 * @throws UnknownRegionError when no entry has that name, or `asked` is left out and there is not exactly one entry
 */
export function regionByName<T>(entries: readonly T[], nameOf: (entry: T) => string, asked: string | undefined): T {
  const names = entries.map(nameOf);
  if (asked === undefined) {
    if (entries.length === 1) return entries[0] as T;
    throw new UnknownRegionError(null, names);
  }
  const key = regionKey(asked);
  const index = names.findIndex((name) => regionKey(name) === key);
  if (index < 0) throw new UnknownRegionError(asked, names);
  return entries[index] as T;
}
