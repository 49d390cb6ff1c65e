import type { z } from 'zod';

/**
 * Text PostgreSQL can store: no NUL (U+0000, which `text` and `jsonb`
 * refuse) and no unpaired UTF-16 surrogate (U+D800–U+DFFF on its own, which
 * has no UTF-8 encoding: `jsonb` refuses its `\u` escape and a `text`
 * parameter would silently become U+FFFD). Every other code point is
 * storable. In Unicode mode (the `u` flag, as JSON Schema reads `pattern`) a
 * surrogate pair is one code point outside the class, so emoji and other
 * astral characters pass.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this rule refuses.
export const STORABLE_TEXT = /^[^\u0000\uD800-\uDFFF]*$/u;

/**
 * Adds the {@link STORABLE_TEXT} rule to a string schema, with a message
 * naming the field. The rule appears in the OpenAPI document as the string's
 * `pattern`, so every client generated from it refuses the same input.
 *
 * @param schema - a string schema (after `trim()`, `min()`, `max()`…)
 * @param field - the field's name in the message, e.g. `address`
 * @returns the schema with the rule
 * @example storable(z.string().trim().min(1), 'name')
 */
export function storable<S extends z.ZodString | z.ZodURL>(schema: S, field: string): S {
  return schema.regex(STORABLE_TEXT, `${field} must not contain NUL (U+0000) or unpaired surrogate characters`) as S;
}
