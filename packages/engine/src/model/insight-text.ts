import { formatWholeNumber } from './whole-number.js';

/** Walking speed used to turn distances into minutes, metres per minute (Walk Score's 5 minutes per 400 m). */
export const WALK_METRES_PER_MINUTE = 80;

/**
 * A distance in whole metres, e.g. `1,250 m`.
 *
 * @param value - metres
 */
export const metres = (value: number): string => `${formatWholeNumber(Math.round(value))} m`;

/**
 * A sub-score or score as written in insights, e.g. `6.4/10`.
 *
 * @param value - 0-10
 */
export const outOfTen = (value: number): string => `${value.toFixed(1)}/10`;

/**
 * Items joined as English prose: `a`, `a and b`, `a, b and c` (or `a, b or c`).
 *
 * @param items - phrases
 * @param conjunction - the word before the last item
 * @default conjunction `and`
 */
export function joinPhrases(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] ?? ''}`;
}
