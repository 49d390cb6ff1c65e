/**
 * Benchmark (issue 14, item 7): validation against where businesses really
 * are. For each real pack (Liechtenstein; West Village with the MTA feeds and
 * the Manhattan census) and each category:
 *
 * 1. every place of the category (`CompetitorIndex.places`: a place mapped
 *    several times is one place; chain as its searches mark it) is a positive: the address point nearest to
 *    it (within 250 m; farther places are counted and left out) is scored for
 *    the category on the pack **with that place left out** (all its OSM
 *    mappings removed from the POIs and every index rebuilt with
 *    `buildRegionIndexes`, so it is neither a competitor nor a demand
 *    generator of its own site). To rebuild less often, places of different
 *    categories at least 2 km apart are left out together (`separatedFolds`):
 *    no other place of a fold is a competitor or in the trade area of a
 *    site, only region-wide figures see the others gone; a few sites are
 *    scored again with only their own place left out and the difference is
 *    reported;
 * 2. a seeded random sample of 1,000 address points of the same pack (all of
 *    them in a smaller pack) are the controls, scored on the whole pack;
 * 3. the AUC (Mann–Whitney U, ties half) of the overall score, of the demand
 *    sub-score (`breakdown.marketFit`), and for diagnosis of the competitor
 *    and transit sub-scores, with Hanley–McNeil 95 % intervals; the same for
 *    chain locations alone; and pooled over the categories of a pack (each
 *    place against the controls of its own category).
 *
 * A category is assessed against the target (demand AUC ≥ 0.75) only with at
 * least 20 places, as the issue asks; with 5 to 19 its figures are reported
 * as indicative; with fewer, only its counts.
 *
 * Run: `npx tsx bench/backtest.ts`. Writes `bench/results/backtest.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RegionIndexes } from '../packages/engine/src/model/region-indexes.js';
import type { Place } from '../packages/engine/src/places/place.js';
import type { LatLng, RegionData } from '../packages/engine/src/region/types.js';
import type { Category } from '../packages/schema/src/index.js';
import { type AucEstimate, aucOf, pooledAucOf } from './support/auc.js';
import { machineInfo, writeResult } from './support/machine.js';
import { type PointScore, pointScorer } from './support/point-scores.js';
import { importRealPack, missingRealData, REAL_PACKS, type RealPack } from './support/real-packs.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { type FoldItem, separatedFolds } from './support/spatial-folds.js';
import { median, round2 } from './support/stats.js';

const NAME = 'backtest';
/** Places a category needs to be assessed against the target (issue 14). */
const MIN_PLACES = 20;
/** Places a category needs for indicative figures (fewer: counts only). */
const INDICATIVE_MIN_PLACES = 5;
/** Random address points per pack. */
const CONTROL_POINTS = 1_000;
const CONTROL_SEED = 7;
/** A place farther than this from every address point has no site to score. */
const MAX_SITE_METRES = 250;
/**
 * Least distance between two places left out together, metres: more than
 * the largest demand catchment (1.5 km, `MARKET_PROFILES`) plus the 250 m
 * from a place to its site, so that no place of a fold is within the trade
 * area of another's site. A fold holds at most one place per category, so no
 * site loses a competitor but its own.
 */
const FOLD_SEPARATION_METRES = 2_000;
/** Sites per pack scored again with only their own place left out, to measure what the folds change. */
const EXACT_CHECKS = 8;
/** Demand AUC the issue targets. */
const TARGET_DEMAND_AUC = 0.75;

type Status = 'assessed' | 'indicative' | 'too few places';

interface Positive extends PointScore {
  chain: boolean;
}

/** A mapped place of a category and the address point scored for it. */
interface Site extends FoldItem {
  category: Category;
  place: Place;
  chain: boolean;
  /** The address point nearest to the place. */
  site: LatLng;
  siteMetres: number;
}

/** The AUCs of the four figures. */
interface Aucs {
  overall: AucEstimate | null;
  demand: AucEstimate | null;
  competitor: AucEstimate | null;
  transit: AucEstimate | null;
}

const FIGURES = ['overall', 'demand', 'competitor', 'transit'] as const;
const figureOf = (score: PointScore, figure: (typeof FIGURES)[number]): number => (figure === 'overall' ? score.score : score[figure]);

function aucs(positives: readonly PointScore[], controls: readonly PointScore[]): Aucs {
  const of = (figure: (typeof FIGURES)[number]): AucEstimate | null =>
    aucOf(
      positives.map((score) => figureOf(score, figure)),
      controls.map((score) => figureOf(score, figure)),
    );
  return { overall: of('overall'), demand: of('demand'), competitor: of('competitor'), transit: of('transit') };
}

