import { z } from 'zod';
import { MAX_INSIGHTS, MAX_LISTED_COMPETITORS, MIN_INSIGHTS } from './limits.js';
import { ScoreTerritory } from './score-territory.js';

/** Score at or above which a location can pass (docs/api.md: `score >= 7.0` and data confidence at least `medium`). */
export const PASS_THRESHOLD = 7.0;

/** Data confidence levels, worst first. */
export const CONFIDENCE_LEVELS = ['low', 'medium', 'high'] as const;
/** zod schema of a data confidence level. */
export const ConfidenceLevel = z.enum(CONFIDENCE_LEVELS).meta({
  id: 'ConfidenceLevel',
  description:
    'high: the trade area and the category are mapped like the region’s well-mapped core; medium: partly; low: too sparsely to trust (a result with low confidence never passes).',
});
/** A data confidence level. */
export type ConfidenceLevel = z.infer<typeof ConfidenceLevel>;

/**
 * Data confidence of a result: how completely the region pack maps the
 * trade area and the category, with the reasons in plain sentences.
 */
export const DataConfidence = z
  .object({
    level: ConfidenceLevel,
    reasons: z
      .array(z.string().min(1))
      .min(1)
      .describe(
        'Why, most decisive first: mapping completeness against the region’s core, the category’s mapped places, how population was measured, geocode precision.',
      ),
  })
  .meta({ id: 'DataConfidence' });
/** Data confidence of a result. */
export type DataConfidence = z.infer<typeof DataConfidence>;

/**
 * Whether a result passes (docs/api.md): `score >= 7.0` and data confidence
 * at least `medium`.
 *
 * @param score - overall score, 0–10
 * @param level - the result's data confidence level
 */
export function passes(score: number, level: ConfidenceLevel): boolean {
  return score >= PASS_THRESHOLD && level !== 'low';
}

/**
 * The story labels: four for the score (best first), and two for a score
 * at or above 7.0 that does not pass, so that a story never contradicts
 * `passed`: `Needs Verification` when the data (data confidence, geocode
 * precision) cannot support the pass, `Inside Own Territory` when the site
 * is inside the protected territory of one of the account's own units.
 */
export const STORIES = ['Prime Location', 'Strong Location', 'Proceed with Caution', 'High Risk', 'Needs Verification', 'Inside Own Territory'] as const;

/** One of the {@link STORIES}. */
export type Story = (typeof STORIES)[number];

/** zod schema of a {@link Story}. */
export const Story = z.enum(STORIES).meta({
  id: 'Story',
  description:
    'Prime Location (>= 8.5, passed), Strong Location (>= 7.0, passed), Proceed with Caution (>= 5.0), High Risk (< 5.0); Needs Verification: >= 7.0 but the data (confidence, geocode precision) cannot support a pass; Inside Own Territory: >= 7.0 but inside the protected territory of one of the account’s own units. A result that does not pass never reads Prime or Strong.',
});

/** Lower bound of each score story, checked best first. */
export const STORY_THRESHOLDS: ReadonlyArray<readonly [Story, number]> = [
  ['Prime Location', 8.5],
  ['Strong Location', 7.0],
  ['Proceed with Caution', 5.0],
  ['High Risk', Number.NEGATIVE_INFINITY],
];

/** Why a result with a score of at least 7.0 does not pass. */
export type HeldBackBy = 'data' | 'territory';

/**
 * The story of a result. A score at or above 7.0 that does not pass reads
 * `Needs Verification` (held back by the data) or `Inside Own Territory`
 * (held back by an own unit's protected territory), never Prime or Strong.
 *
 * @param score - overall score, 0–10
 * @param heldBackBy - why a score >= 7.0 does not pass; omitted when it passes (or scores below 7.0)
 * @returns the story
 */
export function storyFor(score: number, heldBackBy?: HeldBackBy): Story {
  if (score >= PASS_THRESHOLD && heldBackBy !== undefined) return heldBackBy === 'territory' ? 'Inside Own Territory' : 'Needs Verification';
  for (const [story, min] of STORY_THRESHOLDS) if (score >= min) return story;
  return 'High Risk';
}

/**
 * Rounds to one decimal, the precision of every score in the API.
 *
 * @param value - any finite number
 * @returns `value` rounded half away from zero to one decimal
 */
