import type { ErrorBody, ScoreResult } from '@locscore/schema';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';

/** A ScoreResult that validates against the schema (values are made up for tests). */
export function scoreResult(overrides: Partial<ScoreResult> = {}): ScoreResult {
  return {
    score: 7.4,
    passed: true,
    breakdown: { transit: 8.1, competitor: 6.5, marketFit: 7.2 },
    story: 'Strong Location',
    insights: [
      { headline: 'Near rail', detail: 'Central Station is 240 m away.' },
      { headline: 'Some competition', detail: '3 coffee shops within 500 m.' },
    ],
    competitors: [{ name: 'Bean There', rating: 4.2, distanceMetres: 120 }],
    coordinates: { lat: 47.14, lng: 9.52 },
    nearestStation: 'Central Station',
    transitDistanceMetres: 240,
    avgCompetitorRating: 4.2,
    competitorCount: 3,
    meta: { requestId: '3b241101-e2bb-4255-8caf-4136c566a962' },
    ...overrides,
  };
}

/** An API error body. */
export function errorBody(code: ErrorBody['error']['code'], message: string, details?: ErrorBody['error']['details']): ErrorBody {
  return { error: { code, message, requestId: '9f1c7a3e-2b4d-4c6e-8f0a-1b2c3d4e5f60', ...(details ? { details } : {}) } };
}

export const REQUEST_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

/** One request a {@link respondInTurn} handler saw: headers, parsed JSON body, arrival time (ms since the epoch). */
export interface SeenRequest {
  headers: Headers;
  body: unknown;
  at: number;
}

/** A responder of {@link respondInTurn}. */
export type Responder = () => Response | Promise<Response>;

/**
 * Serves `responses` in turn on `method url` (the last one repeats) and
 * records every request it sees.
 *
 * @param server - the test's msw server
 * @returns the requests seen so far (the array fills as requests arrive)
 * @throws Error from the handler when `responses` is empty
 */
export function respondInTurn(server: SetupServer, method: 'post' | 'get', url: string, responses: Responder[]): SeenRequest[] {
  const requests: SeenRequest[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      const text = await request.text();
      requests.push({ headers: request.headers, body: text ? (JSON.parse(text) as unknown) : undefined, at: Date.now() });
      const next = responses[Math.min(requests.length - 1, responses.length - 1)];
      if (!next) throw new Error('no response configured');
      return next();
    }),
  );
  return requests;
}

/** A 200 with {@link scoreResult} and `X-Request-Id`. */
export const ok: Responder = () => HttpResponse.json(scoreResult(), { headers: { 'x-request-id': REQUEST_ID } });

/** A responder answering `status` with `body` and `X-Request-Id` (plus `headers`). */
export const fail =
  (status: number, body: object, headers: Record<string, string> = {}): Responder =>
  () =>
    HttpResponse.json(body, { status, headers: { 'x-request-id': REQUEST_ID, ...headers } });
