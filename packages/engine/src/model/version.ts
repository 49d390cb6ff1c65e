/**
 * Version of the scoring model (formulas, constants, weights, category
 * tables), `YYYY.MM-n`. Results carry it as `meta.modelVersion`; it changes
 * whenever a score for the same pack and address could change.
 */
export const MODEL_VERSION = '2026.11-7';
