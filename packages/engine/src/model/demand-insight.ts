import type { Insight } from '@locscore/schema';
import { DEMAND_NOUNS } from '../market/demand-kinds.js';
import type { DemandDriver } from '../market/market-fit.js';
import type { MarketSearch } from '../market/market-index.js';
import { joinPhrases, metres, outOfTen } from './insight-text.js';
import { countNoun } from './plural.js';
import { formatWholeNumber } from './whole-number.js';

/** Most drivers named in the demand insight. */
const NAMED_DRIVERS = 3;

/** One driver's amount in words, e.g. `2,340 residents`, `Landstrasse 120 m away`; null when there is none of it. */
export function driverPhrase(driver: DemandDriver, market: MarketSearch): string | null {
  if (driver.kind === 'roads') {
    const road = market.nearestRoad;
    return road === null ? null : `${road.road.name ?? `a ${road.road.class} road`} ${metres(road.distanceMetres)} away`;
  }
  const amount = driver.amount ?? 0;
  if (!(amount > 0)) return null;
  if (driver.kind === 'spending') {
    const median = market.population?.medianIncome ?? null;
    return median === null ? null : `a median household income of ${formatWholeNumber(Math.round(median))}`;
  }
  const { one, other } = DEMAND_NOUNS[driver.kind];
  return countNoun(Math.round(amount), one, other);
}

/**
 * The demand insight: the sub-score and the drivers that carry it most
 * (weight × value), each with its amount and where it ranks among the
 * region's address points (each driver's value is that percentile).
 * Drivers with none of their kind are not named.
 *
 * @param market - what the market model found
 * @param marketFit - the demand sub-score, 0-10
 * @param regionName - the region's name
 */
export function demandInsight(market: MarketSearch, marketFit: number, regionName: string): Insight {
  const named = [...market.drivers]
    .filter((driver) => driver.weight > 0 && driver.value > 0)
    .sort((a, b) => b.weight * b.value - a.weight * a.value)
    .slice(0, NAMED_DRIVERS)
    .flatMap((driver): Array<{ phrase: string; rank: string | null }> => {
      const phrase = driverPhrase(driver, market);
      const rank = `${Math.round(driver.value * 100)} %`;
      if (phrase === null) return [];
      // A road is ranked by nearness, in its own words.
      return driver.kind === 'roads' ? [{ phrase: `${phrase} (nearer than at ${rank} of ${regionName}'s addresses)`, rank: null }] : [{ phrase, rank }];
    });
  const ranks = named.flatMap(({ rank }) => rank ?? []);
  const ranked =
    ranks.length === 0
      ? ''
      : ranks.length === 1
        ? `; more than at ${ranks[0]} of ${regionName}'s addresses`
        : `; more than at ${joinPhrases(ranks)} of ${regionName}'s addresses, in that order`;
  const detail =
    named.length === 0
      ? `None of this category's demand drivers is found within ${metres(market.catchmentMetres)}.`
      : `Within ${metres(market.catchmentMetres)}: ${joinPhrases(named.filter(({ rank }) => rank !== null).map(({ phrase }) => phrase))}${ranked}${named
          .filter(({ rank }) => rank === null)
          .map(({ phrase }) => `; ${phrase}`)
          .join('')}.`;
  return { headline: `Demand ${outOfTen(marketFit)}`, detail };
}