export function roundScore(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A 0–10 score with one decimal. */
export const Score = z
  .number()
  .min(0)
  .max(10)
  .refine((value) => roundScore(value) === value, 'score must have at most one decimal')
  .meta({ description: 'Score from 0 to 10 with one decimal.', example: 7.4 });

/** Sub-scores of a result, each 0–10 with one decimal. */
export const Breakdown = z
  .object({
    transit: Score.describe('Access to rapid transit (and buses), 0–10.'),
    competitor: Score.describe(
      'Room left by the competition: the category’s supply near the site (competitors weighted by distance and rating) against the demand of its catchment, measured against the typical store of the category over every calibration city; 10 is an empty market known to be empty, 5 like the typical store, toward 0 saturated; 5 where the competition cannot be known (see meta.confidence).',
    ),
    marketFit: Score.describe(
      'Demand for the category around the site, 0–10, on one scale for every region: a model fitted on where the category’s businesses are in real cities reads residents, mapped places, roads and transit in the catchment; 5 is as likely a site as not, 10 like the busiest sites of the category.',
    ),
  })
  .meta({ id: 'Breakdown' });
/** Sub-scores of a result. */
export type Breakdown = z.infer<typeof Breakdown>;

/**
 * Weights of the sub-scores in the overall score (each 0–1, summing to 1):
 * `score = round1(transit × breakdown.transit + competitor × breakdown.competitor + marketFit × breakdown.marketFit)`.
 */
export const ScoreWeights = z
  .object({
    transit: z.number().min(0).max(1),
    competitor: z.number().min(0).max(1),
    marketFit: z.number().min(0).max(1),
  })
  .meta({
    id: 'ScoreWeights',
    description: 'Weights of the sub-scores in the overall score, summing to 1: the score is their weighted mean, rounded to one decimal.',
  });
/** Weights of the sub-scores in the overall score. */
export type ScoreWeights = z.infer<typeof ScoreWeights>;

/** One insight: a short headline and a sentence naming real places, distances and counts. */
export const Insight = z.object({ headline: z.string().min(1), detail: z.string().min(1) }).meta({ id: 'Insight' });
/** One insight of a result. */
export type Insight = z.infer<typeof Insight>;

/**
 * A competing place of the same category. `rating` is 0–5, or null when no
 * ratings source knows it; `brand` and `chain` (optional, docs/api.md) say
 * whether it belongs to a brand and whether that brand is a chain.
 */
export const Competitor = z
  .object({
    name: z.string().min(1),
    rating: z.number().min(0).max(5).nullable(),
    distanceMetres: z.int().min(0).optional().describe('Great-circle distance from the scored point, metres.'),
    brand: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe('The brand the place trades under (OpenStreetMap `brand`, else recognised by the name-suggestion-index), or null.'),
    chain: z
      .boolean()
      .optional()
      .describe('Whether the brand is a chain: listed by the name-suggestion-index, with a Wikidata id, or with several places of the category in the region.'),
  })
  .meta({ id: 'Competitor' });
/** A competing place of the same category. */
export type Competitor = z.infer<typeof Competitor>;

/** WGS 84 coordinates in decimal degrees. */
export const Coordinates = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).meta({ id: 'Coordinates' });
/** WGS 84 coordinates in decimal degrees. */
export type Coordinates = z.infer<typeof Coordinates>;

/** How precisely the address was located, best first. */
export const GEOCODE_PRECISIONS = ['address_point', 'interpolated', 'street', 'approximate'] as const;
/** zod schema of a geocode precision. */
export const GeocodePrecision = z.enum(GEOCODE_PRECISIONS).meta({
  id: 'GeocodePrecision',
  description:
    'address_point: a mapped address; interpolated: between mapped house numbers of the same street; street: the street geometry; approximate: a third-party geocoder without rooftop precision.',
});
/** How precisely the address was located. */
export type GeocodePrecision = z.infer<typeof GeocodePrecision>;

/**
 * A place the input may mean, in a 400 `address_ambiguous` (the equally
 * good matches) or `address_not_found` ("did you mean" near misses) answer's
 * `error.details.candidates`.
 */
export const AddressCandidate = z
  .object({
    matchedAddress: z.string().describe('The address as the data writes it, e.g. "Landstrasse 92, 9490 Vaduz".'),
    ...Coordinates.shape,
    region: z.string().describe('Name of the region pack holding it.'),
    precision: GeocodePrecision,
  })
  .meta({ id: 'AddressCandidate' });
/** A place the input may mean (ambiguous match or near miss). */
export type AddressCandidate = z.infer<typeof AddressCandidate>;

/** The region (data set) a result was computed from. */
export const RegionInfo = z
  .looseObject({
    name: z.string(),
    sample: z.boolean().describe('true for the fictional sample region: results are not real.'),
    attribution: z.string().describe('Attribution required by the licences of the sources.'),
  })
  .meta({ id: 'RegionInfo' });
/** The region (data set) a result was computed from. */
export type RegionInfo = z.infer<typeof RegionInfo>;

