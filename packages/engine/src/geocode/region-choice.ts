import { type AddressCandidate, GEOCODE_PRECISIONS, MAX_ADDRESS_CANDIDATES } from '@locscore/schema';
import { describeUnheld } from './places.js';
import type { GeocodeMatch, GeocodeOutcome } from './types.js';

/** One loaded region's answer for an input. */
export interface RegionAnswer {
  /** The region's name, e.g. `Liechtenstein`. */
  region: string;
  outcome: GeocodeOutcome;
}

/** What several regions' answers come to. */
export type RegionChoice =
  | { status: 'matched'; match: GeocodeMatch; index: number }
  | { status: 'ambiguous'; reason: string; candidates: AddressCandidate[] }
  | { status: 'not_found'; reason: string; candidates: AddressCandidate[] };

const rank = (match: GeocodeMatch): number => GEOCODE_PRECISIONS.indexOf(match.precision);

function candidate(match: GeocodeMatch, region: string): AddressCandidate {
  return { matchedAddress: match.matchedAddress, lat: match.lat, lng: match.lng, region, precision: match.precision };
}

/**
 * Chooses among the answers of several region packs:
 * 1. a region that does not hold a component the input names (its
 *    municipality, postcode, state or country) is out: the pack whose
 *    coverage holds the named municipality or postcode wins; when no region
 *    holds it, `not_found` (`no municipality "Zürich" in the loaded regions`);
 * 2. among the others, the finest precision wins; several regions (or one
 *    region's own ambiguity) at that precision → `ambiguous`;
 * 3. else `not_found` with the first reason and every region's near misses.
 *
 * @param answers - one per loaded region, in load order
 * @returns the choice; `index` is the matched region's position in `answers`
 */
export function chooseAmong(answers: readonly RegionAnswer[]): RegionChoice {
  const eligible = answers
    .map((answer, index) => ({ ...answer, index }))
    .filter(({ outcome }) => !(outcome.status === 'not_found' && outcome.unheld.length > 0));
  if (eligible.length === 0) {
    const suggestions = answers.flatMap(({ outcome, region }) =>
      outcome.status === 'not_found' ? outcome.candidates.map((match) => candidate(match, region)) : [],
    );
    return { status: 'not_found', reason: unheldEverywhere(answers), candidates: suggestions.slice(0, 3) };
  }
  const offers: Array<{ match: GeocodeMatch; index: number; region: string; fromAmbiguity: boolean }> = [];
  for (const { outcome, index, region } of eligible) {
    if (outcome.status === 'matched') offers.push({ match: outcome.match, index, region, fromAmbiguity: false });
    else if (outcome.status === 'ambiguous') for (const match of outcome.candidates) offers.push({ match, index, region, fromAmbiguity: true });
  }
  if (offers.length > 0) {
    const finest = Math.min(...offers.map(({ match }) => rank(match)));
    const best = offers.filter(({ match }) => rank(match) === finest);
    const [only] = best;
    if (best.length === 1 && only !== undefined && !only.fromAmbiguity) return { status: 'matched', match: only.match, index: only.index };
    const ambiguity = eligible.find(({ outcome }) => outcome.status === 'ambiguous')?.outcome;
    const reason =
      ambiguity?.status === 'ambiguous' && new Set(best.map(({ index }) => index)).size === 1
        ? ambiguity.reason
        : `the address fits ${best.length} places in ${new Set(best.map(({ region }) => region)).size} regions; add the municipality or postcode`;
    return { status: 'ambiguous', reason, candidates: best.slice(0, MAX_ADDRESS_CANDIDATES).map(({ match, region }) => candidate(match, region)) };
  }
  const first = eligible[0];
  const suggestions = eligible.flatMap(({ outcome, region }) =>
    outcome.status === 'not_found' ? outcome.candidates.map((match) => candidate(match, region)) : [],
  );
  const reason = first?.outcome.status === 'not_found' ? first.outcome.reason : 'not found';
  return { status: 'not_found', reason, candidates: suggestions.slice(0, 3) };
}

/** The reason when every region lacks a named component: those none holds, else that no region holds them together. */
function unheldEverywhere(answers: readonly RegionAnswer[]): string {
  const lists = answers.map(({ outcome }) => (outcome.status === 'not_found' ? outcome.unheld : []));
  const first = lists[0] ?? [];
  const common = first.filter((item) => lists.every((list) => list.some((other) => other.component === item.component && other.value === item.value)));
  if (common.length > 0) return `${describeUnheld(common)} in the loaded regions`;
  const all = [...new Map(lists.flat().map((item) => [`${item.component}|${item.value}`, item])).values()];
  return `no loaded region holds ${all.map(({ component, value }) => `${component} ${JSON.stringify(value)}`).join(' together with ')}`;
}
