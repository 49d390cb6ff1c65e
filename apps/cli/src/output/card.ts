import { stripVTControlCharacters } from 'node:util';
import { CATEGORY_LABELS, describeFailingFact, isCategory, readVerdict, type ScoreResult } from '@locscore/schema';
import type { ChalkInstance } from 'chalk';
import wrapAnsi from 'wrap-ansi';
import { competitorLines } from './competitor-lines.js';
import { formatDistance } from './distance.js';
import { territoryLines, territoryOf } from './territory-lines.js';

/** Width of a breakdown bar, in characters; a full bar is a 10.0 sub-score. */
export const BAR_WIDTH = 20;

/**
 * A horizontal bar for a 0–10 score: filled blocks for the score, light
 * shade for the rest, always {@link BAR_WIDTH} characters.
 *
 * @param score - sub-score 0–10 (clamped)
 */
export function scoreBar(score: number): string {
  const filled = Math.round((Math.min(10, Math.max(0, score)) / 10) * BAR_WIDTH);
  return '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
}

/** Colour for a score: green when it passes (>= 7.0), yellow from 5.0, else red. */
function scoreColour(style: ChalkInstance, score: number): ChalkInstance {
  return score >= 7 ? style.green : score >= 5 ? style.yellow : style.red;
}

/** Competitors the card lists by name; the rest are counted in a `+N more` line. */
export const LISTED_COMPETITORS = 5;

/** Width the card wraps to when the terminal does not say (a pipe), and the narrowest it wraps to. */
export const DEFAULT_CARD_WIDTH = 80;
const MIN_CARD_WIDTH = 40;

/**
 * Wraps one card line to `width` columns (colour codes do not count), the
 * continuation lines indented under the text after the line's indentation
 * and bullet (`  • `, `    · `, `⚠ `), so a long insight stays readable.
 * The indentation must stand before any colour code.
 *
 * @param line - one line of the card, possibly coloured
 * @param width - terminal columns
 */
export function wrapLine(line: string, width: number): string {
  const columns = Math.max(MIN_CARD_WIDTH, width);
  const indent = /^ */.exec(line)?.[0].length ?? 0;
  const hang = /^\s*(?:[•·⚠+]\s+)?/u.exec(stripVTControlCharacters(line))?.[0].length ?? 0;
  const kept = keepUnitsWithNumbers(line.slice(indent));
  const [first = '', ...rest] = wrapAnsi(kept, columns - indent, { hard: true }).split('\n');
  if (rest.length === 0) return line;
  const tail = wrapAnsi(rest.join(' '), columns - hang, { hard: true }).split('\n');
  return [' '.repeat(indent) + first, ...tail.map((part) => ' '.repeat(hang) + part)].join('\n').replaceAll(NO_BREAK_SPACE, ' ');
}

/** U+00A0, which wrap-ansi does not break at. */
const NO_BREAK_SPACE = '\u00a0';

/** A number and the unit after it: `800 m`, `1.5 km`, `82 %`, `44 min`. */
const NUMBER_AND_UNIT = /(\d) (m|km|%|min|h|s)(?=$|[\s,.;:)/])/gu;

/**
 * Joins each number to its unit with a no-break space, so that wrapping
 * never leaves `800` at the end of one line and `m` at the start of the
 * next (the space is a plain one again once the line is wrapped).
 */
function keepUnitsWithNumbers(text: string): string {
  return text.replace(NUMBER_AND_UNIT, `$1${NO_BREAK_SPACE}$2`);
}

/**
 * Why a result did not pass, in one short line for the card: the most
 * decisive failing fact the result states (see `readVerdict` of
 * `@locscore/schema`: an own unit's protected territory, then data
 * confidence low, then the score under the 7.0 pass mark), and how many
 * other failing facts and encroached units there are (each has its own line
 * further down the card: Data confidence, Own units, the score).
 *
 * @param result - a result with `passed: false`
 * @returns e.g. `inside the protected territory of Taïm (80 m); +2 more`
 */
export function failReason(result: ScoreResult): string {
  const [first, ...others] = readVerdict(result).failing;
  if (first === undefined) return 'not passed by the server';
  const extra = others.length + (first.kind === 'territory' ? first.more : 0);
  return `${describeFailingFact(first, true)}${extra > 0 ? `; +${extra} more` : ''}`;
}

/** Below this `meta.geocodeConfidence` the card warns that the place may not be the one meant. */
export const LOW_GEOCODE_CONFIDENCE = 0.8;

