import { areaIndexOf } from '../region/area-index.js';
import type { AddressPoint, Area, RegionData } from '../region/types.js';
import { foldText, normalizeCity, normalizePostcode } from './fold.js';
import { aliasesIn, LOCALITY_ALIASES } from './local-aliases.js';
import { districtTown, PlaceNames } from './localities.js';
import { countryOfRegion } from './regions.js';
import type { UnheldComponent } from './types.js';

/**
 * What the data says about where one address (or street) lies: every
 * municipality name it is known by (its `addr:city` and the names of the
 * administrative areas holding it, any level), its postcodes, its state or
 * province code and its country code. Shared between the addresses with the
 * same facts; read-only.
 */
export interface PlaceProfile {
  /** {@link normalizeCity} keys. */
  cities: ReadonlySet<string>;
  /** {@link normalizePostcode} keys. */
  postcodes: ReadonlySet<string>;
  /** Postcodes of the profile's municipality, for a profile without its own (weaker evidence). */
  inferredPostcodes: ReadonlySet<string>;
  /** Upper-case state, province or canton code (`NY`, `QC`, `SG`), when known. */
  state?: string;
  /** ISO 3166-1 alpha-2, when known. */
  country?: string;
}

/** How one component of the input relates to a profile. */
export type Agreement = 'agrees' | 'unknown' | 'contradicts';

/** The components of an input, as comparison keys. */
export interface QueryPlace {
  /** Every locality the input names (municipality, suburb, district…), each of which must be one of the match's names. */
  cityKeys?: string[];
  postcodeKey?: string;
  state?: string;
  country?: string;
}

const EMPTY: ReadonlySet<string> = new Set();

/** `US-AL` → `AL` for a state-level subdivision (admin level 3–4). */
function stateOfArea(area: Area): string | undefined {
  if (area.subdivisionCode === undefined || (area.adminLevel ?? 0) > 4) return undefined;
  return area.subdivisionCode.split('-')[1];
}

/** A two-letter `addr:state` that is a known US state, Canadian province or Swiss canton. */
function stateCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code !== undefined && /^[A-Z]{2}$/.test(code) && countryOfRegion(code, true) !== null ? code : undefined;
}

/**
 * The places a region's data knows (municipalities, postcodes, states,
 * countries) and the {@link PlaceProfile} of each address. Profiles are
 * interned: addresses with the same facts share one object.
 */
export class RegionPlaces {
  private readonly areasById = new Map<string, Area>();
  private readonly cities = new Set<string>();
  /** Initials of municipality names of three or more words (`nyc` → `new york`), see {@link RegionPlaces.cityKeyOf}. */
  private readonly cityInitials = new Map<string, string>();
  private readonly postcodes = new Set<string>();
  private readonly states = new Set<string>();
  private readonly countries = new Set<string>();
  private readonly postcodesOfCity = new Map<string, Set<string>>();
  private readonly cityOfPostcode = new Map<string, string>();
  private readonly cityCountsOfPostcode = new Map<string, Map<string, number>>();
  private readonly profiles = new Map<string, PlaceProfile>();
  private readonly ofAddress = new WeakMap<AddressPoint, PlaceProfile>();
  /** The region's only state, when its data names exactly one (then an address without one is in it). */
  private onlyState: string | undefined;
  /** The region's only country, likewise. */
  private onlyCountry: string | undefined;

  private readonly placeNames: PlaceNames;

