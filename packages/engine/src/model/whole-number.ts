/** The formatter insights have always used: US English, rounded to a whole number, thousands separated by commas. */
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Formats a number as `Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })`
 * does (`1234.5` → `1,235`, `800` → `800`), with the common case of a
 * non-negative safe integer written directly: `Intl` costs about a
 * microsecond a call, and an insight formats several numbers.
 *
 * @param value - any number
 * @returns the formatted number, e.g. `12,345`
 */
export function formatWholeNumber(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0 || Object.is(value, -0)) return numberFormat.format(value);
  const digits = String(value);
  if (digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let index = head; index < digits.length; index += 3) text += `,${digits.slice(index, index + 3)}`;
  return text;
}
