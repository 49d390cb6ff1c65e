import { RegionPackError } from '../errors.js';

/**
 * Which property (GeoJSON) or column (CSV) of a census source holds what.
 * The same names serve `--census file.geojson`, the census CSV and
 * `--census-table`.
 */
export interface CensusFields {
  /** Area id. @default `id` (a GeoJSON feature without it uses the feature's own `id`) */
  id?: string;
  /** Area name. @default `name` (an area without it is named by its id) */
  name?: string;
  /** Residents, a count ≥ 0. @default `population` */
  population?: string;
  /** Households, a count of households (not household population). @default `households`, when the source has it */
  households?: string;
  /** Median household income, currency units of the source. @default `median_household_income`, when the source has it */
  income?: string;
}

/** The field names in use, defaults filled in; `explicit` says which were named by the user (and must exist). */
export interface ResolvedCensusFields {
  id: string;
  name: string;
  population: string;
  households: string;
  income: string;
  explicit: { households: boolean; income: boolean };
}

/**
 * Fills in the default field names.
 *
 * @param fields - the names given, if any
 * @throws RegionPackError (path `censusFields`) for a name that is empty
 */
export function resolveCensusFields(fields: CensusFields = {}): ResolvedCensusFields {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && (typeof value !== 'string' || value.trim() === ''))
      throw new RegionPackError('censusFields', `${key} must be a non-empty field name`);
  }
  return {
    id: fields.id ?? 'id',
    name: fields.name ?? 'name',
    population: fields.population ?? 'population',
    households: fields.households ?? 'households',
    income: fields.income ?? 'median_household_income',
    explicit: { households: fields.households !== undefined, income: fields.income !== undefined },
  };
}

/** The values of one census area, read and checked. */
export interface CensusValues {
  population: number;
  households?: number;
  income?: number;
}

/** A raw value as a number: a JSON number, or a string of one (`"6721"`, `" 6721 "`); empty and null are absent. */
function numeric(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value.trim());
  return null;
}

/**
 * Reads the population, households and income of one area from its
 * properties (or CSV row).
 *
 * Population must be a number ≥ 0. Households, when read, a number ≥ 0 and
 * at most the population. Income, when read: a number; empty, null or
 * negative (the American Community Survey's −666,666,666 "not available"
 * codes) leave it unknown for the area.
 *
 * @param record - the properties or row
 * @param fields - the field names
 * @param at - where, for errors (`file features[12] (id 3606…)`, `file line 14`)
 * @returns the values
 * @throws RegionPackError naming `at` and the field for a missing or bad value
 */
export function readCensusValues(record: Readonly<Record<string, unknown>>, fields: ResolvedCensusFields, at: string): CensusValues {
  const population = numeric(record[fields.population]);
  if (population === undefined) throw new RegionPackError(at, `missing ${fields.population} (the population field)`);
  if (population === null || !Number.isFinite(population) || population < 0) {
    throw new RegionPackError(at, `${fields.population} must be a number ≥ 0, got ${JSON.stringify(record[fields.population])}`);
  }
  const values: CensusValues = { population };
  if (fields.households in record || fields.explicit.households) {
    const households = numeric(record[fields.households]);
    if (households === undefined) throw new RegionPackError(at, `missing ${fields.households} (the households field)`);
    if (households === null || !Number.isFinite(households) || households < 0) {
      throw new RegionPackError(at, `${fields.households} must be a number ≥ 0, got ${JSON.stringify(record[fields.households])}`);
    }
    if (households > population)
      throw new RegionPackError(
        at,
        `${fields.households} (${households}) exceeds ${fields.population} (${population}): households must be a count of households`,
      );
    values.households = households;
  }
  if (fields.income in record || fields.explicit.income) {
    const raw = record[fields.income];
    if (!(fields.income in record)) throw new RegionPackError(at, `missing ${fields.income} (the income field)`);
    const income = numeric(raw);
    if (income === null || (income !== undefined && !Number.isFinite(income)))
      throw new RegionPackError(at, `${fields.income} must be a number, got ${JSON.stringify(raw)}`);
    if (income !== undefined && income >= 0) values.income = income;
  }
  return values;
}

/**
 * Fewest residents per household a whole census can have: every national
 * mean is above 1.8 (UN DESA, "Household Size and Composition 2022"), so a
 * census below this counts household population, not households.
 */
export const MIN_RESIDENTS_PER_HOUSEHOLD = 1.2;

/**
 * Checks that a households field counts households: across the areas used,
 * residents per household must be at least {@link MIN_RESIDENTS_PER_HOUSEHOLD}.
 *
 * @param areas - the areas' values
 * @param field - the households field's name, for the error
 * @param source - the file, for the error
 * @throws RegionPackError naming the file and field when it looks like household population
 */
export function checkHouseholdSize(areas: readonly CensusValues[], field: string, source: string): void {
  let residents = 0;
  let households = 0;
  for (const area of areas) {
    if (area.households === undefined) continue;
    residents += area.population;
    households += area.households;
  }
  if (households === 0 || residents / households >= MIN_RESIDENTS_PER_HOUSEHOLD) return;
  throw new RegionPackError(
    source,
    `${field} gives ${(residents / households).toFixed(2)} residents per household across the areas used: it looks like household population, not a count of households; name the count of households (e.g. occupied housing units) with the households field`,
  );
}
