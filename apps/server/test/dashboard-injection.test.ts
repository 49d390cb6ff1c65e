/**
 * Issue 22, finding 2: Leaflet's `bindTooltip(string)` rendered a request's
 * address and a unit's name as HTML, so an address holding
 * `<meta http-equiv=refresh>` sent the operator's browser to another site
 * when they hovered the pin. In Chromium (playwright-core with Debian's
 * chromium) on a real server with the sample town: each payload is stored
 * as an address, a unit name and brand, an account name and a key name;
 * every page of the operator and of the franchisor is opened, each map pin
 * hovered until its tooltip shows, and the print view rendered. No element
 * is ever created from a payload (a MutationObserver installed before the
 * app watches for them, itself checked to see such elements) and the page
 * never leaves the server.
 *
 * The geocoder refuses words it cannot place, so a payload rides in an
 * address as the trailing parenthesised note it drops from a town
 * (`Balzers (FL)`): the request is scored and stores the address verbatim.
 * That is why the meta refresh separates its delay from its URL with a
 * space (which Chromium honours) rather than `;`, which splits an address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Account, ADMIN_ACCOUNTS_PATH, ADMIN_KEYS_PATH, CreatedKey, SCORE_PATH } from '@locscore/schema';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/start.js';
import { CHROMIUM, CHROMIUM_ARGS, chromiumSkipReason, recordForeignRequests, signInToDashboard } from './support/dashboard-page.js';
import { call } from './support/http-call.js';
import { type TestDatabase, testDatabase } from './support/test-database.js';

const TOKEN = 'injection-admin-token-0123456789abcdef';
/** Fill colours of a scored site's pin and an open unit's (`MAP_COLOURS` of the dashboard). */
const SITE: [number, number, number] = [0x11, 0x18, 0x27];
const UNIT: [number, number, number] = [0x04, 0x78, 0x57];
/** An address the geocoder scores (its parenthesised note is dropped) that stores `payload` verbatim. */
const noted = (payload: string) => `100 Main Street, Maple Junction (${payload})`;
const skipReason = chromiumSkipReason('dashboard-injection.test');

/**
 * Installed before the app's scripts: records every element created in the
 * page that only a payload could have made (the payloads' `<b>X</b>`, a
 * `meta` with `http-equiv`, an `img` or `script` anywhere), in `window.__injected`.
 */
