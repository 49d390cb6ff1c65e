/**
 * Distances for people, written the same on every surface: see
 * `formatDistance` of `@locscore/schema` (`240 m`, `1.5 km`, `6,398 km`).
 */
export { formatDistance } from '@locscore/schema';
