import type { Plan } from './plans.js';
import { MAX_UNITS_PER_ACCOUNT } from './units.js';

/**
 * What one account's unit network may hold and how fast it may change, by
 * the plan of the key that writes it. The network is held in each server's
 * memory (about 75 bytes a vertex) and read on every score of the account, so
 * its size bounds the memory and time a score costs the server.
 */
export interface UnitNetworkBudget {
  /** Most units (open and planned). */
  units: number;
  /** Most territory vertices, all units together (a polygon's positions, every ring's closing one counted; a radius has none; a population territory its stored polygon's 65). */
  vertices: number;
  /** Most bytes of stored text, all units together: names, addresses, brands and territories as JSON (a polygon counts twice: as sent and as stored). */
  storedBytes: number;
  /** Most unit writes per hour (a create, update or delete is one; an import one per row). */
  writesPerHour: number;
}

/** A budget of {@link UnitNetworkBudget}: what a 409 or 413 names in `details.budget`. */
export type UnitBudgetName = 'units' | 'vertices' | 'storedBytes';

/**
 * The unit network budget of each plan. Enterprise's is the largest network
 * a server holds for one account: 10,000 units and 1,000,000 vertices (an
 * average of 100 per unit), about 75 MB of memory.
 */
export const UNIT_NETWORK_BUDGETS: Readonly<Record<Plan, UnitNetworkBudget>> = {
  starter: { units: 250, vertices: 25_000, storedBytes: 4 * 1024 * 1024, writesPerHour: 1_000 },
  growth: { units: 2_500, vertices: 250_000, storedBytes: 32 * 1024 * 1024, writesPerHour: 5_000 },
  enterprise: { units: MAX_UNITS_PER_ACCOUNT, vertices: 1_000_000, storedBytes: 128 * 1024 * 1024, writesPerHour: 20_000 },
};

/**
 * Redeliveries an account may ask for in any 24 hours, by the plan of the
 * key that asks (`POST /api/franchisor/requests/{id}/redeliver`; the
 * operator's redeliveries are not counted). Each redelivery is up to eight
 * attempts to the account's receiver, so this bounds the delivery work one
 * account can make without paying for an evaluation.
 */
export const REDELIVERIES_PER_DAY: Readonly<Record<Plan, number>> = {
  starter: 50,
  growth: 250,
  enterprise: 2_500,
};