const WATCH = `(() => {
  window.__injected = [];
  const suspicious = (node) =>
    (node.tagName === 'B' && node.textContent === 'X') ||
    (node.tagName === 'META' && node.hasAttribute('http-equiv')) ||
    node.tagName === 'IMG' || node.tagName === 'SCRIPT' && node.src === '' || node.tagName === 'IFRAME';
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        for (const element of [node, ...node.querySelectorAll('*')]) if (suspicious(element)) window.__injected.push(element.outerHTML);
      }
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** The page position of a pixel of the map's canvas with the colour `[r, g, b]`, from its top; null when none is drawn yet. */
const pixelOf = ([r, g, b]: [number, number, number]) => `(() => {
  const canvas = document.querySelector('.map canvas');
  const context = canvas && canvas.getContext('2d');
  if (!context) return null;
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  const box = canvas.getBoundingClientRect();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      if (data[i] === ${r} && data[i + 1] === ${g} && data[i + 2] === ${b} && data[i + 3] === 255) {
        return { x: box.left + ((x + 2) * box.width) / width, y: box.top + ((y + 2) * box.height) / height };
      }
    }
  }
  return null;
})()`;

describe.skipIf(skipReason !== null)('user strings in the dashboard, in Chromium', () => {
  let server: RunningServer;
  let phish: Server;
  let phishUrl: string;
  let browser: Browser;
  let dataDir: string;
  let database: TestDatabase | undefined;
  /** Requests the pages made to anywhere but the server (the phishing server included). */
  const foreign: string[] = [];
  const phished: string[] = [];
  let payloads: string[];
  let franchise: CreatedKey;

  const admin = (method: string, path: string, body?: unknown) => call(method, server.url + path, { token: TOKEN, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    phish = createHttpServer((req, res) => {
      phished.push(req.url ?? '/');
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Sign in again</h1>');
    });
    await new Promise<void>((resolve) => phish.listen(0, '127.0.0.1', resolve));
    phishUrl = `http://127.0.0.1:${(phish.address() as AddressInfo).port}`;
    payloads = ['<b>X</b>', `<meta http-equiv=refresh content="0 url=${phishUrl}/phish">`, `<img src=x onerror="location='${phishUrl}/img'">`];
    dataDir = await mkdtemp(join(tmpdir(), 'locscore-injection-'));
    database = await testDatabase();
    server = await startServer({
      databaseUrl: database.databaseUrl,
      port: 0,
      dataDir,
      sample: true,
      adminToken: TOKEN,
      logLevel: 'silent',
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

    // Every payload as an account name, a key name, a unit name and brand, and an address.
    const account = Account.parse((await admin('POST', ADMIN_ACCOUNTS_PATH, { name: `Acme ${payloads.join('')}`.slice(0, 100) })).body);
    franchise = CreatedKey.parse((await admin('POST', ADMIN_KEYS_PATH, { account: account.id, plan: 'growth', name: `Till ${payloads[1]}` })).body);
    for (const [n, payload] of payloads.entries()) {
      const address = noted(payload);
      const scored = await call('POST', server.url + SCORE_PATH, { apiKey: franchise.apiKey, body: { address, category: 'coffee' } });
      expect(scored.status, address).toBe(200);
      const unit = await call('POST', `${server.url}/api/franchisor/units`, {
        apiKey: franchise.apiKey,
        body: { name: `Unit ${n} ${payload}`, brand: payload, address: `${100 * (n + 1)} Main Street, Maple Junction`, category: 'coffee', status: 'open' },
      });
      expect(unit.status).toBe(201);
      await admin('POST', ADMIN_KEYS_PATH, { account: account.id, plan: 'starter', name: payload });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.dispose();
    await new Promise<void>((resolve) => (phish ? phish.close(() => resolve()) : resolve()));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A fresh context whose page records what it injected and every request that left the server. */
  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(WATCH);
    await recordForeignRequests(context, new URL(server.url).origin, foreign, 'continue');
    return context.newPage();
  }

  const signIn = (page: Page, kind: 'admin' | 'key', secret: string) => signInToDashboard(page, server.url, kind, secret);

  /**
   * Hovers a pin of the page's first map until its tooltip shows: a pixel of
   * the pin's fill colour on the map's canvas (`#111827` a scored site,
   * `#047857` an open unit), found in the page.
   *
   * @returns the tooltip's text
   */
  async function hoverPin(page: Page, rgb: [number, number, number]): Promise<string> {
    const map = page.locator('.map').first();
    await map.locator('canvas').first().waitFor();
    await map.scrollIntoViewIfNeeded();
    const tooltip = page.locator('.leaflet-tooltip');
    for (let attempt = 0; attempt < 50 && (await tooltip.count()) === 0; attempt += 1) {
      const at = await page.evaluate<{ x: number; y: number } | null>(pixelOf(rgb));
      if (at !== null) await page.mouse.move(at.x, at.y);
      await page.waitForTimeout(200);
    }
    await tooltip.first().waitFor();
    return (await tooltip.first().textContent()) ?? '';
  }

  /** What the page injected and where it went: nothing, and nowhere. */
  async function expectNothingInjected(page: Page, where: string): Promise<void> {
    expect(new URL(page.url()).origin, where).toBe(new URL(server.url).origin);
    expect(await page.evaluate<string[]>('window.__injected'), where).toEqual([]);
  }

  it('the watcher sees each kind of element a payload would make (so the checks below can fail)', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/dashboard/`);
    // Made with DOM calls: the dashboard's Trusted Types policy turns any markup given to innerHTML into text.
    const seen = await page.evaluate<string[]>(`(async () => {
      const bold = document.createElement('b');
      bold.textContent = 'X';
      const meta = document.createElement('meta');
      meta.setAttribute('http-equiv', 'x-dns-prefetch-control');
      const box = document.createElement('div');
      box.append(bold, meta, document.createElement('img'));
      document.body.append(box);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return window.__injected;
    })()`);
    expect(seen).toEqual(['<b>X</b>', '<meta http-equiv="x-dns-prefetch-control">', '<img>']);
    await page.context().close();
  });

  it('the operator’s pages show every payload as text: overview, keys, requests, a request with its pin hovered, and its print view', async () => {
    const page = await newPage();
    await signIn(page, 'admin', TOKEN);
    await page.getByRole('heading', { name: 'Usage per key' }).waitFor();
    await expectNothingInjected(page, 'overview');
    await page.getByRole('link', { name: 'Keys' }).click();
    await page
      .getByRole('cell', { name: payloads[0] ?? '' })
      .first()
      .waitFor();
    await expectNothingInjected(page, 'keys');
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    const link = page.getByRole('link', { name: noted(payloads[1] ?? '') });
    await link.waitFor();
    await expectNothingInjected(page, 'requests');
    await link.click();
    const tooltip = await hoverPin(page, SITE);
    expect(tooltip).toBe(noted(payloads[1] ?? ''));
    await page.waitForTimeout(500);
    await expectNothingInjected(page, 'request detail, pin hovered');
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ format: 'A4' });
    await expectNothingInjected(page, 'request detail, printed');
    for (const [n] of payloads.entries()) {
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('link', { name: 'Requests', exact: true }).click();
      await page.getByRole('link', { name: noted(payloads[n] ?? '') }).click();
      expect(await hoverPin(page, SITE)).toBe(noted(payloads[n] ?? ''));
      await expectNothingInjected(page, `request ${n}, pin hovered`);
    }
  });

  it('the franchisor’s pages show every payload as text: overview, requests, units with each pin hovered, a site map’s units', async () => {
    const page = await newPage();
    await signIn(page, 'key', franchise.apiKey);
    await page
      .getByText(/^Acme <b>X<\/b>/)
      .first()
      .waitFor();
    await expectNothingInjected(page, 'overview');
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await page.getByRole('link', { name: noted(payloads[2] ?? '') }).waitFor();
    await expectNothingInjected(page, 'requests');
    await page.getByRole('link', { name: 'Units' }).click();
    await page.getByRole('cell', { name: `Unit 1 ${payloads[1]}` }).waitFor();
    const tooltip = await hoverPin(page, UNIT);
    expect(tooltip).toMatch(/^Unit \d <.*\(open\)$/);
    await page.waitForTimeout(500);
    await expectNothingInjected(page, 'units, pin hovered');
    // A request's site map letters the own units in view and names them in its legend, as text.
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await page.getByRole('link', { name: noted(payloads[1] ?? '') }).click();
    await page.locator('.site-map .unit-key').getByText(`Unit 0 ${payloads[0]} (open)`).first().waitFor();
    await expectNothingInjected(page, 'request detail with own units');
  });

  it('never left the server: no request reached the phishing server or any other origin', () => {
    expect(phished).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
