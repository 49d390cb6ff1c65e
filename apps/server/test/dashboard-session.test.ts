/**
 * The dashboard at `/dashboard` on a real server, on both stores: the app's
 * files and security headers, and the session contract of
 * `apps/dashboard/README.md`: sign-in, the cookie, CSRF on writes, which
 * credentials count, an operator scoring on behalf of a key, sign-out.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Account,
  ADMIN_ACCOUNTS_PATH,
  ADMIN_KEYS_PATH,
  CreatedKey,
  DASHBOARD_SESSION_PATH,
  DashboardSession,
  HEADERS,
  MAP_PATH,
  SCORE_PATH,
  USAGE_PATH,
  Usage,
} from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { createFailedAttemptLimit } from '../src/http/auth/failed-attempts.js';
import { defaultDashboardDir } from '../src/http/dashboard/dashboard-files.js';
import { DASHBOARD_CSP } from '../src/http/dashboard/dashboard-router.js';
import { createLogger } from '../src/infra/logger.js';
import { fakeEngine } from './support/fake-engine.js';
import { type Answer, call, codeOf, fieldsOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

const TOKEN = 'dashboard-admin-token-0123456789abcdef';
const place = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' } as const;

/** The `locscore_session=…` pair of a sign-in's Set-Cookie, and the whole header. */
function cookieOf(answer: Answer): { pair: string; header: string } {
  const header = answer.headers.get('set-cookie') ?? '';
  return { pair: header.split(';')[0] ?? '', header };
}

/** A built-app folder as Vite writes it: the page, its favicon and one hashed asset. */
async function fakeDist(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'locscore-dashboard-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>locscore dashboard</title><div id="app"></div>');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, 'assets', 'index-3f2a1b.js'), 'console.log(1)');
  return dir;
}

