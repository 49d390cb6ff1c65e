import type { ChalkInstance } from 'chalk';
import type { VerifiedDelivery } from './receiver.js';

/**
 * One line summarising a verified delivery for a terminal:
 * `HH:MM:SS  <requestId>  7.4/10 PASS  Strong Location` for a result, or
 * `HH:MM:SS  <requestId>  FAILED  scoring_failed: <message>` for a failure
 * notice; ` (attempt N)` after the first attempt (from `x-locscore-attempt`)
 * and ` (redelivery)` when the same `webhook-id` came before. The time is
 * when the line is printed, UTC.
 *
 * @param delivery - the verified delivery
 * @param style - chalk instance of stdout (level 0 prints plain text)
 * @param now - the current time (tests)
 * @returns the line, without a newline
 */
export function formatDeliveryLine(delivery: VerifiedDelivery, style: ChalkInstance, now: Date = new Date()): string {
  const time = style.dim(now.toISOString().slice(11, 19));
  const payload = delivery.payload;
  const attempt = delivery.attempt !== null && delivery.attempt > 1 ? style.dim(` (attempt ${delivery.attempt})`) : '';
  const again = `${attempt}${delivery.redelivery ? style.dim(' (redelivery)') : ''}`;
  if ('error' in payload) {
    return `${time}  ${payload.requestId}  ${style.red('FAILED')}  ${payload.error.code}: ${payload.error.message}${again}`;
  }
  const verdict = payload.passed ? style.green('PASS') : style.yellow('FAIL');
  const where = payload.meta?.matchedAddress ? style.dim(`  ${payload.meta.matchedAddress}`) : '';
  return `${time}  ${payload.requestId}  ${payload.score.toFixed(1)}/10 ${verdict}  ${payload.story}${where}${again}`;
}

/**
 * One JSON line for a verified delivery: the body exactly as it was signed,
 * re-serialised on one line (for `jq` and scripts).
 *
 * @param delivery - the verified delivery
 * @returns compact JSON, without a newline
 */
export function formatDeliveryJson(delivery: VerifiedDelivery): string {
  return JSON.stringify(JSON.parse(delivery.rawBody) as unknown);
}