  /** @param region - the region's addresses, and its areas and place nodes where it has them */
  constructor(region: Pick<RegionData, 'addresses'> & Partial<Pick<RegionData, 'areas' | 'places'>>) {
    const areaIndex = areaIndexOf({ areas: region.areas ?? [] });
    const municipalityAt = (point: { lat: number; lng: number }): string | undefined =>
      areaIndex.containing(point).find((area) => area.kind === 'administrative' && (area.adminLevel === 8 || area.adminLevel === 7))?.id;
    this.placeNames = new PlaceNames(region.places ?? [], region.areas ?? [], municipalityAt);
    for (const place of region.places ?? []) for (const name of [place.name, ...(place.altNames ?? [])]) this.learnCity(name);
    for (const area of region.areas ?? []) {
      this.areasById.set(area.id, area);
      if (area.kind === 'administrative' && (area.adminLevel ?? 99) >= 4) {
        for (const name of [area.name, ...(area.altNames ?? [])]) if (name !== undefined) this.learnCity(name);
      }
      if (area.postcode !== undefined) this.postcodes.add(normalizePostcode(area.postcode));
      const state = stateOfArea(area);
      if (state !== undefined) this.states.add(state);
      const country = area.countryCode ?? (area.subdivisionCode?.split('-')[0] as string | undefined);
      if (country !== undefined && (area.adminLevel ?? 99) <= 4) this.countries.add(country);
    }
    for (const address of region.addresses) {
      const city = address.city?.trim();
      if (city !== undefined && city !== '') {
        this.learnCity(city);
        const town = districtTown(city);
        if (town !== null) this.learnCity(town);
      }
      for (const locality of address.localities ?? []) this.learnCity(locality);
      for (const key of postcodeKeysOf(address)) {
        this.postcodes.add(key);
        if (city !== undefined && city !== '') {
          const cityKey = normalizeCity(city);
          const counts = this.cityCountsOfPostcode.get(key) ?? new Map<string, number>();
          counts.set(city, (counts.get(city) ?? 0) + 1);
          this.cityCountsOfPostcode.set(key, counts);
          const known = this.postcodesOfCity.get(cityKey);
          if (known === undefined) this.postcodesOfCity.set(cityKey, new Set([key]));
          else known.add(key);
        }
      }
      const state = stateCode(address.state);
      if (state !== undefined) this.states.add(state);
      const country = address.country?.trim().toUpperCase();
      if (country !== undefined && /^[A-Z]{2}$/.test(country)) this.countries.add(country);
      else if (state !== undefined) this.countries.add(countryOfRegion(state, true) ?? '');
    }
    this.countries.delete('');
    for (const [postcode, counts] of this.cityCountsOfPostcode) {
      let best = '';
      let bestCount = 0;
      for (const [city, count] of counts) {
        if (count > bestCount) {
          best = city;
          bestCount = count;
        }
      }
      this.cityOfPostcode.set(postcode, best);
    }
    if (this.states.size === 1) this.onlyState = [...this.states][0];
    if (this.countries.size === 1) this.onlyCountry = [...this.countries][0];
    for (const { name, aliases } of aliasesIn(LOCALITY_ALIASES, this.onlyCountry, this.onlyState)) {
      if (!this.cities.has(normalizeCity(name))) continue;
      this.placeNames.learnAliases([name, ...aliases]);
      for (const alias of aliases) this.learnCity(alias);
    }
  }

  /** The region's only country, when its data names exactly one (e.g. `US` for the West Village). */
  get soleCountry(): string | undefined {
    return this.onlyCountry;
  }

  /** The region's only state or province, when its data names exactly one (e.g. `NY` for the West Village). */
  get soleState(): string | undefined {
    return this.onlyState;
  }

  /**
   * The municipality of a postcode: the one most of the addresses that carry both name.
   *
   * @param postcodeKey - a {@link normalizePostcode} key
   */
  cityOf(postcodeKey: string): string | undefined {
    return this.cityOfPostcode.get(postcodeKey);
  }

  /**
   * The components of an input that the region's data does not hold at all.
   *
   * @param query - the input's components as keys
   * @param written - the same components as written, for the message
   * @returns the unheld components, in the order municipality, postcode, state, country
   */
  unheld(query: QueryPlace, written: { cities?: readonly string[]; postcode?: string; state?: string; country?: string }): UnheldComponent[] {
    const out: UnheldComponent[] = [];
    // A kind of component the data never names (no postcodes at all…) cannot rule anything out.
    const lacks = (held: ReadonlySet<string>, value: string | undefined): value is string => value !== undefined && held.size > 0 && !held.has(value);
    for (const [index, key] of (query.cityKeys ?? []).entries()) {
      if (lacks(this.cities, key)) out.push({ component: 'municipality', value: written.cities?.[index] ?? key });
    }
    if (query.postcodeKey !== undefined && this.postcodes.size > 0 && !this.holdsPostcode(query.postcodeKey)) {
      out.push({ component: 'postcode', value: written.postcode ?? query.postcodeKey });
    }
    if (lacks(this.states, query.state)) out.push({ component: 'state', value: written.state ?? query.state });
    if (lacks(this.countries, query.country)) out.push({ component: 'country', value: written.country ?? query.country });
    return out;
  }