/** Letters and digits only, lower case: `Städtle 38, 9490 Vaduz` and `städtle 38 9490 vaduz` compare equal. */
function comparable(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The card's geocoding lines: the matched address when it differs from the
 * address as asked, and a warning when `meta.geocodeConfidence` is under
 * {@link LOW_GEOCODE_CONFIDENCE}; `showsMatched` says whether the first is
 * there (the footer then leaves the matched address out).
 */
function geocodeLines(result: ScoreResult, style: ChalkInstance, asked: string | undefined): { lines: string[]; showsMatched: boolean } {
  const meta = result.meta;
  const lines: string[] = [];
  const matched = meta?.matchedAddress;
  const showsMatched = matched !== undefined && (asked === undefined || comparable(matched) !== comparable(asked));
  if (showsMatched) {
    lines.push(`Matched as ${style.bold(matched)}${meta?.geocodePrecision ? ` (${meta.geocodePrecision})` : ''}`);
  }
  const confidence = meta?.geocodeConfidence;
  if (confidence !== undefined && confidence < LOW_GEOCODE_CONFIDENCE) {
    lines.push(style.yellow(`⚠ Geocoding confidence ${confidence.toFixed(2)}: check that this is the place you mean before relying on the score.`));
  }
  return { lines, showsMatched };
}

/**
 * Renders a score result as the human card printed on a terminal: overall
 * score with PASS, or FAIL and, on the next line, why (see {@link failReason}), the story, bars
 * for transit / competitor / market fit, the nearest rapid-transit station
 * and its distance, the first five competitors and `+N more` for the rest of
 * `competitorCount`, the data confidence (`meta.confidence.level`) and the
 * rank among the region's address points (`meta.percentile`) when the
 * server gives them, the account's own units from `meta.territory` (see
 * {@link territoryLines}), insights,
 * the matched address and region (and, under the header, the matched
 * address when it differs from the input and a warning when the geocoding
 * confidence is under 0.8), and a SAMPLE DATA banner when
 * `meta.region.sample` is true. Plain text when `style` has level 0. Every
 * line is wrapped to `width` (see {@link wrapLine}).
 *
 * @param result - the API's score result
 * @param style - chalk instance of the output stream
 * @param context - the address as asked and the category, for the header
 * @param width - terminal columns (default {@link DEFAULT_CARD_WIDTH}; at least 40 are used)
 * @returns the card, ending with a newline
 */
export function renderCard(
  result: ScoreResult,
  style: ChalkInstance,
  context: { address?: string; category?: string } = {},
  width: number = DEFAULT_CARD_WIDTH,
): string {
  const lines: string[] = [];
  const meta = result.meta;
  if (meta?.region?.sample) {
    lines.push(style.bgYellow.black(' SAMPLE DATA ') + style.yellow(' fictional sample town: these results are not real'));
    lines.push('');
  }
  const label = context.category && isCategory(context.category) ? CATEGORY_LABELS[context.category] : context.category;
  if (context.address || label) {
    lines.push(style.bold([context.address, label ? `(${label})` : ''].filter(Boolean).join(' ')));
  }
  const geocoding = geocodeLines(result, style, context.address);
  lines.push(...geocoding.lines);
  const colour = scoreColour(style, result.score);
  const verdict = result.passed ? style.green.bold('PASS') : style.red.bold('FAIL');
  lines.push(`${colour.bold(`${result.score.toFixed(1)} / 10`)}  ${verdict}  ${style.bold(result.story)}`);
  if (!result.passed) lines.push(style.red(`Why: ${failReason(result)}`));
  lines.push('');
  const rows: Array<[string, number]> = [
    ['Transit', result.breakdown.transit],
    ['Competitor', result.breakdown.competitor],
    ['Market fit', result.breakdown.marketFit],
  ];
  for (const [name, value] of rows) {
    lines.push(`  ${name.padEnd(11)} ${scoreColour(style, value)(scoreBar(value))} ${value.toFixed(1)}`);
  }
  lines.push('');
  if (result.nearestStation !== null && result.transitDistanceMetres !== null) {
    lines.push(`  Nearest station  ${result.nearestStation}, ${formatDistance(result.transitDistanceMetres)}`);
  } else {
    lines.push('  Nearest station  none within 5 km');
  }
  const rating = result.avgCompetitorRating === null ? 'no ratings' : `avg rating ${result.avgCompetitorRating.toFixed(1)}`;
  lines.push(`  Competitors      ${result.competitorCount} nearby (${rating})`);
  const listed = result.competitors.slice(0, LISTED_COMPETITORS);
  const category = context.category !== undefined && isCategory(context.category) ? context.category : undefined;
  for (const line of competitorLines(listed, category)) lines.push(`    ${style.dim(`· ${line}`)}`);
  if (result.competitorCount > listed.length) lines.push(`    ${style.dim(`+ ${result.competitorCount - listed.length} more`)}`);
  if (meta?.confidence !== undefined) lines.push(`  Data confidence  ${meta.confidence.level}`);
  if (meta?.percentile !== undefined) lines.push(`  Rank             at or above ${meta.percentile} % of the region's addresses for this category`);
  const territory = territoryOf(result);
  if (territory !== undefined) {
    lines.push('');
    lines.push(...territoryLines(territory, style));
  }
  lines.push('');
  lines.push(style.bold('Insights'));
  for (const insight of result.insights) lines.push(`  • ${style.bold(insight.headline)}: ${insight.detail}`);
  const footer: string[] = [];
  if (meta?.matchedAddress && !geocoding.showsMatched)
    footer.push(`Matched  ${meta.matchedAddress}${meta.geocodePrecision ? ` (${meta.geocodePrecision})` : ''}`);
  footer.push(`Location ${result.coordinates.lat.toFixed(6)}, ${result.coordinates.lng.toFixed(6)}`);
  if (meta?.region) footer.push(`Region   ${meta.region.name}${meta.region.sample ? ' (SAMPLE DATA)' : ''}`);
  if (meta?.region?.attribution) footer.push(`Data     ${meta.region.attribution}`);
  if (meta?.requestId) footer.push(`Request  ${meta.requestId}`);
  lines.push('');
  for (const line of footer) lines.push(style.dim(line));
  return `${lines.map((line) => wrapLine(line, width)).join('\n')}\n`;
}
