import { request } from 'node:http';
import { SCORE_PATH, STORABLE_TEXT, USAGE_PATH } from '@locscore/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { createLogger } from '../src/infra/logger.js';
import { fakeEngine } from './support/fake-engine.js';
import { templateDataDir } from './support/store-template.js';

/** One malformed (or occasionally valid) HTTP request. */
interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

let server: RunningServer;
let validKey: string;

beforeAll(async () => {
  server = await startServer({ port: 0, dataDir: await templateDataDir(), engine: fakeEngine(), logger: createLogger({ level: 'silent' }) });
  validKey = (await server.store.keys.create({ plan: 'enterprise', name: 'fuzz' })).apiKey;
});

afterAll(async () => {
  await server?.close();
});

/** Sends a request with node:http (fetch would normalise paths and refuse some bodies). */
function send(target: FuzzRequest): Promise<number> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: target.method,
        path: target.path,
        headers: { ...target.headers, connection: 'close' },
        agent: false,
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within 10 s to ${target.method} ${target.path}`)));
    req.on('error', reject);
    req.end(target.body ?? undefined);
  });
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 });
const anyText = fc.string({ unit: 'binary', maxLength: 80 });

const paths = fc.oneof(
  fc.constantFrom(SCORE_PATH, `${SCORE_PATH}/`, USAGE_PATH, '/healthz', '/readyz', '/metrics', '/openapi.json', '/docs', '/docs/init.js', '/'),
  fc.uuid().map((id) => `${SCORE_PATH}/${id}`),
  anyText.map((segment) => `${SCORE_PATH}/${encodeURIComponent(segment)}`),
  fc.constantFrom(
    `${SCORE_PATH}/%ff%fe`,
    `${SCORE_PATH}/%`,
    `${SCORE_PATH}/%E0%A4%A`,
    '/docs/assets/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '//',
    '/api//franchisor/score',
  ),
  fc.array(anyText.map(encodeURIComponent), { maxLength: 5 }).map((segments) => `/${segments.join('/')}`),
  fc
    .tuple(fc.constantFrom(SCORE_PATH, USAGE_PATH, '/healthz'), anyText)
    .map(([path, query]) => `${path}?${encodeURIComponent(query)}=${encodeURIComponent(query)}&a[b]=1&a=2`),
);

const contentTypes = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/problem+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset',
    ';;;',
  ),
  printable,
);

const apiKeys = fc.oneof(
  fc.constant(undefined),
  fc.constant('VALID'),
  fc.constant(''),
  printable,
  printable.map((text) => `lsk_${text}`),
  fc.constant(`lsk_${'A'.repeat(32)}`),
);

const categories = fc.oneof(fc.constantFrom('coffee', 'pet-services', 'COFFEE', '', 'coffee '), fc.jsonValue());
const addresses = fc.oneof(fc.constantFrom('Städtle 38, 9490 Vaduz', '', '  ', 'ab', 'x'.repeat(301)), fc.string({ maxLength: 400 }), fc.jsonValue());
const webhookUrls = fc.oneof(
  fc.constantFrom(
    'http://127.0.0.1/hook',
    'https://10.0.0.1/x',
    'http://[::1]/',
    'https://203.0.113.7/hook',
    'ftp://203.0.113.7/',
    'https://user:pw@203.0.113.7/',
    'not a url',
    '',
  ),
  fc.jsonValue(),
);
const scoreLike = fc
  .record({ address: addresses, category: categories, webhookUrl: webhookUrls, extra: fc.jsonValue() }, { requiredKeys: [] })
  .map((value) => Buffer.from(JSON.stringify(value)));

const bodies = fc.oneof(
  fc.constant(null),
  scoreLike,
  fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  // Invalid UTF-8 inside an otherwise valid JSON string.
  fc
    .uint8Array({ minLength: 1, maxLength: 20 })
    .map((bytes) => Buffer.concat([Buffer.from('{"address":"1 Main St'), Buffer.from([0xff, 0xfe, ...bytes, 0xc3]), Buffer.from('","category":"coffee"}')])),
  // Huge: around and far above the 16 KiB limit.
  fc.integer({ min: 15_000, max: 200_000 }).map((size) => Buffer.from(JSON.stringify({ address: 'a'.repeat(size), category: 'coffee' }))),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))),
  fc
    .constantFrom('{', '{"address":', 'null', '""', '[]', '{"__proto__":{"polluted":1},"address":"Städtle 38","category":"coffee"}', '\u0000')
    .map((text) => Buffer.from(text)),
);

const requests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
    path: paths,
    contentType: contentTypes,
    apiKey: apiKeys,
    idempotencyKey: fc.option(fc.oneof(printable, fc.string({ minLength: 256, maxLength: 300, unit: fc.constant('k') })), { nil: undefined }),
    contentEncoding: fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'), { nil: undefined, freq: 8 }),
    body: bodies,
    chunked: fc.boolean(),
  })
  .map(({ method, path, contentType, apiKey, idempotencyKey, contentEncoding, body, chunked }) => {
    const headers: Record<string, string> = {};
    if (contentType !== undefined) headers['content-type'] = contentType;
    if (apiKey !== undefined) headers['x-api-key'] = apiKey === 'VALID' ? validKey : apiKey;
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (contentEncoding !== undefined) headers['content-encoding'] = contentEncoding;
    if (body !== null && chunked) headers['transfer-encoding'] = 'chunked';
    return { method, path, headers, body: method === 'GET' || method === 'HEAD' ? null : body };
  });

describe('fuzzing the HTTP surface', () => {
  it('answers 1,000 malformed requests without a 5xx, then still answers /healthz', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requests, async (target) => {
        const status = await send(target);
        seen.set(status, (seen.get(status) ?? 0) + 1);
        expect(status, `${target.method} ${target.path} ${JSON.stringify(target.headers)}`).toBeGreaterThanOrEqual(200);
        expect(status, `${target.method} ${target.path} ${JSON.stringify(target.headers)}`).toBeLessThan(500);
      }),
      {
        numRuns: 1000,
        // Reached rarely by chance (a valid key, JSON type and a huge body together): always tried.
        examples: [
          [
            {
              method: 'POST',
              path: SCORE_PATH,
              headers: { 'content-type': 'application/json', 'x-api-key': validKey },
              body: Buffer.from(JSON.stringify({ address: 'a'.repeat(40_000), category: 'coffee' })),
            },
          ],
          [{ method: 'POST', path: SCORE_PATH, headers: { 'content-type': 'text/plain', 'x-api-key': validKey }, body: Buffer.from('{}') }],
          [{ method: 'GET', path: `${SCORE_PATH}/%ff%fe`, headers: { 'x-api-key': validKey }, body: null }],
        ],
      },
    );
    // The run exercised refusals of every kind, not just one path.
    for (const status of [200, 400, 401, 404, 413, 415]) expect(seen.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});

/** Text with what PostgreSQL cannot store (NUL, unpaired surrogates) among ordinary and odd characters. */
const unstorable = fc
  .array(
    fc.oneof(
      fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uFFFE', '\u202E', '☕', '😀', '<b>X</b>', '%00', '\\u0000'),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** One request to the score, units, admin or dashboard routes with unstorable text in one of its strings. */
interface TextRequest {
  method: string;
  path: string;
  credentials: 'key' | 'admin' | 'none';
  body: unknown;
}

const textRequests: fc.Arbitrary<TextRequest> = fc.oneof(
  fc.record({ address: unstorable, category: fc.constant('coffee') }).map((body) => ({ method: 'POST', path: SCORE_PATH, credentials: 'key' as const, body })),
  fc
    .record({
      address: fc.constant('1 Main Street, Maple Junction'),
      category: fc.constant('coffee'),
      webhookUrl: unstorable.map((text) => `https://example.com/${text}`),
    })
    .map((body) => ({ method: 'POST', path: SCORE_PATH, credentials: 'key' as const, body })),
  fc
    .record(
      { name: unstorable, brand: fc.option(unstorable, { nil: undefined }), category: fc.constant('coffee'), status: fc.constant('open') },
      { requiredKeys: ['name', 'category', 'status'] },
    )
    .map((fields) => ({ ...fields, coordinates: { lat: 47.14, lng: 9.52 } }))
    .chain((body) =>
      fc.constantFrom(
        { method: 'POST', path: '/api/franchisor/units', credentials: 'key' as const, body },
        { method: 'POST', path: '/api/franchisor/units/import', credentials: 'key' as const, body: { units: [body, { ...body, address: body.name }] } },
        { method: 'PATCH', path: '/api/franchisor/units/3b241101-e2bb-4255-8caf-4136c566a962', credentials: 'key' as const, body: { name: body.name } },
      ),
    ),
  unstorable.chain((text) =>
    fc.constantFrom(
      { method: 'POST', path: '/api/admin/accounts', credentials: 'admin' as const, body: { name: text } },
      { method: 'POST', path: '/api/admin/keys', credentials: 'admin' as const, body: { plan: 'starter', name: text } },
      { method: 'POST', path: '/dashboard/session', credentials: 'none' as const, body: { kind: 'key', apiKey: `lsk_${text}` } },
      { method: 'POST', path: '/dashboard/session', credentials: 'none' as const, body: { kind: 'admin', token: text } },
    ),
  ),
  unstorable.chain((text) => {
    const encoded = Buffer.from(text, 'utf8').toString('hex').replace(/(..)/g, '%$1');
    return fc.constantFrom(
      { method: 'PATCH', path: `/api/admin/keys/${encoded}`, credentials: 'admin' as const, body: { plan: 'growth' } },
      { method: 'GET', path: `/api/admin/requests?key=${encoded}`, credentials: 'admin' as const, body: undefined },
      { method: 'GET', path: `/api/franchisor/units?cursor=${encoded}`, credentials: 'key' as const, body: undefined },
      { method: 'GET', path: `/api/admin/usage?month=${encoded}`, credentials: 'admin' as const, body: undefined },
    );
  }),
);