  /**
   * The comparison key of a municipality as written in a query: its
   * {@link normalizeCity} key, or, when the region knows no municipality by
   * it, the municipality whose name of three or more words it abbreviates
   * (`NYC` for `New York City`, `SJSR` for `Saint-Jean-sur-Richelieu`), or
   * the town of a name written with its postal district (`Praha` for `Praha 9`).
   * Initials that two municipalities share, or that are themselves a
   * municipality's name, stand for neither.
   *
   * @param written - the municipality as the input writes it, e.g. `NYC`
   * @returns a key for {@link compare}, e.g. `new york`
   */
  cityKeyOf(written: string): string {
    const key = normalizeCity(written);
    if (this.cities.has(key)) return key;
    // `Praha 9`, `Wien 10`: a town written with its postal district, where the data names the town alone.
    const town = districtTown(written);
    if (town !== null && this.cities.has(normalizeCity(town))) return normalizeCity(town);
    const expanded = this.cityInitials.get(key.replace(/ /g, ''));
    return expanded === undefined || expanded === '' ? key : expanded;
  }

  private learnCity(name: string): void {
    const key = normalizeCity(name);
    this.cities.add(key);
    const words = foldText(name).split(' ');
    if (words.length < 3) return;
    const initials = words.map((word) => word[0]).join('');
    const known = this.cityInitials.get(initials);
    // Two municipalities with the same initials: the initials name neither ('' marks the clash).
    this.cityInitials.set(initials, known === undefined || known === key ? key : '');
  }

  /**
   * Whether the region holds a postcode: one an address or postal area
   * carries, or, for postcodes finer than an area (Canadian `V6E 3P3`,
   * Dutch `1012 AB`, British `SW1A 1AA`), one whose area (`V6E`) the
   * region holds.
   *
   * @param key - a {@link normalizePostcode} key
   */
  holdsPostcode(key: string): boolean {
    if (this.postcodes.has(key)) return true;
    const area = postcodeArea(key);
    return area !== null && this.postcodeAreas().has(area);
  }

  private areaSet: Set<string> | undefined;

  private postcodeAreas(): Set<string> {
    this.areaSet ??= new Set([...this.postcodes].map(postcodeArea).filter((area): area is string => area !== null));
    return this.areaSet;
  }

  /**
   * Whether the region's data names this state, province or canton.
   *
   * @param code - upper-case code, e.g. `BC`
   */
  holdsState(code: string): boolean {
    return this.states.has(code);
  }

  /**
   * Whether the region knows a municipality by this key.
   *
   * @param cityKey - a {@link normalizeCity} key
   */
  holdsCity(cityKey: string): boolean {
    return this.cities.has(cityKey);
  }

  /**
   * The profile of one address: built on first use, then shared by every address with the same facts.
   *
   * @param address - an address of the region
   */
  profileOf(address: AddressPoint): PlaceProfile {
    const known = this.ofAddress.get(address);
    if (known !== undefined) return known;
    const facts = this.factsOf(address);
    const { cityNames, postcodeKeys, state, country } = facts;
    cityNames.push(...this.placeNames.namesAt(address, facts.municipality, facts.hasTown));
    const ownKeys = new Set(cityNames.map(normalizeCity));
    for (const key of [...ownKeys]) for (const alias of this.placeNames.aliasesOf(key)) ownKeys.add(alias);
    const cityKeys = [...ownKeys].sort();
    const key = `${cityKeys.join('|')}\u0000${postcodeKeys.join('|')}\u0000${state ?? ''}\u0000${country ?? ''}`;
    let profile = this.profiles.get(key);
    if (profile === undefined) {
      const inferred = new Set<string>();
      if (postcodeKeys.length === 0) for (const cityKey of cityKeys) for (const code of this.postcodesOfCity.get(cityKey) ?? []) inferred.add(code);
      profile = { cities: new Set(cityKeys), postcodes: postcodeKeys.length === 0 ? EMPTY : new Set(postcodeKeys), inferredPostcodes: inferred };
      if (state !== undefined) profile.state = state;
      if (country !== undefined) profile.country = country;
      this.profiles.set(key, profile);
    }
    this.ofAddress.set(address, profile);
    return profile;
  }

  /**
   * The postcodes of one address's profile ({@link PlaceProfile.postcodes}:
   * its `addr:postcode` and the postal areas holding it, sorted), without
   * building the profile.
   *
   * @param address - an address of the region
   */
  postcodesOf(address: AddressPoint): string[] {
    const known = this.ofAddress.get(address);
    if (known !== undefined) return [...known.postcodes];
    return [...new Set(this.postcodeList(address))].sort();
  }

