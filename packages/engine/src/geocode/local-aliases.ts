/**
 * Local names that OpenStreetMap extracts often do not carry, for places
 * where everyday usage differs from the mapped name. Each entry holds only in
 * the state or country named, and only adds a name to a place or street the
 * region's data already has; it never creates one.
 *
 * Sources: USPS ZIP Code lookup (acceptable city names `MANHATTAN`, `NEW
 * YORK CITY`, `NYC` for the ZIP codes whose city is `NEW YORK`); NYC
 * Department of Transportation street names (Avenue of the Americas is the
 * official name of Sixth Avenue since 1945, and both are in use).
 */

/** A place or street name and the other names it goes by, where they hold. */
export interface LocalAlias {
  /** ISO 3166-1 alpha-2 country and, where it matters, the state or province code. */
  country: string;
  state?: string;
  /** The name as the data writes it. */
  name: string;
  /** Other names in use. */
  aliases: readonly string[];
}

/** Municipalities known by another name in everyday or postal use. */
export const LOCALITY_ALIASES: readonly LocalAlias[] = [{ country: 'US', state: 'NY', name: 'New York', aliases: ['Manhattan', 'New York City'] }];

/** Streets known by another name. */
export const STREET_ALIASES: readonly LocalAlias[] = [
  { country: 'US', state: 'NY', name: 'Avenue of the Americas', aliases: ['6th Avenue'] },
  { country: 'US', state: 'NY', name: '6th Avenue', aliases: ['Avenue of the Americas'] },
];

/**
 * The aliases that hold in a region.
 *
 * @param table - {@link LOCALITY_ALIASES} or {@link STREET_ALIASES}
 * @param country - the region's only country, if its data names one
 * @param state - the region's only state, if its data names one
 * @returns the entries of that country (and state, where an entry names one)
 */
export function aliasesIn(table: readonly LocalAlias[], country: string | undefined, state: string | undefined): LocalAlias[] {
  return table.filter((entry) => entry.country === country && (entry.state === undefined || entry.state === state));
}
