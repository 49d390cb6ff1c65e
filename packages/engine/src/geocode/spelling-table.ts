/**
 * The results of a pure text function (street analysis, municipality key)
 * for one region's own spellings, computed once when its geocoder is built.
 * A query written as the data writes it (most are) then costs a map lookup;
 * any other text is computed as before and not kept, so memory stays bounded
 * by the region's data, never by the queries.
 *
 * Values are shared between the region's streets and every query that uses
 * the same spelling: callers must treat them as read-only.
 *
 * @typeParam T - the function's result
 */
export class SpellingTable<T> {
  private readonly known = new Map<string, T>();

  /** @param compute - the pure function, e.g. `analyzeStreet` */
  constructor(private readonly compute: (text: string) => T) {}

  /**
   * The value of a spelling found in the region's data, computed once and kept.
   *
   * @param text - e.g. an `addr:street` value
   */
  learn(text: string): T {
    if (this.known.has(text)) return this.known.get(text) as T;
    const value = this.compute(text);
    this.known.set(text, value);
    return value;
  }

  /**
   * The value for any text: the kept one for a region spelling, else computed now (not kept).
   *
   * @param text - e.g. the street of a query
   */
  get(text: string): T {
    return this.known.has(text) ? (this.known.get(text) as T) : this.compute(text);
  }

  /** Number of spellings kept. */
  get size(): number {
    return this.known.size;
  }
}