  /** An address's postcode keys as found: its `addr:postcode` first, then those of the postal areas holding it. */
  private postcodeList(address: AddressPoint): string[] {
    const postcodes = postcodeKeysOf(address);
    for (const id of address.areas ?? []) {
      const area = this.areasById.get(id);
      if (area?.kind === 'postal_code' && area.postcode !== undefined) postcodes.push(normalizePostcode(area.postcode));
    }
    return postcodes;
  }

  /**
   * Whether one address's profile may name the municipality `cityKey`, and
   * whether it surely names some municipality, worked out from its tags,
   * boundaries and postcode without the place nodes near it: a profile
   * takes a place node's names only within `PLACE_RADIUS_METRES` of
   * it, so `mayName` is false only when no name of the address and no
   * place node of that name within reach gives it `cityKey`.
   *
   * @param address - an address of the region
   * @param cityKey - a {@link normalizeCity} key
   */
  cityEvidence(address: AddressPoint, cityKey: string): { mayName: boolean; namesSome: boolean } {
    const known = this.ofAddress.get(address);
    if (known !== undefined) return { mayName: known.cities.has(cityKey), namesSome: known.cities.size > 0 };
    const { cityNames } = this.factsOf(address);
    const namesSome = cityNames.length > 0;
    for (const name of cityNames) {
      const key = normalizeCity(name);
      if (key === cityKey || this.placeNames.aliasesOf(key).has(cityKey)) return { mayName: true, namesSome };
    }
    return { mayName: this.placeNames.nodeWithin(cityKey, address), namesSome };
  }

  /** What one address's tags and boundaries say (its profile but the place nodes near it). */
  private factsOf(address: AddressPoint): AddressFacts {
    const cityNames: string[] = [];
    const city = address.city?.trim();
    if (city !== undefined && city !== '') {
      cityNames.push(city);
      const town = districtTown(city);
      if (town !== null) cityNames.push(town);
    }
    cityNames.push(...(address.localities ?? []));
    const postcodes = this.postcodeList(address);
    let state = stateCode(address.state);
    let country = address.country?.trim().toUpperCase();
    for (const id of address.areas ?? []) {
      const area = this.areasById.get(id);
      if (area === undefined) continue;
      if (area.kind === 'administrative' && (area.adminLevel ?? 99) >= 4) {
        for (const name of [area.name, ...(area.altNames ?? [])]) if (name !== undefined) cityNames.push(name);
      }
      state ??= stateOfArea(area);
      if ((area.adminLevel ?? 99) <= 4) country ??= area.countryCode ?? area.subdivisionCode?.split('-')[0];
    }
    let hasTown = city !== undefined && city !== '';
    if (!hasTown && cityNames.length === 0 && postcodes[0] !== undefined) {
      const byPostcode = this.cityOfPostcode.get(postcodes[0]);
      if (byPostcode !== undefined) {
        cityNames.push(byPostcode);
        hasTown = true;
      }
    }
    hasTown ||= (address.areas ?? []).some((id) => this.areasById.get(id)?.kind === 'administrative');
    const municipality = (address.areas ?? []).find((id) => {
      const area = this.areasById.get(id);
      return area?.kind === 'administrative' && (area.adminLevel === 8 || area.adminLevel === 7);
    });
    state ??= this.onlyState;
    if (country === undefined || !/^[A-Z]{2}$/.test(country))
      country = (state === undefined ? undefined : (countryOfRegion(state, true) ?? undefined)) ?? this.onlyCountry;
    return { cityNames, postcodeKeys: [...new Set(postcodes)].sort(), state, country, hasTown, municipality };
  }
}

/** The facts of one address before the place nodes near it (see `RegionPlaces.profileOf`). */
interface AddressFacts {
  /** Municipality names as written, from its tags, boundaries and postcode. */
  cityNames: string[];
  /** Sorted {@link normalizePostcode} keys. */
  postcodeKeys: string[];
  state: string | undefined;
  country: string | undefined;
  /** Whether a tag, boundary or postcode names its municipality. */
  hasTown: boolean;
  /** Its innermost municipality boundary's id, if any. */
  municipality: string | undefined;
}

/**
 * How each component of the input relates to a profile: the municipality
 * agrees when it is one of the profile's names; the postcode when it is one
 * of the profile's postcodes (a postcode only inferred from the
 * municipality agrees when listed, else is `unknown`, never a
 * contradiction); state and country when equal. A component the profile
 * has no fact about is `unknown`.
 *
 * @param query - the input's components
 * @param profile - the candidate's profile
 * @returns one agreement per component the input names
 */
