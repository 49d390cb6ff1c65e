import { z } from 'zod';
import { Category } from './categories.js';
import { unknownParamError, wholeParam } from './query-params.js';
import { Breakdown, ConfidenceLevel, Coordinates, Score, Story } from './score-result.js';
import { NearestUnit } from './score-territory.js';

/** Path of the opportunity map (whitespace analysis): `GET` with {@link OpportunitiesQuery}. */
export const OPPORTUNITIES_PATH = '/api/franchisor/opportunities';

/** Sites `GET /api/franchisor/opportunities` answers when `limit` is left out. */
export const DEFAULT_OPPORTUNITY_LIMIT = 20;
/** Most sites one call answers. */
export const MAX_OPPORTUNITY_LIMIT = 100;

/**
 * Largest share of an own unit's captured demand (the Huff model's
 * `shareLost`, docs/territory.md) a new site may take before it is left out
 * of the opportunity map: 10 %. Franchise impact policies commonly protect
 * an existing unit against a sales loss of this order (5–15 % in published
 * impact clauses); the engine takes another share as an option.
 */
export const MAX_CANNIBALISATION_SHARE = 0.1;

/** A region's name as a query parameter: 1–120 characters, matched without regard to case, accents, spaces or hyphens. */
const RegionName = z
  .string({ error: (issue) => (issue.input === undefined ? 'region is required' : 'region must be text') })
  .trim()
  .min(1, 'region must not be empty')
  .max(120, 'region must be at most 120 characters');

/**
 * Query of `GET /api/franchisor/opportunities`: the `category`, the
 * `region` (a loaded region pack's name, e.g. `liechtenstein`; may be left
 * out when the server holds one region) and how many sites to answer
 * (`limit`, 1–100, default 20). Costs one evaluation per call, whatever the limit.
 */
export const OpportunitiesQuery = z
  .strictObject(
    {
      category: Category.meta({ description: 'The franchise category whose whitespace to map.' }),
      region: RegionName.optional().meta({
        description:
          'Name of a loaded region pack (`liechtenstein`, `West Village`), matched without regard to case, accents, spaces or hyphens. Required when the server holds several regions.',
      }),
      limit: wholeParam('limit', 1, MAX_OPPORTUNITY_LIMIT)
        .optional()
        .meta({ description: `Sites to answer, 1–${MAX_OPPORTUNITY_LIMIT}. Default ${DEFAULT_OPPORTUNITY_LIMIT}.` }),
    },
    { error: unknownParamError },
  )
  .meta({ id: 'OpportunitiesQuery' });
/** Query of `GET /api/franchisor/opportunities` after validation. */
export type OpportunitiesQuery = z.infer<typeof OpportunitiesQuery>;
/** Query of `GET /api/franchisor/opportunities` as sent (strings). */
export type OpportunitiesQueryInput = z.input<typeof OpportunitiesQuery>;

/** What a candidate site is: one of the pack's address points, or the centre of a grid cell where the pack has too few addresses. */
export const OpportunitySiteKind = z.enum(['address', 'cell']).meta({ id: 'OpportunitySiteKind' });
/** What a candidate site is. */
export type OpportunitySiteKind = z.infer<typeof OpportunitySiteKind>;

/** One ranked site of the opportunity map, scored by the same model as `POST /api/franchisor/score`. */
export const OpportunitySite = z
  .object({
    rank: z.int().min(1).describe('1 for the best site answered.'),
    kind: OpportunitySiteKind,
    label: z.string().nullable().describe('The address point as an address the score endpoint locates (`Städtle 38, 9490 Vaduz`); null for a grid cell.'),
    coordinates: Coordinates,
    score: Score,
    passed: z.boolean().describe('score >= 7.0 and data confidence at least medium (no site inside an own territory is answered).'),
    story: Story,
    confidence: ConfidenceLevel,
    breakdown: Breakdown,
    nearestUnit: NearestUnit.nullable().describe('The nearest own unit of the category; null when the account has none.'),
    cannibalisation: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe('Largest share of an own unit’s captured demand the site would take (Huff model); 0 with no own unit near; null without a population layer.'),
  })
  .meta({ id: 'OpportunitySite' });
/** One ranked site of the opportunity map. */
export type OpportunitySite = z.infer<typeof OpportunitySite>;

/** One cell of the heat grid: its box (WGS 84 degrees) and the best score of the candidates in it. */
export const HeatCell = z
  .object({
    south: z.number(),
    west: z.number(),
    north: z.number(),
    east: z.number(),
    score: Score.describe('Best overall score of the candidate sites in the cell.'),
    sites: z.int().min(1).describe('Candidate sites in the cell.'),
  })
  .meta({ id: 'HeatCell' });
/** One cell of the heat grid. */
export type HeatCell = z.infer<typeof HeatCell>;

/** A coarse grid of the region for the map: only cells holding candidates are listed. */
export const HeatGrid = z
  .object({
    cellMetres: z.int().min(1).describe('Side of a cell, metres (north–south; east–west at the region’s middle latitude).'),
    bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[west, south, east, north] of the candidates.'),
    cells: z.array(HeatCell),
  })
  .meta({ id: 'HeatGrid' });
/** A coarse grid of the region for the map. */
export type HeatGrid = z.infer<typeof HeatGrid>;

/**
 * The answer of `GET /api/franchisor/opportunities`: the best sites of the
 * region for the category that the account does not yet serve, best first,
 * and the heat grid of every candidate's score. Sites inside an own unit's
 * protected territory, and sites that would take more than
 * `maxCannibalisationShare` of an own unit's demand, are left out (counted in
 * `excluded`); answered sites are at least `spacingMetres` apart.
 */
export const OpportunityMap = z
  .object({
    region: z.string().describe('Name of the region pack.'),
    category: Category,
    modelVersion: z.string(),
    candidateKind: OpportunitySiteKind.describe('`address` when the candidates are the pack’s address points, `cell` for grid cells.'),
    candidates: z.int().min(0).describe('Candidate sites scored for the region and category (computed once, then cached).'),
    dedupeMetres: z.int().min(1).describe('Address points closer than this (one per grid cell of this side) count as one candidate.'),
    spacingMetres: z.int().min(0).describe('Least distance between two answered sites: half the category’s trade-area radius.'),
    maxCannibalisationShare: z.number().min(0).max(1),
    excluded: z
      .object({
        territory: z.int().min(0).describe('Better-ranked candidates left out: inside an own unit’s protected territory.'),
        cannibalisation: z.int().min(0).describe('Better-ranked candidates left out: above the cannibalisation share.'),
      })
      .describe('Candidates ranked above the last answered site that were left out, by reason.'),
    sites: z.array(OpportunitySite),
    heat: HeatGrid,
  })
  .meta({ id: 'OpportunityMap' });
/** The answer of `GET /api/franchisor/opportunities`. */
export type OpportunityMap = z.infer<typeof OpportunityMap>;