/** The address point nearest to `point` and its distance, metres (brute force: packs hold a few thousand). */
function nearestAddress(region: RegionData, point: LatLng, haversine: (a: LatLng, b: LatLng) => number): { site: LatLng; metres: number } | null {
  let best: { site: LatLng; metres: number } | null = null;
  for (const address of region.addresses) {
    const metres = haversine(point, address);
    if (best === null || metres < best.metres) best = { site: address, metres };
  }
  return best;
}

async function measurePack(pack: RealPack): Promise<Record<string, unknown>> {
  const { CATEGORIES } = await import('../packages/schema/src/index.js');
  const { loadRegion, haversineMetres, seededSample, MODEL_VERSION } = await import('../packages/engine/src/index.js');
  const { buildRegionIndexes } = await import('../packages/engine/src/model/region-indexes.js');
  const region = await loadRegion(pack.dir);
  const full = buildRegionIndexes(region);
  const scoreFull = await pointScorer(full);
  const controlPoints = seededSample(region.addresses, CONTROL_POINTS, CONTROL_SEED);
  const rebuildMs: number[] = [];
  const leaveOut = (ids: ReadonlySet<string>): RegionIndexes => {
    const started = performance.now();
    const indexes = buildRegionIndexes({ ...region, pois: region.pois.filter((poi) => !ids.has(poi.id)) });
    rebuildMs.push(performance.now() - started);
    return indexes;
  };

  // 1. Every place of every category with its site (the nearest address point) and chain status.
  const sites: Site[] = [];
  const perCategory = new Map<Category, { places: number; chainPlaces: number; farFromAddresses: number }>();
  for (const category of CATEGORIES as readonly Category[]) {
    const places = full.competitors.places(category);
    let farFromAddresses = 0;
    let chainPlaces = 0;
    for (const place of places) {
      // Its chain status as the searches mark it (a search of 1 m around its own point finds it).
      const chain = full.competitors.search(place, category, 1).competitors.find((found) => found.place === place)?.chain ?? false;
      if (chain) chainPlaces += 1;
      const nearest = nearestAddress(region, place, haversineMetres);
      if (nearest === null || nearest.metres > MAX_SITE_METRES) farFromAddresses += 1;
      else sites.push({ lat: place.lat, lng: place.lng, stratum: category, category, place, chain, site: nearest.site, siteMetres: nearest.metres });
    }
    perCategory.set(category, { places: places.length, chainPlaces, farFromAddresses });
  }

  // 2. Each fold left out at once; each site scored for its own category.
  const folds = separatedFolds(sites, FOLD_SEPARATION_METRES, haversineMetres);
  const scored = new Map<Site, PointScore>();
  for (const fold of folds) {
    const without = await pointScorer(leaveOut(new Set(fold.flatMap(({ place }) => place.mappings.map((poi) => poi.id)))));
    for (const site of fold) scored.set(site, without(site.site, site.category));
  }

  // 3. Check the folds against a true leave-one-out on a few sites of folds with several places, spread over the list.
  const shared = folds.filter((fold) => fold.length > 1).flat();
  const step = Math.max(1, Math.floor(shared.length / EXACT_CHECKS));
  const differences: Array<{ overall: number; demand: number }> = [];
  for (let index = 0; index < shared.length && differences.length < EXACT_CHECKS; index += step) {
    const site = shared[index] as Site;
    const exact = (await pointScorer(leaveOut(new Set(site.place.mappings.map((poi) => poi.id)))))(site.site, site.category);
    const inFold = scored.get(site) as PointScore;
    differences.push({ overall: Math.abs(exact.score - inFold.score), demand: Math.abs(exact.demand - inFold.demand) });
  }

  // 4. Per category: its sites against the controls scored on the whole pack.
  const rows = [];
  const strata: Record<'overall' | 'demand' | 'chainOverall' | 'chainDemand', Array<{ positives: number[]; controls: number[] }>> = {
    overall: [],
    demand: [],
    chainOverall: [],
    chainDemand: [],
  };
  for (const category of CATEGORIES as readonly Category[]) {
    const counts = perCategory.get(category) ?? { places: 0, chainPlaces: 0, farFromAddresses: 0 };
    const status: Status = counts.places >= MIN_PLACES ? 'assessed' : counts.places >= INDICATIVE_MIN_PLACES ? 'indicative' : 'too few places';
    const row: Record<string, unknown> = { category, places: counts.places, chainPlaces: counts.chainPlaces, status };
    rows.push(row);
    const mine = sites.filter((site) => site.category === category);
    if (mine.length === 0) continue;

    const positives: Positive[] = mine.map((site) => ({ ...(scored.get(site) as PointScore), chain: site.chain }));
    const controls = controlPoints.map((point) => scoreFull(point, category));
    const chains = positives.filter(({ chain }) => chain);
    strata.overall.push({ positives: positives.map(({ score }) => score), controls: controls.map(({ score }) => score) });
    strata.demand.push({ positives: positives.map(({ demand }) => demand), controls: controls.map(({ demand }) => demand) });
    strata.chainOverall.push({ positives: chains.map(({ score }) => score), controls: controls.map(({ score }) => score) });
    strata.chainDemand.push({ positives: chains.map(({ demand }) => demand), controls: controls.map(({ demand }) => demand) });
    if (status === 'too few places') continue;

    const all = aucs(positives, controls);
    Object.assign(row, {
      sitesScored: positives.length,
      placesFartherThan250mFromAnAddress: counts.farFromAddresses,
      medianSiteDistanceMetres: Math.round(median(mine.map(({ siteMetres }) => siteMetres))),
      auc: all,
      chainAuc: chains.length === 0 ? null : aucs(chains, controls),
      meanAtPlaces: { overall: mean(positives.map(({ score }) => score)), demand: mean(positives.map(({ demand }) => demand)) },
      meanAtControls: { overall: mean(controls.map(({ score }) => score)), demand: mean(controls.map(({ demand }) => demand)) },
      demandTargetMet: status === 'assessed' ? (all.demand?.auc ?? 0) >= TARGET_DEMAND_AUC : null,
    });
    process.stderr.write(
      `${pack.name} ${category}: ${positives.length} sites (${status}); AUC overall ${all.overall?.auc} demand ${all.demand?.auc} competitor ${all.competitor?.auc} transit ${all.transit?.auc}; chains ${chains.length}\n`,
    );
  }

  const assessed = rows.filter((row) => row.status === 'assessed');
  return {
    region: pack.name,
    inputs: pack.inputs,
    importMs: pack.importMs,
    modelVersion: MODEL_VERSION,
    addressPoints: region.addresses.length,
    controls: controlPoints.length,
    categoriesAssessed: assessed.length,
    pooled: {
      description: 'every place of every category with at least one, each against the controls scored for its own category: Σ U / Σ n1·n2',
      overall: pooledAucOf(strata.overall),
      demand: pooledAucOf(strata.demand),
      chainOverall: pooledAucOf(strata.chainOverall),
      chainDemand: pooledAucOf(strata.chainDemand),
    },
    leaveOut: {
      sites: sites.length,
      folds: folds.length,
      rebuilds: rebuildMs.length,
      medianRebuildMs: Math.round(median(rebuildMs)),
      exactChecks: {
        description:
          'sites of folds with several places, spread over the list, scored again with only their own place left out: the largest and mean absolute difference from their fold score (a fold of one place is a true leave-one-out)',
        sites: differences.length,
        maxOverallDifference: round1(Math.max(0, ...differences.map(({ overall }) => overall))),
        maxDemandDifference: round1(Math.max(0, ...differences.map(({ demand }) => demand))),
        meanOverallDifference: round2(differences.reduce((sum, { overall }) => sum + overall, 0) / Math.max(1, differences.length)),
      },
    },
    categories: rows,
  };
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100;

async function main(): Promise<void> {
  const missing = missingRealData();
  if (missing.length > 0) {
    process.stderr.write(`skipping ${NAME}: ${missing.join(', ')} absent (../shared/data is not checked out here)\n`);
    writeResult(NAME, { benchmark: NAME, measuredAt: new Date().toISOString(), skipped: `inputs absent: ${missing.join(', ')}` });
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-backtest-'));
  const started = performance.now();
  try {
    const regions = [];
    for (const key of REAL_PACKS) regions.push(await measurePack(await importRealPack(key, work)));
    const assessed = regions.reduce((sum, region) => sum + Number(region.categoriesAssessed), 0);
    writeResult(NAME, {
      benchmark: NAME,
      description:
        'AUC of the overall score and of the demand sub-score at the address point nearest each mapped place (that place left out of the pack) against random address points of the same pack; chains alone; per category and pooled',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        minPlacesToAssess: MIN_PLACES,
        minPlacesForIndicativeFigures: INDICATIVE_MIN_PLACES,
        controlPointsPerPack: CONTROL_POINTS,
        controlSeed: CONTROL_SEED,
        maxSiteMetres: MAX_SITE_METRES,
        targetDemandAuc: TARGET_DEMAND_AUC,
        leaveOut:
          'all OSM mappings of a place removed from the POIs and buildRegionIndexes rebuilt; places of different categories at least 2 km apart left out together (folds), checked against a true leave-one-out on a few sites',
        foldSeparationMetres: FOLD_SEPARATION_METRES,
        auc: 'Mann-Whitney U / (n1 n2), ties half (simple-statistics wilcoxonRankSum); 95 % interval from the Hanley-McNeil (1982) standard error',
      },
      target: {
        description: `demand AUC >= ${TARGET_DEMAND_AUC} for every category with at least ${MIN_PLACES} places in a pack`,
        categoriesAssessed: assessed,
        verdict:
          assessed === 0
            ? `not assessable: no category has ${MIN_PLACES} mapped places in either real pack; per-category figures are indicative only`
            : 'see demandTargetMet per assessed category',
      },
      runMs: Math.round(performance.now() - started),
      regions,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
