import { existsSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { SCORE_PATH } from '@locscore/schema';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { createLogger } from '../src/infra/logger.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { CHROMIUM, CHROMIUM_ARGS } from './support/dashboard-page.js';
import { fakeEngine } from './support/fake-engine.js';
import { type Listening, listen } from './support/listen.js';

const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[docs-page.test] skipped: ${CHROMIUM} is absent (apt-get install -y chromium)`);

/** The `servers[0].url` of `/openapi.json` fetched with these headers (node:http, since fetch sets its own Host). */
async function servedServerUrl(base: string, headers: Record<string, string>): Promise<string> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(`${base}/openapi.json`, { headers }, resolve).on('error', reject);
  });
  let body = '';
  for await (const chunk of response) body += String(chunk);
  expect(response.statusCode).toBe(200);
  return (JSON.parse(body) as { servers: Array<{ url: string }> }).servers[0]?.url ?? '';
}

let store: Store;
let api: Listening;
let browser: Browser;

beforeAll(async () => {
  store = await openStore();
  api = await listen(createServer({ store, engine: fakeEngine(), logger: createLogger({ level: 'silent' }) }));
  if (hasChromium) {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await store?.close();
});

describe('API reference', () => {
  it('GET /openapi.json is the schema package document, its server the relative `/`, cacheable for five minutes', async () => {
    const { createOpenApiDocument } = await import('@locscore/schema');
    const response = await fetch(`${api.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const { servers, ...rest } = JSON.parse(JSON.stringify(createOpenApiDocument())) as { servers: unknown };
    const served = (await response.json()) as { servers: Array<{ url: string }> };
    expect(served).toEqual({ ...rest, servers: [{ url: '/', description: 'this server (the origin the document was fetched from)' }] });
    expect(servers).not.toEqual(served.servers);
  });

  it('never copies the Host or X-Forwarded-* headers into the document (issue 22), trusted proxy or not', async () => {
    const forwarded = { host: 'phish.example.test:8443', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example.test' };
    expect(await servedServerUrl(api.url, forwarded)).toBe('/');
    const behindProxy = await listen(createServer({ store, engine: fakeEngine(), logger: createLogger({ level: 'silent' }), trustProxy: ['loopback'] }));
    try {
      expect(await servedServerUrl(behindProxy.url, forwarded)).toBe('/');
    } finally {
      await behindProxy.close();
    }
  });

  it('serves the page and its assets from node_modules, under a self-only script policy', async () => {
    const page = await fetch(`${api.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const [path, type] of [
      ['/docs/assets/swagger-ui-bundle.js', /javascript/],
      ['/docs/assets/swagger-ui.css', /text\/css/],
      ['/docs/init.js', /javascript/],
    ] as const) {
      const asset = await fetch(api.url + path);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-type'), path).toMatch(type);
      await asset.arrayBuffer();
    }
    expect((await fetch(`${api.url}/docs/assets/index.html`)).status).toBe(404);
  });

  it.skipIf(!hasChromium)('GET /docs renders the score endpoint offline, loading nothing from another origin', async () => {
    const context = await browser.newContext();
    const foreign: string[] = [];
    const origin = new URL(api.url).origin;
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await page.goto(`${api.url}/docs`);
    expect(response?.status()).toBe(200);
    const endpoint = page.locator('.opblock-summary-path', { hasText: SCORE_PATH }).first();
    await endpoint.waitFor({ timeout: 20_000 });
    expect(await endpoint.textContent()).toContain(SCORE_PATH);
    expect(await page.locator('.opblock-summary-method', { hasText: 'POST' }).count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('locscore API reference');
    // "Try it out" sends to the server that served the page, on its random port: the relative server `/`.
    expect(await page.locator('.servers select').inputValue()).toBe('/');
    expect(foreign).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
    await context.close();
  });
});
