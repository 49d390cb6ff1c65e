import type { Insight } from '@locscore/schema';
import { ADJACENT_METRES, type DemandFeature } from '../market/demand-features.js';
import { POI_KIND_NOUNS } from '../market/demand-kinds.js';
import { CLUSTER_RANK, DISTRICT_RANK, FRONTAGE_METRES, NEAR_PLACES_METRES } from '../market/demand-points.js';
import type { MarketSearch } from '../market/market-index.js';
import { joinPhrases, metres, outOfTen } from './insight-text.js';
import { countNoun } from './plural.js';
import { formatWholeNumber } from './whole-number.js';

/** The radius of each count of every mapped place near the door, metres. */
const NEAR_RADIUS = { places: NEAR_PLACES_METRES, frontage: FRONTAGE_METRES } as const;

/** Most drivers named in the demand insight. */
const NAMED_DRIVERS = 3;

/**
 * One driver's amount at the site in words, e.g. `12,400 residents within
 * 800 m`, `Landstrasse 40 m away`, `31 mapped businesses and amenities
 * within 100 m`; null when there is none of it. Every figure is the site's
 * catchment's, never the pack's.
 *
 * @param feature - the demand feature
 * @param market - what the market model found at the site
 * @param cut - whether the pack ends inside the catchment (its counts are then a floor)
 * @default cut false
 */
export function driverPhrase(feature: DemandFeature, market: MarketSearch, cut = false): string | null {
  const { amounts } = market;
  const within = `within ${metres(market.catchmentMetres)}`;
  switch (feature) {
    case 'residents': {
      if (amounts.residents === null || amounts.residents < 1) return null;
      const residents = `${formatWholeNumber(Math.round(amounts.residents))} residents`;
      return cut ? `at least ${residents} ${within} (the pack ends closer)` : `${residents} ${within}`;
    }
    case 'roads': {
      const road = market.nearestRoad;
      return road === null ? null : `${road.road.name ?? `a ${road.road.class} road`} ${metres(road.distanceMetres)} away`;
    }
    case 'transit':
      return amounts.transitSupply > 0 ? `${formatWholeNumber(Math.round(amounts.transitSupply))} weighted weekly transit departures near the door` : null;
    case 'adjacency':
      if (amounts.nearestPlaceMetres === null) return null;
      return amounts.nearestPlaceMetres <= ADJACENT_METRES
        ? `another business within ${metres(ADJACENT_METRES)}`
        : `the nearest other business ${metres(amounts.nearestPlaceMetres)} away`;
    case 'cluster':
      return amounts.clusterMetres === null ? null : `${CLUSTER_RANK} other businesses within ${metres(Math.max(ADJACENT_METRES, amounts.clusterMetres))}`;
    case 'district':
      return amounts.districtMetres === null ? null : `${DISTRICT_RANK} other businesses within ${metres(Math.max(ADJACENT_METRES, amounts.districtMetres))}`;
    case 'places':
    case 'frontage': {
      const count = amounts[feature];
      const { one, other } = POI_KIND_NOUNS[feature];
      return count > 0 ? `${countNoun(count, one, other)} within ${metres(NEAR_RADIUS[feature])}` : null;
    }
    default: {
      const count = amounts[feature];
      const { one, other } = POI_KIND_NOUNS[feature];
      return count > 0 ? `${countNoun(count, one, other)} ${within}` : null;
    }
  }
}

/**
 * The demand insight: the sub-score and the drivers that raise it most
 * above an average site (the fitted weight × the standardised amount), each
 * with its amount in the site's catchment. Drivers with none of their kind,
 * or that do not raise it, are not named.
 *
 * @param market - what the market model found
 * @param marketFit - the demand sub-score, 0-10
 * @param cut - whether the pack ends inside the catchment
 * @default cut false
 */
export function demandInsight(market: MarketSearch, marketFit: number, cut = false): Insight {
  const named = (Object.entries(market.contributions) as Array<[DemandFeature, number]>)
    .filter(([, part]) => part > 0)
    .sort((a, b) => b[1] - a[1])
    .flatMap(([feature]) => driverPhrase(feature, market, cut) ?? [])
    .slice(0, NAMED_DRIVERS);
  const reading = marketFit >= 7 ? 'like the busiest sites of the category' : marketFit >= 5 ? 'above an even chance' : 'below an even chance';
  const detail =
    named.length === 0
      ? `Nothing around the site raises demand for the category above an average site: ${reading}.`
      : `Carried by ${joinPhrases(named)}: ${reading}.`;
  return { headline: `Demand ${outOfTen(marketFit)}`, detail };
}
