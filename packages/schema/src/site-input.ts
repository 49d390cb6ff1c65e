import { z } from 'zod';
import { ScoreRequest } from './score-request.js';

const coordinate = (field: 'lat' | 'lng', limit: number) => {
  const message = `coordinates.${field} must be a number between ${-limit} and ${limit}`;
  return z.number({ error: message }).min(-limit, message).max(limit, message);
};

/** A site given as WGS 84 coordinates instead of an address: `{ lat, lng }` in decimal degrees. */
export const CoordinatesInput = z
  .strictObject(
    { lat: coordinate('lat', 90), lng: coordinate('lng', 180) },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `unknown field in coordinates: ${(issue.keys ?? []).join(', ')}` : 'coordinates must be { lat, lng }',
    },
  )
  .meta({ id: 'CoordinatesInput' });

/** The civic address of a site: the same rules as the score request's `address` (3–300 characters after trimming). */
export const SiteAddress = ScoreRequest.shape.address;

/**
 * Adds the rule that a site is given by `address` or by `coordinates`,
 * exactly one of them (or, for an update, at most one).
 *
 * @param value - the parsed object
 * @param context - the refinement context
 * @param required - whether one of them must be given
 */
export function checkSite(value: { address?: string | undefined; coordinates?: unknown }, context: z.RefinementCtx, required = true): void {
  if (value.address !== undefined && value.coordinates !== undefined) {
    context.addIssue({ code: 'custom', path: ['coordinates'], message: 'give address or coordinates, not both' });
  } else if (required && value.address === undefined && value.coordinates === undefined) {
    context.addIssue({ code: 'custom', path: ['address'], message: 'address or coordinates is required' });
  }
}

/**
 * Options of the {@link checkSite} refinement: it runs whenever the body is
 * an object, so that a missing site is named along with the other bad fields.
 */
export const SITE_CHECK = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