export function compare(query: QueryPlace, profile: PlaceProfile): Agreement[] {
  const out: Agreement[] = [];
  for (const key of query.cityKeys ?? []) out.push(profile.cities.size === 0 ? 'unknown' : profile.cities.has(key) ? 'agrees' : 'contradicts');
  if (query.postcodeKey !== undefined) out.push(comparePostcode(query.postcodeKey, profile));
  if (query.state !== undefined) out.push(profile.state === undefined ? 'unknown' : profile.state === query.state ? 'agrees' : 'contradicts');
  if (query.country !== undefined) out.push(profile.country === undefined ? 'unknown' : profile.country === query.country ? 'agrees' : 'contradicts');
  return out;
}

/** The {@link normalizePostcode} keys of an address's `addr:postcode`, each of a `;`-separated list (`00120;00180`). */
function postcodeKeysOf(address: AddressPoint): string[] {
  return (address.postcode ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(normalizePostcode);
}

/**
 * The area of a postcode finer than an area: a Canadian postal code's
 * forward sortation area (`V6E` of `V6E3P3`), a Dutch postcode's digits
 * (`1012` of `1012AB`), a British postcode's outward code (`SW1A` of
 * `SW1A1AA`); null for other postcodes (US ZIP, European digits), which are
 * areas themselves.
 *
 * @param key - a {@link normalizePostcode} key
 */
export function postcodeArea(key: string): string | null {
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(key)) return key.slice(0, 3);
  if (/^\d{4}[A-Z]{2}$/.test(key)) return key.slice(0, 4);
  const british = /^([A-Z]{1,2}\d[A-Z\d]?)\d[A-Z]{2}$/.exec(key);
  return british?.[1] ?? null;
}

/**
 * How a written postcode relates to a profile: its own postcodes (from tags
 * or postal areas) agree or contradict; without them, the postcodes its
 * municipality's other addresses carry can contradict (a postcode of another
 * municipality) but not confirm (`unknown`). A postcode finer than an area agrees when equal,
 * and when the profile's postcode is only known at the area level
 * ({@link postcodeArea}) or not at all, agrees or contradicts by area.
 */
function comparePostcode(key: string, profile: PlaceProfile): Agreement {
  const own = profile.postcodes.size > 0;
  const known = own ? profile.postcodes : profile.inferredPostcodes;
  if (known.size === 0) return 'unknown';
  // Only the address's own postcode confirms; its town's can contradict, never confirm.
  if (known.has(key)) return own ? 'agrees' : 'unknown';
  const area = postcodeArea(key);
  if (area === null) return 'contradicts';
  // A finer postcode than the data holds for this address: its area decides, and only an exact postcode of the address can confirm it.
  const areas = new Set([...known].map((code) => postcodeArea(code) ?? code));
  if (!areas.has(area)) return 'contradicts';
  return profile.postcodes.size > 0 && [...profile.postcodes].every((code) => code.length > area.length) ? 'contradicts' : 'unknown';
}

/**
 * One profile standing for several (a street's addresses): the union of
 * their names and postcodes; a state or country only when all agree.
 *
 * @param profiles - the profiles to merge
 * @returns the merged profile
 */
export function mergeProfiles(profiles: readonly PlaceProfile[]): PlaceProfile {
  if (profiles.length === 1 && profiles[0] !== undefined) return profiles[0];
  const cities = new Set<string>();
  const postcodes = new Set<string>();
  const inferred = new Set<string>();
  const states = new Set<string | undefined>();
  const countries = new Set<string | undefined>();
  for (const profile of profiles) {
    for (const city of profile.cities) cities.add(city);
    for (const postcode of profile.postcodes) postcodes.add(postcode);
    for (const postcode of profile.inferredPostcodes) inferred.add(postcode);
    states.add(profile.state);
    countries.add(profile.country);
  }
  const merged: PlaceProfile = { cities, postcodes, inferredPostcodes: inferred };
  const [state] = states;
  const [country] = countries;
  if (states.size === 1 && state !== undefined) merged.state = state;
  if (countries.size === 1 && country !== undefined) merged.country = country;
  return merged;
}

/**
 * One phrase naming the components a region does not hold: `no municipality "Zürich" and no postcode 8001`.
 *
 * @param unheld - from {@link RegionPlaces.unheld}
 */
export function describeUnheld(unheld: readonly UnheldComponent[]): string {
  return unheld.map(({ component, value }) => (component === 'postcode' ? `no postcode ${value}` : `no ${component} "${value}"`)).join(' and ');
}
