import { formatLimit } from '../format/format.js';
import { quotaFraction } from '../format/rates.js';

/**
 * Evaluations used against a plan's limit: a native `<meter>` (announced with
 * its value by screen readers) and the numbers as text.
 *
 * @param used - evaluations used this period
 * @param limit - the plan's limit; null is unlimited
 * @param label - the meter's accessible name
 */
export function UsageMeter({ used, limit, label }: { used: number; limit: number | null; label: string }) {
  const fraction = quotaFraction(used, limit);
  return (
    <span class="usage">
      {fraction !== null && <meter min={0} max={1} low={0.7} high={0.9} optimum={0} value={fraction} aria-label={label} />}
      <span>
        {used} / {formatLimit(limit)}
      </span>
    </span>
  );
}
