import { z } from 'zod';

/** Plan names, lowest first. A key belongs to exactly one plan. */
export const PLANS = ['starter', 'growth', 'enterprise'] as const;

/** One of the {@link PLANS}. */
export type Plan = (typeof PLANS)[number];

/** zod schema of a {@link Plan}. */
export const Plan = z
  .enum(PLANS, { error: () => `plan must be one of: ${PLANS.join(', ')}` })
  .meta({ id: 'Plan', description: 'Subscription plan of an API key; sets its monthly quota.' });

/**
 * Monthly evaluations included in each plan, from the service description:
 * Starter 20, Growth 100, Enterprise unlimited (`null`).
 */
export const PLAN_QUOTAS: Readonly<Record<Plan, number | null>> = {
  starter: 20,
  growth: 100,
  enterprise: null,
};

/**
 * Usage of an API key in the current quota period
 * (`GET /api/franchisor/usage`). Costs no quota.
 */
export const Usage = z
  .object({
    plan: Plan,
    used: z.int().min(0).describe('Evaluations counted in the current period.'),
    limit: z.int().min(0).nullable().describe('Evaluations included per period; null is unlimited.'),
    remaining: z.int().min(0).nullable().describe('limit - used, never negative; null is unlimited.'),
    periodStart: z.iso.datetime().describe('Start of the current period (UTC, ISO 8601).'),
    resetAt: z.iso.datetime().describe('When the quota resets: 00:00 UTC on the 1st of next month by default.'),
  })
  .meta({ id: 'Usage' });

/** Usage of an API key in the current quota period. */
export type Usage = z.infer<typeof Usage>;