describe.each(STORE_DRIVERS)('dashboard and its session on $name', ({ open, skip }) => {
  let fixture: TestStore;
  let api: Listening;
  let noToken: Listening;
  let unbuilt: Listening;
  let proxied: Listening;
  let limited: Listening;
  const logLines: string[] = [];
  const admin = (method: string, path: string, body?: unknown) => call(method, api.url + path, { token: TOKEN, ...(body === undefined ? {} : { body }) });
  const signIn = (url: string, body: unknown, headers: Record<string, string> = {}) => call('POST', url + DASHBOARD_SESSION_PATH, { body, headers });

  async function newKey(name: string, plan: 'starter' | 'growth' = 'starter'): Promise<CreatedKey> {
    const account = Account.parse((await admin('POST', ADMIN_ACCOUNTS_PATH, { name })).body);
    return CreatedKey.parse((await admin('POST', ADMIN_KEYS_PATH, { account: account.id, plan })).body);
  }

  /** Signs in and reads the session back: the cookie pair and the CSRF token. */
  async function session(body: unknown): Promise<{ cookie: string; csrf: string; session: DashboardSession }> {
    const answer = await signIn(api.url, body);
    expect(answer.status).toBe(204);
    const { pair } = cookieOf(answer);
    const current = DashboardSession.parse((await call('GET', api.url + DASHBOARD_SESSION_PATH, { cookie: pair })).body);
    return { cookie: pair, csrf: current.csrfToken, session: current };
  }

  beforeAll(async () => {
    if (skip) return;
    fixture = await open();
    const { store } = fixture;
    const engine = fakeEngine();
    const logger = createLogger({ level: 'debug', destination: { write: (line: string) => logLines.push(line) } });
    const common = { store, engine, logger, dashboardDir: await fakeDist() };
    api = await listen(createServer({ ...common, adminToken: TOKEN }));
    noToken = await listen(createServer(common));
    unbuilt = await listen(createServer({ ...common, dashboardDir: null }));
    proxied = await listen(createServer({ ...common, adminToken: TOKEN, trustProxy: ['loopback'] }));
    limited = await listen(createServer({ ...common, adminToken: TOKEN, failedAttempts: createFailedAttemptLimit({ points: 2 }) }));
  });

  afterAll(async () => {
    await Promise.all([api, noToken, unbuilt, proxied, limited].map((server) => server?.close()));
    await fixture?.dispose();
  });

  it.skipIf(skip)('serves the app for every page path, its assets cached for a year, under a strict policy', async () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/keys', '/dashboard/requests/3b241101-e2bb-4255-8caf-4136c566a962']) {
      const page = await fetch(api.url + path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await page.text()).toContain('<div id="app">');
    }
    const asset = await fetch(`${api.url}/dashboard/assets/index-3f2a1b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    await asset.text();
    const missing = await call('GET', `${api.url}/dashboard/assets/index-000000.js`);
    expect(missing.status).toBe(404);
    expect(codeOf(missing)).toBe('not_found');
    expect((await fetch(`${api.url}/dashboard/favicon.svg`)).status).toBe(200);
    expect(DASHBOARD_CSP).toContain("script-src 'self'");
    expect(DASHBOARD_CSP).not.toMatch(/unsafe|data:|https?:/);
  });

  it.skipIf(skip)('answers 503 not_configured when the app is not built, and finds the workspace build by its package', async () => {
    const answer = await call('GET', `${unbuilt.url}/dashboard/keys`);
    expect(answer.status).toBe(503);
    expect(codeOf(answer)).toBe('not_configured');
    expect((answer.body as { error: { message: string } }).error.message).toMatch(/pnpm build/);
    const built = defaultDashboardDir();
    if (built !== null) expect(built).toMatch(/dashboard[/\\]dist$/);
  });

  it.skipIf(skip)('signs a franchisor in with its key: an HttpOnly SameSite=Strict cookie and a session naming the key and account', async () => {
    const key = await newKey('Session Key Test');
    const answer = await signIn(api.url, { kind: 'key', apiKey: key.apiKey });
    expect(answer.status).toBe(204);
    const { pair, header } = cookieOf(answer);
    expect(pair).toMatch(/^locscore_session=[A-Za-z0-9_-]{43}$/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=28800/);
    expect(header).not.toMatch(/Secure/i);
    const current = await call('GET', api.url + DASHBOARD_SESSION_PATH, { cookie: pair });
    expect(current.headers.get('cache-control')).toBe('no-store');
    const body = DashboardSession.parse(current.body);
    expect(body).toMatchObject({ kind: 'key', keyPrefix: key.prefix, account: { id: key.accountId, name: 'Session Key Test' } });
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hours = (new Date(body.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    // Without a session: an answer (null), not a 401 the browser would log on every fresh load.
    const none = await call('GET', api.url + DASHBOARD_SESSION_PATH);
    expect([none.status, none.body]).toEqual([200, null]);
  });

  it.skipIf(skip)('takes the cookie as the key on /api/franchisor, demands the CSRF token on writes before any quota, and lets a header win', async () => {
    const key = await newKey('Cookie Credential Test');
    const { cookie, csrf } = await session({ kind: 'key', apiKey: key.apiKey });
    expect(Usage.parse((await call('GET', api.url + USAGE_PATH, { cookie })).body).used).toBe(0);
    // A proxy's Basic credentials are not ours: the cookie still counts.
    expect((await call('GET', api.url + USAGE_PATH, { cookie, headers: { authorization: 'Basic dXNlcjpwYXNz' } })).status).toBe(200);
    const forged = await call('POST', api.url + SCORE_PATH, { cookie, body: place });
    expect(forged.status).toBe(403);
    expect(codeOf(forged)).toBe('forbidden');
    expect((await call('POST', api.url + SCORE_PATH, { cookie, body: place, headers: { [HEADERS.csrfToken]: 'x'.repeat(43) } })).status).toBe(403);
    expect(Usage.parse((await call('GET', api.url + USAGE_PATH, { cookie })).body).used).toBe(0);
    const scored = await call('POST', api.url + SCORE_PATH, { cookie, body: place, headers: { [HEADERS.csrfToken]: csrf } });
    expect(scored.status).toBe(200);
    expect(Usage.parse((await call('GET', api.url + USAGE_PATH, { cookie })).body).used).toBe(1);
    // With X-API-Key the cookie is ignored: no CSRF token needed, charged to the header's key.
    const other = await newKey('Header Wins Test');
    expect((await call('POST', api.url + SCORE_PATH, { cookie, apiKey: other.apiKey, body: place })).status).toBe(200);
    expect(Usage.parse((await call('GET', api.url + USAGE_PATH, { apiKey: other.apiKey })).body).used).toBe(1);
    expect((await call('GET', api.url + ADMIN_ACCOUNTS_PATH, { cookie })).status).toBe(401);
  });

  it.skipIf(skip)('signs the operator in: the admin API with the cookie, scoring only on behalf of a key, the map but no other franchisor route', async () => {
    const key = await newKey('On Behalf Test');
    const { cookie, csrf, session: current } = await session({ kind: 'admin', token: TOKEN });
    expect(current.kind).toBe('admin');
    expect(current.account).toBeUndefined();
    expect((await call('GET', api.url + ADMIN_ACCOUNTS_PATH, { cookie })).status).toBe(200);
    expect((await call('POST', api.url + ADMIN_ACCOUNTS_PATH, { cookie, body: { name: 'Made Without CSRF' } })).status).toBe(403);
    expect(
      (await call('POST', api.url + ADMIN_ACCOUNTS_PATH, { cookie, body: { name: 'Made With CSRF' }, headers: { [HEADERS.csrfToken]: csrf } })).status,
    ).toBe(201);
    expect((await call('GET', api.url + USAGE_PATH, { cookie })).status).toBe(401);
    expect((await call('POST', api.url + SCORE_PATH, { cookie, body: place, headers: { [HEADERS.csrfToken]: csrf } })).status).toBe(401);
    const onBehalf = { [HEADERS.csrfToken]: csrf, [HEADERS.onBehalfOf]: key.prefix };
    const scored = await call('POST', api.url + SCORE_PATH, { cookie, body: place, headers: onBehalf });
    expect(scored.status).toBe(200);
    expect(scored.headers.get(HEADERS.quotaRemaining)).toBe('19');
    const byToken = await call('POST', api.url + SCORE_PATH, { token: TOKEN, body: place, headers: { [HEADERS.onBehalfOf]: key.prefix } });
    expect(byToken.status).toBe(200);
    expect(Usage.parse((await call('GET', api.url + USAGE_PATH, { apiKey: key.apiKey })).body).used).toBe(2);
    const unknown = await call('POST', api.url + SCORE_PATH, { cookie, body: place, headers: { ...onBehalf, [HEADERS.onBehalfOf]: 'lsk_nobody00' } });
    expect(fieldsOf(unknown)).toEqual(['X-On-Behalf-Of']);
    const withKey = await call('POST', api.url + SCORE_PATH, { apiKey: key.apiKey, body: place, headers: { [HEADERS.onBehalfOf]: key.prefix } });
    expect(fieldsOf(withKey)).toEqual(['X-On-Behalf-Of']);
    // The map admits the operator (this fake engine draws none: 503, not 401).
    expect((await call('GET', `${api.url + MAP_PATH}?lat=47.14&lng=9.52`, { cookie })).status).toBe(503);
    expect((await call('GET', `${api.url + MAP_PATH}?lat=47.14&lng=9.52`)).status).toBe(401);
  });

  it.skipIf(skip)('refuses wrong secrets, another origin, bad bodies, and an operator where no admin token is configured', async () => {
    const key = await newKey('Refusal Test');
    expect(codeOf(await signIn(api.url, { kind: 'admin', token: `${TOKEN}!` }))).toBe('unauthorized');
    expect(codeOf(await signIn(api.url, { kind: 'key', apiKey: `${key.apiKey}x` }))).toBe('unauthorized');
    const foreign = await signIn(api.url, { kind: 'key', apiKey: key.apiKey }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
    expect((await signIn(api.url, { kind: 'key', apiKey: key.apiKey }, { origin: api.url })).status).toBe(204);
    expect(fieldsOf(await signIn(api.url, { kind: 'key' }))).toEqual(['apiKey']);
    expect(fieldsOf(await signIn(api.url, { kind: 'root', token: TOKEN }))).toEqual(['kind']);
    const text = await fetch(api.url + DASHBOARD_SESSION_PATH, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'token' });
    expect(text.status).toBe(415);
    const closed = await signIn(noToken.url, { kind: 'admin', token: TOKEN });
    expect(closed.status).toBe(404);
    expect((await signIn(noToken.url, { kind: 'key', apiKey: key.apiKey })).status).toBe(204);
  });

  it.skipIf(skip)('throttles failed sign-ins per address with Retry-After, and never refuses the right token or key', async () => {
    expect((await signIn(limited.url, { kind: 'admin', token: 'wrong' })).status).toBe(401);
    expect((await signIn(limited.url, { kind: 'admin', token: 'wrong again' })).status).toBe(401);
    const refused = await signIn(limited.url, { kind: 'key', apiKey: 'lsk_wrong_key_0000000000' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get(HEADERS.retryAfter))).toBeGreaterThan(0);
    // Issue 22, finding 6: the operator and a franchisor at the same address still sign in.
    expect((await signIn(limited.url, { kind: 'admin', token: TOKEN })).status).toBe(204);
    const key = await newKey('Throttled Address Test');
    expect((await signIn(limited.url, { kind: 'key', apiKey: key.apiKey })).status).toBe(204);
  });

  it.skipIf(skip)('behind a proxy it does not trust, one client’s failures never lock out the others', async () => {
    const key = await newKey('Shared Proxy Test');
    // Without LOCSCORE_TRUST_PROXY every client has the proxy's address; X-Forwarded-For is not believed.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await signIn(limited.url, { kind: 'admin', token: `guess ${attempt}` }, { 'x-forwarded-for': '203.0.113.66' });
    }
    expect((await signIn(limited.url, { kind: 'admin', token: 'guess' }, { 'x-forwarded-for': '203.0.113.66' })).status).toBe(429);
    expect((await signIn(limited.url, { kind: 'key', apiKey: key.apiKey }, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(204);
    expect((await call('GET', limited.url + ADMIN_ACCOUNTS_PATH, { token: TOKEN, headers: { 'x-forwarded-for': '198.51.100.8' } })).status).toBe(200);
  });

  it.skipIf(skip)('ends a key’s sessions when the key is revoked', async () => {
    const key = await newKey('Revoked Session Test');
    const { cookie } = await session({ kind: 'key', apiKey: key.apiKey });
    expect((await admin('DELETE', `${ADMIN_KEYS_PATH}/${key.prefix}`)).status).toBe(200);
    const ended = await call('GET', api.url + DASHBOARD_SESSION_PATH, { cookie });
    expect([ended.status, ended.body]).toEqual([200, null]);
    expect((await call('GET', api.url + USAGE_PATH, { cookie })).status).toBe(401);
    expect((await signIn(api.url, { kind: 'key', apiKey: key.apiKey })).status).toBe(401);
  });

  it.skipIf(skip)('signs out with the CSRF token, clearing the cookie; a new sign-in replaces the session it carried', async () => {
    const key = await newKey('Sign Out Test');
    const first = await session({ kind: 'key', apiKey: key.apiKey });
    const replaced = await call('POST', api.url + DASHBOARD_SESSION_PATH, { cookie: first.cookie, body: { kind: 'admin', token: TOKEN } });
    expect(replaced.status).toBe(204);
    expect((await call('GET', api.url + DASHBOARD_SESSION_PATH, { cookie: first.cookie })).body).toBeNull();
    const cookie = cookieOf(replaced).pair;
    const current = DashboardSession.parse((await call('GET', api.url + DASHBOARD_SESSION_PATH, { cookie })).body);
    expect(current.kind).toBe('admin');
    expect((await call('DELETE', api.url + DASHBOARD_SESSION_PATH, { cookie })).status).toBe(403);
    expect((await call('DELETE', api.url + DASHBOARD_SESSION_PATH, { cookie, headers: { [HEADERS.csrfToken]: first.csrf } })).status).toBe(403);
    const out = await call('DELETE', api.url + DASHBOARD_SESSION_PATH, { cookie, headers: { [HEADERS.csrfToken]: current.csrfToken } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^locscore_session=;.*Max-Age=0/);
    expect((await call('GET', api.url + DASHBOARD_SESSION_PATH, { cookie })).body).toBeNull();
    expect((await call('DELETE', api.url + DASHBOARD_SESSION_PATH)).status).toBe(204);
  });

  it.skipIf(skip)('marks the cookie Secure behind https, believing X-Forwarded-Proto only from a trusted proxy', async () => {
    const key = await newKey('Secure Cookie Test');
    const body = { kind: 'key', apiKey: key.apiKey };
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'dashboard.example.com' };
    expect(cookieOf(await signIn(proxied.url, body, headers)).header).toMatch(/;\s*Secure/i);
    expect(cookieOf(await signIn(api.url, body, headers)).header).not.toMatch(/Secure/i);
  });

  it.skipIf(skip)('never logs the admin token, an API key or the session cookie', async () => {
    const key = await newKey('Log Test');
    const { cookie } = await session({ kind: 'key', apiKey: key.apiKey });
    await call('GET', api.url + USAGE_PATH, { cookie });
    await signIn(api.url, { kind: 'admin', token: `${TOKEN}-wrong` });
    const logs = logLines.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [TOKEN, key.apiKey, cookie.split('=')[1] ?? 'none']) expect(logs).not.toContain(secret);
  });
});