/** One GTFS feed behind a result, with its validity window. */
export const FeedSource = z
  .object({
    name: z.string(),
    validFrom: z.string().nullable().describe('First day of service in the feed, YYYY-MM-DD, or null when unknown.'),
    validTo: z.string().nullable().describe('Last day of service in the feed, YYYY-MM-DD, or null when unknown.'),
    expired: z.boolean().describe('Whether the feed’s service ended before the result was computed (its timetable may have changed since).'),
  })
  .meta({ id: 'FeedSource' });
/** One GTFS feed behind a result. */
export type FeedSource = z.infer<typeof FeedSource>;

/** Provenance of a result: the pack and the data it was built from. */
export const ResultSources = z
  .object({
    pack: z.object({ name: z.string(), digest: z.string().describe('SHA-256 of the pack’s manifest, hex: the same digest is the same data.') }),
    osm: z
      .object({ name: z.string(), dataDate: z.string().nullable().describe('Date of the OpenStreetMap data, YYYY-MM-DD, or null when the file does not say.') })
      .nullable(),
    gtfs: z.array(FeedSource),
    census: z
      .array(
        z.object({ name: z.string(), vintage: z.string().nullable().describe('Year of the census or population data, or null when not stated at import.') }),
      )
      .describe('Census or population files; empty when the population came from OpenStreetMap.'),
  })
  .meta({ id: 'ResultSources' });
/** Provenance of a result. */
export type ResultSources = z.infer<typeof ResultSources>;

/**
 * Everything beyond the seed's fields. Open: servers may add fields, clients
 * must ignore what they do not know.
 */
export const ResultMeta = z
  .looseObject({
    requestId: z.uuid().optional(),
    matchedAddress: z.string().optional(),
    geocodePrecision: GeocodePrecision.optional(),
    geocodeConfidence: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        'How sure the geocoder is that it found the place the input means, 0–1: the product of factors for the precision (address point 1, interpolated 0.8, street 0.5), the street name (exact 1, typo 0.85…), the town (none written 0.9, each written component the data cannot confirm 0.9) and other towns with the street (0.9). See docs/geocoding.md.',
      ),
    percentile: z
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'Where the overall score ranks among the region’s address points for the category, 0–100: the share of them scoring at or below it (ties at their mean position), from every address point of the region or a seeded sample of 4,096. Absent when the region has fewer than 100 address points. See docs/reading-a-score.md.',
      ),
    region: RegionInfo.optional(),
    modelVersion: z.string().optional(),
    confidence: DataConfidence.optional().describe('How far the data supports the verdict; `passed` requires at least `medium`. See docs/methodology.md.'),
    weights: ScoreWeights.optional().describe(
      'Weights of the sub-scores: the score is round1(Σ weight × breakdown), so a franchisor can recompute it, or apply their own weights.',
    ),
    sources: ResultSources.optional().describe(
      'Provenance of the data behind the result: the region pack, its OpenStreetMap data date, each GTFS feed and census.',
    ),
    territory: ScoreTerritory.optional().describe(
      'Present when the key’s account has units of the category: encroachment, nearest unit, overlap and cannibalisation.',
    ),
  })
  .meta({ id: 'ResultMeta' });
/** Everything beyond the seed's fields. */
export type ResultMeta = z.infer<typeof ResultMeta>;

/**
 * The score of one address for one category (200 response body).
 *
 * Top-level fields are exactly the service description's; the decisions of
 * docs/api.md close its gaps: scores 0–10 with one decimal, `passed` is
 * `score >= 7.0` with data confidence at least `medium`, `story` from {@link STORY_THRESHOLDS}, `nearestStation` and
 * `transitDistanceMetres` null when no rapid-transit station is within 5 km,
 * `avgCompetitorRating` null when no competitor has a known rating,
 * `competitors` at most 10 nearest first, `competitorCount` all within the
 * category radius, `insights` 2 to 6.
 */
export const ScoreResult = z
  .object({
    score: Score,
    passed: z.boolean(),
    breakdown: Breakdown,
    story: Story,
    insights: z.array(Insight).min(MIN_INSIGHTS).max(MAX_INSIGHTS),
    competitors: z.array(Competitor).max(MAX_LISTED_COMPETITORS),
    coordinates: Coordinates,
    nearestStation: z.string().nullable(),
    transitDistanceMetres: z.number().min(0).nullable().describe('Great-circle distance to nearestStation, metres.'),
    avgCompetitorRating: z.number().min(0).max(5).nullable(),
    competitorCount: z.int().min(0),
    meta: ResultMeta.optional(),
  })
  .meta({ id: 'ScoreResult' });
/** The score of one address for one category. */
export type ScoreResult = z.infer<typeof ScoreResult>;