describe('fuzzing the score, units, admin and dashboard routes with text PostgreSQL cannot store', () => {
  const TOKEN = 'fuzz-admin-token-0123456789abcdefghij';
  let textServer: RunningServer;
  let apiKey: string;

  beforeAll(async () => {
    textServer = await startServer({ port: 0, dataDir: await templateDataDir(), sample: true, adminToken: TOKEN, logger: createLogger({ level: 'silent' }) });
    apiKey = (await textServer.store.keys.create({ plan: 'enterprise', name: 'text fuzz' })).apiKey;
  });
  afterAll(async () => {
    await textServer?.close();
  });

  it('answers 500 requests carrying NUL or unpaired surrogates without a 5xx, storing none of them', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(textRequests, async (target) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (target.credentials === 'key') headers['x-api-key'] = apiKey;
        if (target.credentials === 'admin') headers.authorization = `Bearer ${TOKEN}`;
        const response = await fetch(textServer.url + target.path, {
          method: target.method,
          headers,
          body: target.body === undefined ? undefined : JSON.stringify(target.body),
        });
        await response.arrayBuffer();
        seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
        expect(response.status, `${target.method} ${target.path} ${JSON.stringify(target.body)}`).toBeLessThan(500);
      }),
      { numRuns: 500 },
    );
    expect(seen.get(400) ?? 0).toBeGreaterThan(0);
    const names = [
      ...(await textServer.store.accounts.list()).map((account) => account.name),
      ...(await textServer.store.keys.list()).map((key) => key.name ?? ''),
    ];
    for (const name of names) expect(STORABLE_TEXT.test(name), JSON.stringify(name)).toBe(true);
  });
});
