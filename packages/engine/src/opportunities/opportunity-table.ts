import type { Category, HeatGrid, OpportunitySiteKind } from '@locscore/schema';
import { MODEL_VERSION } from '../model/version.js';
import type { PointScorer } from '../percentile/region-percentiles.js';
import type { Candidate, CandidateSet, ScoredCandidate } from './candidate-sites.js';
import { heatGrid } from './heat-grid.js';

/** Candidates scored between two turns of the event loop while a table is built, so requests arriving meanwhile are served. */
export const SCORING_CHUNK = 256;

/** Every candidate of one region scored for one category, best first: built once, then read by every request. */
export interface OpportunityTable {
  /** Name of the region pack. */
  region: string;
  category: Category;
  /** Model version the scores were computed with (part of the cache key). */
  modelVersion: string;
  kind: OpportunitySiteKind;
  /** Side of the cells that deduplicated the candidates, metres. */
  dedupeMetres: number;
  /** Candidates by score, best first; equal scores in candidate order. */
  ranked: readonly ScoredCandidate[];
  heat: HeatGrid;
  /** Wall time taken to score and rank, milliseconds. */
  buildMs: number;
}

/** What {@link buildOpportunityTable} scores. */
export interface TableInput {
  region: string;
  category: Category;
  candidates: CandidateSet;
  /** The model's overall score of a point (`weightedScore` over the region's indexes). */
  scoreAt: PointScorer;
}

/** Resolves at the next turn of the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Scores every candidate of a region for a category with the model's own
 * overall score, {@link SCORING_CHUNK} at a time between turns of the event
 * loop, ranks them best first and draws the heat grid.
 *
 * @param input - the region, category, candidates and scorer
 * @returns the table
 * @throws whatever `scoreAt` throws (e.g. TypeError for a point with non-finite coordinates)
 */
export async function buildOpportunityTable(input: TableInput): Promise<OpportunityTable> {
  const started = performance.now();
  const { sites } = input.candidates;
  const scored: Array<ScoredCandidate & { order: number }> = [];
  for (let start = 0; start < sites.length; start += SCORING_CHUNK) {
    if (start > 0) await nextTurn();
    for (let order = start; order < Math.min(sites.length, start + SCORING_CHUNK); order++) {
      const site = sites[order] as Candidate;
      scored.push({ ...site, score: input.scoreAt(site, input.category), order });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const ranked = scored.map(({ lat, lng, label, score }) => ({ lat, lng, label, score }));
  return {
    region: input.region,
    category: input.category,
    modelVersion: MODEL_VERSION,
    kind: input.candidates.kind,
    dedupeMetres: input.candidates.dedupeMetres,
    ranked,
    heat: heatGrid(ranked),
    buildMs: performance.now() - started,
  };
}
