import { z } from 'zod';
import { Category } from './categories.js';
import { storable } from './storable-text.js';

/** Shortest accepted `address`, in characters after trimming. */
export const ADDRESS_MIN_LENGTH = 3;
/** Longest accepted `address`, in characters after trimming. */
export const ADDRESS_MAX_LENGTH = 300;
/** Largest accepted JSON request body, in bytes (16 KiB); larger bodies get 413. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The host of a webhook URL as `URL.hostname` gives it: a DNS name (zod's
 * hostname rule) or an IP literal, IPv6 in brackets (`[2001:db8::1]`).
 */
const WEBHOOK_HOST = new RegExp(`^(?:\\[[0-9A-Fa-f:.]+\\]|${z.regexes.hostname.source.slice(1, -1)})$`);

/**
 * A webhook URL: absolute http(s) URL. Whether its host may be private or
 * loopback is a server setting, checked by the server, not by this schema.
 */
export const WebhookUrl = storable(
  z
    .url({
      protocol: /^https?$/,
      hostname: WEBHOOK_HOST,
      error: 'webhookUrl must be an absolute http:// or https:// URL',
    })
    .max(2048, 'webhookUrl must be at most 2048 characters'),
  'webhookUrl',
).meta({ description: 'If set, the service answers 202 at once and POSTs the result here later.' });

/**
 * Body of `POST /api/franchisor/score`.
 *
 * - `address`: full civic address, 3–300 characters after trimming.
 * - `category`: one of the twelve {@link Category} values.
 * - `webhookUrl`: optional; switches the request to the asynchronous webhook mode.
 *
 * Unknown fields are refused (a misspelt `webhookURL` must not silently turn
 * an asynchronous request into a synchronous one).
 */
export const ScoreRequest = z
  .strictObject(
    {
      address: storable(
        z
          .string({ error: (issue) => (issue.input === undefined ? 'address is required' : 'address must be a string') })
          .trim()
          .min(ADDRESS_MIN_LENGTH, `address must be at least ${ADDRESS_MIN_LENGTH} characters`)
          .max(ADDRESS_MAX_LENGTH, `address must be at most ${ADDRESS_MAX_LENGTH} characters`),
        'address',
      ).meta({ description: 'Full civic address.', example: 'Städtle 38, 9490 Vaduz' }),
      category: Category,
      webhookUrl: WebhookUrl.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field: ${issue.keys.join(', ')}` : 'body must be a JSON object') },
  )
  .meta({ id: 'ScoreRequest' });

/** Body of `POST /api/franchisor/score` after validation. */
export type ScoreRequest = z.infer<typeof ScoreRequest>;
/** Body of `POST /api/franchisor/score` before validation (what a client sends). */
export type ScoreRequestInput = z.input<typeof ScoreRequest>;
