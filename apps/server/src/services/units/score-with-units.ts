import {
  breachesTerritory,
  encroachmentInsight,
  type NearbyCompetitor,
  scoreTerritory,
  type TerritoryLookup,
  type UnitNetwork,
  withoutOwnUnits,
} from '@locscore/engine';
import { type Category, type Insight, MAX_INSIGHTS, MAX_LISTED_COMPETITORS, type ScoreResult, storyFor } from '@locscore/schema';

/**
 * The result's competitor fields without own units. `found` is the engine's
 * search the result was listed from (nearest first), so the result's entry
 * `i` is `found[i]`: kept entries stay as the engine wrote them, and places
 * beyond the engine's ten fill the list in the same form.
 */
function competitorFields(
  result: ScoreResult,
  found: readonly NearbyCompetitor[],
  kept: ReadonlySet<NearbyCompetitor>,
): Pick<ScoreResult, 'competitors' | 'competitorCount' | 'avgCompetitorRating'> {
  const remaining = found.flatMap((competitor, index) => (kept.has(competitor) ? [{ competitor, index }] : []));
  const rated = remaining.flatMap(({ competitor }) => (competitor.rating === null ? [] : [competitor.rating]));
  const average = rated.length === 0 ? null : rated.reduce((sum, rating) => sum + rating, 0) / rated.length;
  return {
    competitors: remaining.slice(0, MAX_LISTED_COMPETITORS).map(
      ({ competitor, index }) =>
        result.competitors[index] ?? {
          name: competitor.name,
          rating: competitor.rating,
          distanceMetres: Math.round(competitor.distanceMetres),
          brand: competitor.brand,
          chain: competitor.chain,
        },
    ),
    competitorCount: remaining.length,
    avgCompetitorRating: average === null ? null : Math.round(average * 100) / 100,
  };
}

/**
 * The insights with the encroachment insight first, still at most six. The
 * engine's first insight is its verdict; when it said the site passes, that
 * is no longer true and the encroachment insight takes its place.
 */
function withInsight(result: ScoreResult, insight: Insight): Insight[] {
  const rest = result.passed ? result.insights.slice(1) : result.insights;
  return [insight, ...rest].slice(0, MAX_INSIGHTS);
}

/**
 * A score result seen against the account's own units (docs/territory.md):
 * `meta.territory` (encroachment, nearest unit, overlap and cannibalisation,
 * the engine's `scoreTerritory`); own units left out of `competitors`,
 * `competitorCount` and `avgCompetitorRating` (the engine's `withoutOwnUnits`;
 * the `competitor` sub-score still weighs them, since they draw on the same
 * customers: `cannibalisation` says how much); and a site inside the
 * protected territory of an open or planned unit never passes (story
 * `Inside Own Territory` when its score reaches 7.0), with an
 * insight naming the unit, its status and distance first (in place of the
 * engine's verdict when that said the site passes).
 *
 * The result is unchanged when the network has no unit of the category, or
 * when the result's region is not loaded (nothing to measure with).
 *
 * @param result - the engine's result, with `meta.region`
 * @param category - the category scored
 * @param network - the account's units
 * @param lookup - the engine's territory lookup
 */
export function scoreWithUnits(result: ScoreResult, category: Category, network: UnitNetwork, lookup: TerritoryLookup): ScoreResult {
  const regionName = result.meta?.region?.name;
  const region = regionName === undefined ? null : lookup.region(regionName);
  if (region === null || !network.has(category)) return result;
  const site = result.coordinates;
  const territory = scoreTerritory(region, network, site, category);
  const found = region.competitors.search(site, category).competitors;
  const kept = new Set(withoutOwnUnits(found, network, category));
  const insight = breachesTerritory(territory) ? encroachmentInsight(territory.encroaches) : null;
  return {
    ...result,
    ...(kept.size === found.length ? {} : competitorFields(result, found, kept)),
    ...(insight === null ? {} : { passed: false, story: storyFor(result.score, 'territory'), insights: withInsight(result, insight) }),
    meta: { ...result.meta, territory },
  };
}
