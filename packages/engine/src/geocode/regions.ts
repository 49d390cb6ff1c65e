import { foldText } from './fold.js';

/** US state (and DC, territories) two-letter codes, after USPS Publication 28, Appendix B. */
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(
    ' ',
  ),
);

/** Canadian province and territory codes, after Canada Post's Addressing Guidelines. */
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/**
 * Swiss canton codes (ISO 3166-2:CH), as written after a town (`Buchs SG`,
 * `Buchs (SG)`). `AR` and `NE` are also US states: they read as cantons only
 * beside a 4-digit postcode.
 */
const CH_CANTONS = new Set('AG AI AR BE BL BS FR GE GL GR JU LU NE NW OW SG SH SO SZ TG TI UR VD VS ZG ZH'.split(' '));

/** Canadian province names (folded, English and French) → code, for `Montréal (Québec)`. */
const CA_PROVINCE_NAMES: ReadonlyMap<string, string> = new Map([
  ['quebec', 'QC'],
  ['ontario', 'ON'],
  ['alberta', 'AB'],
  ['british columbia', 'BC'],
  ['colombie britannique', 'BC'],
  ['manitoba', 'MB'],
  ['new brunswick', 'NB'],
  ['nouveau brunswick', 'NB'],
  ['nova scotia', 'NS'],
  ['nouvelle ecosse', 'NS'],
  ['saskatchewan', 'SK'],
  ['newfoundland and labrador', 'NL'],
  ['prince edward island', 'PE'],
]);

/** Country names (folded) → ISO 3166-1 alpha-2. */
const COUNTRIES: ReadonlyMap<string, string> = new Map([
  ['usa', 'US'],
  ['us', 'US'],
  ['u s a', 'US'],
  ['united states', 'US'],
  ['united states of america', 'US'],
  ['canada', 'CA'],
  ['liechtenstein', 'LI'],
  ['furstentum liechtenstein', 'LI'],
  ['switzerland', 'CH'],
  ['schweiz', 'CH'],
  ['suisse', 'CH'],
  ['svizzera', 'CH'],
  ['germany', 'DE'],
  ['deutschland', 'DE'],
  ['france', 'FR'],
  ['austria', 'AT'],
  ['osterreich', 'AT'],
]);

/** Postcode prefixes (`FL-9495`, `CH-8001`, `D-10115`) → ISO 3166-1 alpha-2. */
export const POSTCODE_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['FL', 'LI'],
  ['LI', 'LI'],
  ['CH', 'CH'],
  ['D', 'DE'],
  ['DE', 'DE'],
  ['F', 'FR'],
  ['FR', 'FR'],
  ['A', 'AT'],
  ['AT', 'AT'],
]);

/**
 * Country of a state, province or canton code.
 *
 * @param code - upper-case two-letter code, e.g. `NY`, `QC`, `SG`
 * @param swissPostcode - the address has a 4-digit postcode (then `AR` and `NE` are cantons, not US states)
 * @returns `US`, `CA`, `CH`, or null when the code is none of these
 */
export function countryOfRegion(code: string, swissPostcode = false): 'US' | 'CA' | 'CH' | null {
  if (CA_PROVINCES.has(code)) return 'CA';
  if (CH_CANTONS.has(code) && (swissPostcode || !US_STATES.has(code))) return 'CH';
  if (US_STATES.has(code)) return 'US';
  return null;
}

/**
 * Province code of a Canadian province written in full (`Québec`, `Ontario`).
 *
 * @param name - the name as written
 * @returns the code, or null
 */
export function provinceOfName(name: string): string | null {
  return CA_PROVINCE_NAMES.get(foldText(name)) ?? null;
}

/**
 * ISO code of a country written in full or as a common abbreviation.
 *
 * @param name - e.g. `USA`, `Schweiz`, `Canada`
 * @returns e.g. `US`, `CH`, `CA`; null when not a known country name
 */
export function countryOfName(name: string): string | null {
  return COUNTRIES.get(foldText(name)) ?? null;
}
