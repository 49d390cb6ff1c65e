export { Territories, type TerritoryCheckOptions } from './territories.js';
export type { UnitImportFailure, UnitImportOptions, UnitImportOutcome, UnitImportReport } from './unit-import.js';
export { type UnitListParams, Units } from './units.js';
