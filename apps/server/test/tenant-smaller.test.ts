/**
 * Issue 22, finding 7, over the real HTTP server: a key revoked (or
 * re-planned) through one instance is refused by another at once, on
 * PostgreSQL (LISTEN/NOTIFY); an admin token in a query string and a
 * percent-encoded `lsk%5F…` key never reach the logs; `?month=0000-01` is a
 * 400, not a 1900 period; units routes are named in `/metrics`; a public
 * IPv6-literal webhook URL is accepted while loopback, link-local and
 * unique-local ones are still refused. (`/openapi.json` and the `Host`
 * header: docs-page.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { ADMIN_KEYS_PATH, HEADERS, USAGE_PATH, Usage } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { createLogger } from '../src/infra/logger.js';
import { type JobQueue, startJobQueue } from '../src/services/jobs/job-queue.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { fakeEngine } from './support/fake-engine.js';
import { call, codeOf, fieldsOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { templateDataDir } from './support/store-template.js';
import { type ScratchSchema, scratchSchema } from './support/stores.js';

const TOKEN = 'smaller-findings-admin-token-0123456789';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('[skip] revocation across instances on PostgreSQL: DATABASE_URL is not set (see .ci/run)');

describe('on one PGlite server', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  let store: Store;
  let queue: JobQueue;
  let api: Listening;
  let apiKey: string;

  beforeAll(async () => {
    store = await openStore({ dataDir: await templateDataDir() });
    const engine = fakeEngine();
    const logger = createLogger({ level: 'info', destination: sink });
    queue = await startJobQueue({ store, engine, logger });
    api = await listen(createServer({ store, engine, queue, adminToken: TOKEN, logger, resolveHost: async () => ['2606:4700:4700::1111'] }));
    ({ apiKey } = await store.keys.create({ plan: 'growth', name: 'smaller' }));
  });
  afterAll(async () => {
    await api?.close();
    await queue?.stop();
    await store?.close();
  });

  it('never logs an admin token in a query string, nor an API key percent-encoded in a path or query', async () => {
    await call('GET', `${api.url}/api/admin/accounts?access_token=${TOKEN}`);
    await call('GET', `${api.url}/api/admin/accounts?q=${encodeURIComponent(TOKEN)}&month=2026-11`, { token: TOKEN });
    await call('GET', `${api.url}/api/franchisor/usage?k=${apiKey.replace('_', '%5F')}`, { apiKey });
    await call('GET', `${api.url}/api/franchisor/score/${apiKey.replace('_', '%5f')}`, { apiKey });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = lines.join('\n');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(apiKey.slice(4));
    expect(text).toContain('access_token=[REDACTED]');
    expect(text).toContain('month=2026-11');
  });

  it('answers ?month=0000-01 with 400 naming month, on the admin and franchisor reports', async () => {
    const admin = await call('GET', `${api.url}/api/admin/usage?month=0000-01`, { token: TOKEN });
    expect(admin.status).toBe(400);
    expect(fieldsOf(admin)).toEqual(['month']);
    expect(fieldsOf(await call('GET', `${api.url}/api/franchisor/usage-report?month=0000-01`, { apiKey }))).toEqual(['month']);
    expect((await call('GET', `${api.url}/api/franchisor/usage-report?month=2026-11`, { apiKey })).status).toBe(200);
  });

  it('counts the units routes under their own names in /metrics, not as unmatched', async () => {
    await call('GET', `${api.url}/api/franchisor/units`, { apiKey });
    await call('GET', `${api.url}/api/franchisor/units/${randomUUID()}`, { apiKey });
    const metrics = await (await fetch(`${api.url}/metrics`)).text();
    expect(metrics).toMatch(/locscore_http_requests_total\{method="GET",route="\/api\/franchisor\/units",status="200"\} 1/);
    expect(metrics).toMatch(/locscore_http_requests_total\{method="GET",route="\/api\/franchisor\/units\/:id",status="404"\} 1/);
  });

  it('accepts a public IPv6-literal webhook URL and still refuses loopback, link-local, unique-local and mapped private ones', async () => {
    const score = (webhookUrl: string) =>
      call('POST', `${api.url}/api/franchisor/score`, { apiKey, body: { address: '1 Main Street, Maple Junction', category: 'coffee', webhookUrl } });
    expect((await score('https://[2606:4700:4700::1111]/hooks/locscore')).status).toBe(202);
    for (const host of ['[::1]', '[fe80::1]', '[fd00::1]', '[::ffff:10.0.0.1]', '[::]']) {
      const refused = await score(`https://${host}/hook`);
      expect(refused.status, host).toBe(400);
      expect(fieldsOf(refused), host).toEqual(['webhookUrl']);
    }
  });
});

describe.skipIf(!databaseUrl)('two instances on one PostgreSQL', () => {
  let scratch: ScratchSchema;
  let stores: Store[] = [];
  let servers: Listening[] = [];

  beforeAll(async () => {
    scratch = await scratchSchema();
    stores = [await openStore({ databaseUrl: scratch.url }), await openStore({ databaseUrl: scratch.url })];
    const logger = createLogger({ level: 'silent' });
    servers = await Promise.all(stores.map((store) => listen(createServer({ store, engine: fakeEngine(), adminToken: TOKEN, logger }))));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(stores.map((store) => store.close()));
    await scratch?.drop();
  });

  it('refuses a key revoked through one instance on the other at once, and applies a plan change there at once', async () => {
    const [here, there] = servers as [Listening, Listening];
    const created = await stores[0]?.keys.create({ plan: 'starter', name: 'revoked elsewhere' });
    if (!created) throw new Error('no key');
    const usage = () => call('GET', there.url + USAGE_PATH, { apiKey: created.apiKey });
    expect(Usage.parse((await usage()).body).plan).toBe('starter');
    // Served from the other instance's memory from now on, until a change says otherwise.
    expect((await call('PATCH', `${here.url}${ADMIN_KEYS_PATH}/${created.prefix}`, { token: TOKEN, body: { plan: 'growth' } })).status).toBe(200);
    expect(Usage.parse((await usage()).body).plan).toBe('growth');
    expect((await call('DELETE', `${here.url}${ADMIN_KEYS_PATH}/${created.prefix}`, { token: TOKEN })).status).toBe(200);
    const refused = await usage();
    expect(refused.status).toBe(401);
    expect(codeOf(refused)).toBe('unauthorized');
    expect(refused.headers.get(HEADERS.requestId)).toBeTruthy();
  });
});
