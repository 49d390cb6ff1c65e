import { formatWholeNumber } from './whole-number.js';

const rules = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right number, through `Intl.PluralRules`
 * (`1 school`, `2 schools`, `0 schools`).
 *
 * @param count - a whole number
 * @param one - the singular noun phrase
 * @param other - the plural noun phrase; default `one` + `s`
 * @default other `${one}s`
 */
export function countNoun(count: number, one: string, other = `${one}s`): string {
  return `${formatWholeNumber(count)} ${rules.select(count) === 'one' ? one : other}`;
}

/**
 * The English indefinite article of a number read aloud: `an` before 8, 11,
 * 18 and every number spoken from "eight…" or "eleven/eighteen thousand…"
 * (`an 8-minute walk`, `an 11-minute walk`, `a 10-minute walk`).
 *
 * @param count - a non-negative whole number
 * @returns `a` or `an`
 */
export function articleFor(count: number): 'a' | 'an' {
  const digits = String(Math.trunc(Math.abs(count)));
  if (digits.startsWith('8')) return 'an';
  const leadingGroup = digits.length % 3 === 0 ? 3 : digits.length % 3;
  const lead = digits.slice(0, leadingGroup);
  return lead === '11' || lead === '18' ? 'an' : 'a';
}
