/**
 * The dashboard in a real browser (playwright-core with Debian's Chromium)
 * on a real server with the sample region: the operator's and a
 * franchisor's journeys of issue 15, the site map drawn on its canvas, a
 * redelivery reaching a local receiver, a franchisor's units imported and a
 * territory checked on the Units page (issue 16), and axe-core on every page.
 *
 * Screenshots of each page are taken on every run; with
 * `LOCSCORE_SCREENSHOTS=1` they are written to `docs/dashboard/*.png` (the
 * ones `docs/dashboard.md` shows), otherwise to a temporary folder.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Account, ADMIN_ACCOUNTS_PATH, ADMIN_KEYS_PATH, CreatedKey, HEADERS, QueuedAck, RequestDetail, SCORE_PATH, WebhookDelivery } from '@locscore/schema';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/start.js';
import { CHROMIUM, CHROMIUM_ARGS, chromiumSkipReason, recordForeignRequests, signInToDashboard } from './support/dashboard-page.js';
import { call } from './support/http-call.js';
import { type ConsoleError, mapInk, mapShowsColour, recordConsoleErrors, seriousViolations } from './support/page-checks.js';
import { type Receiver, startReceiver, waitFor } from './support/receiver.js';
import { type TestDatabase, testDatabase } from './support/test-database.js';

const TOKEN = 'browser-admin-token-0123456789abcdef';
const SCREENSHOTS = fileURLToPath(new URL('../../../docs/dashboard', import.meta.url));
const address = (number: number, street = 'Main Street') => `${number} ${street}, Maple Junction`;
/** Colours of an own unit and its territory on a site map (`MAP_COLOURS` of the dashboard). */
const UNIT_COLOUR = '#047857';
const skipReason = chromiumSkipReason('dashboard-browser.test');

describe.skipIf(skipReason !== null)('the dashboard in Chromium', () => {
  let server: RunningServer;
  let receiver: Receiver;
  let browser: Browser;
  let dataDir: string;
  let database: TestDatabase | undefined;
  let shots: string;
  /** Requests the pages made to anywhere but the server. */
  const foreign: string[] = [];
  /** What each page logged as errors (a failed fetch such as a 401 logs one, a Trusted Types refusal another). */
  const consoleErrors = new Map<Page, ConsoleError[]>();
  const contexts: BrowserContext[] = [];
  const admin = (method: string, path: string, body?: unknown) => call(method, server.url + path, { token: TOKEN, ...(body === undefined ? {} : { body }) });
  const score = (apiKey: string, body: object) => call('POST', server.url + SCORE_PATH, { apiKey, body });

  async function newKey(name: string, plan: 'starter' | 'growth'): Promise<CreatedKey> {
    const account = Account.parse((await admin('POST', ADMIN_ACCOUNTS_PATH, { name })).body);
    return CreatedKey.parse((await admin('POST', ADMIN_KEYS_PATH, { account: account.id, plan })).body);
  }

  /** A fresh browser context (no cookies) whose page may load nothing from another origin. */
  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await recordForeignRequests(context, new URL(server.url).origin, foreign, 'abort');
    const page = await context.newPage();
    consoleErrors.set(page, recordConsoleErrors(page));
    return page;
  }

  const signIn = (page: Page, kind: 'admin' | 'key', secret: string) => signInToDashboard(page, server.url, kind, secret);

  /** Runs axe-core on the page: no serious or critical violation. */
  async function checkAccessibility(page: Page, name: string): Promise<void> {
    expect(await seriousViolations(page, name)).toEqual([]);
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  }

  /**
   * Prints the page as Chromium does (print media, the maps redrawn to their
   * paper box once a frame has been drawn) to an A4 PDF, and counts its pages.
   */
  async function printedPages(page: Page): Promise<number> {
    await page.emulateMedia({ media: 'print' });
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const pdf = await page.pdf({ format: 'A4' });
    await page.emulateMedia({ media: 'screen' });
    return (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  }

  /** The site labels shown on the site map (the pins' permanent tooltips, no pin being hovered, and clusters of pins), with their boxes on the page. */
  interface Label {
    text: string;
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  function siteLabels(page: Page): Promise<Label[]> {
    return page.evaluate<
      Label[]
    >(`[...document.querySelectorAll('.site-map .leaflet-tooltip-pane .leaflet-tooltip, .site-map .site-cluster')].map((element) => {
      const { left, top, right, bottom } = element.getBoundingClientRect();
      return { text: element.textContent.trim(), left, top, right, bottom };
    })`);
  }
  const overlaps = (a: Label, b: Label) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  beforeAll(async () => {
    shots = process.env.LOCSCORE_SCREENSHOTS ? SCREENSHOTS : await mkdtemp(join(tmpdir(), 'locscore-dashboard-shots-'));
    await mkdir(shots, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'locscore-dashboard-browser-'));
    receiver = await startReceiver();
    database = await testDatabase();
    server = await startServer({
      databaseUrl: database.databaseUrl,
      port: 0,
      dataDir,
      sample: true,
      adminToken: TOKEN,
      allowPrivateWebhooks: true,
      webhookRetrySchedule: [0, 1],
      logLevel: 'silent',
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.close();
    await database?.dispose();
    await receiver?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (shots && shots !== SCREENSHOTS) await rm(shots, { recursive: true, force: true });
  });

  /** The operator's page, kept across the steps of the operator's journey. */
  let operator: Page;
  /** The Starter key the operator made in the page. */
  let starter: { apiKey: string; prefix: string };

  it('the operator signs in with the admin token and creates an account and a Starter key, read from the page', async () => {
    operator = await newPage();
    await operator.goto(`${server.url}/dashboard/`);
    await operator.getByRole('heading', { name: 'Sign in to locscore' }).waitFor();
    // Asking whether anyone is signed in is answered, not refused, and zod compiles no code under the CSP: a fresh load logs no error.
    expect(consoleErrors.get(operator)).toEqual([]);
    expect(await operator.getByLabel('API key', { exact: true }).getAttribute('type')).toBe('password');
    await checkAccessibility(operator, 'sign-in');
    await screenshot(operator, 'sign-in');
    await signIn(operator, 'admin', TOKEN);
    const [cookie] = await operator.context().cookies();
    expect(cookie).toMatchObject({ name: 'locscore_session', httpOnly: true, sameSite: 'Strict' });
    const stored = await operator.evaluate<string>('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie');
    expect(stored).not.toContain(TOKEN);
    expect(stored).not.toContain(cookie?.value ?? 'none');

    await operator.getByRole('link', { name: 'Keys' }).click();
    await operator.getByRole('heading', { level: 1, name: 'Keys' }).waitFor();
    await operator.getByLabel('Account name').fill('Pizza Piazza Ltd');
    await operator.getByRole('button', { name: 'Create account' }).click();
    await operator.getByText('Account Pizza Piazza Ltd created.').waitFor();
    await operator.getByLabel('Account', { exact: true }).selectOption({ label: 'Pizza Piazza Ltd' });
    await operator.getByLabel('Plan', { exact: true }).selectOption('starter');
    await operator.getByLabel('Name (optional)').fill('Till 1');
    await operator.getByRole('button', { name: 'Create key' }).click();
    const shown = operator.getByLabel('API key', { exact: true });
    await shown.waitFor();
    const apiKey = await shown.inputValue();
    expect(apiKey).toMatch(/^lsk_/);
    expect(await operator.getByLabel('Webhook secret').inputValue()).toMatch(/^whsec_/);
    await operator.getByRole('button', { name: 'Copy' }).first().click();
    await operator.getByText(/API key (copied|selected)/).waitFor();
    await operator.getByRole('button', { name: 'I have stored them' }).click();
    starter = { apiKey, prefix: apiKey.slice(0, 12) };
    await operator.getByRole('row', { name: new RegExp(starter.prefix) }).waitFor();
    await checkAccessibility(operator, 'keys');
    await screenshot(operator, 'keys');
  });

  it('the key scores through the API until 429; upgraded to Growth in the dashboard, its next score shows the Growth limit', async () => {
    for (let i = 0; i < 20; i += 1) expect((await score(starter.apiKey, { address: address(100 + (i % 2)), category: 'coffee' })).status).toBe(200);
    const spent = await score(starter.apiKey, { address: address(100), category: 'coffee' });
    expect(spent.status).toBe(429);
    expect(spent.headers.get(HEADERS.quotaLimit)).toBe('20');
    await operator.reload();
    await operator.getByLabel(`Plan of ${starter.prefix}`).selectOption('growth');
    const dialog = operator.getByRole('dialog', { name: new RegExp(`^Move ${starter.prefix} to Growth`) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Change plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => operator.getByLabel(`Plan of ${starter.prefix}`).inputValue()).toBe('growth');
    const next = await score(starter.apiKey, { address: address(100), category: 'coffee' });
    expect(next.status).toBe(200);
    expect(next.headers.get(HEADERS.quotaLimit)).toBe('100');
    expect(next.headers.get(HEADERS.quotaRemaining)).toBe('79');
  });

  it('the operator revokes the key after confirming; its next request is 401', async () => {
    await operator.getByRole('button', { name: `Revoke ${starter.prefix}` }).click();
    const dialog = operator.getByRole('dialog', { name: `Revoke ${starter.prefix}?` });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await dialog.waitFor({ state: 'detached' });
    await operator.getByRole('row', { name: new RegExp(`${starter.prefix}.*revoked`) }).waitFor();
    expect((await score(starter.apiKey, { address: address(100), category: 'coffee' })).status).toBe(401);
  });

  /** The franchisor's key, its webhook-mode request, and another account's request. */
  let franchise: CreatedKey;
  let webhookRequest: string;
  let theirs: string;
  let franchisor: Page;

  it('a franchisor signs in with its key and sees its own requests, not another key’s', async () => {
    franchise = await newKey('Maple Coffee Co', 'growth');
    const other = await newKey('Rival Roasters', 'growth');
    expect((await score(franchise.apiKey, { address: address(200), category: 'coffee' })).status).toBe(200);
    const queued = await score(franchise.apiKey, { address: address(100), category: 'coffee', webhookUrl: `${receiver.url}/maple` });
    webhookRequest = QueuedAck.parse(queued.body).requestId;
    const rival = await score(other.apiKey, { address: address(300, 'Oak Street'), category: 'coffee' });
    theirs = rival.headers.get(HEADERS.requestId) ?? '';
    franchisor = await newPage();
    await signIn(franchisor, 'key', franchise.apiKey);
    await franchisor.getByText(`Maple Coffee Co · key ${franchise.prefix}`).waitFor();
    expect(await franchisor.getByRole('link', { name: 'Keys' }).count()).toBe(0);
    await checkAccessibility(franchisor, 'overview (franchisor)');
    await screenshot(franchisor, 'overview-franchisor');
    await franchisor.getByRole('link', { name: 'Requests' }).click();
    await franchisor.getByRole('link', { name: address(200) }).waitFor();
    await franchisor.getByRole('link', { name: address(100) }).waitFor();
    expect(await franchisor.getByText('Oak Street').count()).toBe(0);
    await checkAccessibility(franchisor, 'requests');
    await screenshot(franchisor, 'requests');
    await franchisor.goto(`${server.url}/dashboard/requests/${theirs}`);
    await franchisor
      .getByRole('alert')
      .getByText(/Not found: it may belong to another key/)
      .waitFor();
  });

  it('a request’s detail shows a map whose canvas is not blank and its deliveries; redeliver reaches the local receiver', async () => {
    await waitFor(async () => {
      const detail = RequestDetail.parse((await admin('GET', `/api/admin/requests/${webhookRequest}`)).body);
      return detail.deliveries[0]?.state === 'delivered' ? true : undefined;
    });
    await franchisor.goto(`${server.url}/dashboard/requests/${webhookRequest}`);
    await franchisor.getByRole('heading', { level: 1, name: address(100) }).waitFor();
    await franchisor.locator('.map canvas').first().waitFor();
    await expect.poll(async () => (await mapInk(franchisor)).colours, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    expect((await mapInk(franchisor)).painted).toBeGreaterThan(1_000);
    await franchisor.getByRole('heading', { name: /Delivery 1: Delivered/ }).waitFor();
    await checkAccessibility(franchisor, 'request detail');
    await screenshot(franchisor, 'request-detail');
    const before = receiver.received.filter((entry) => entry.path === '/maple').length;
    expect(before).toBe(1);
    await franchisor.getByRole('button', { name: 'Redeliver' }).click();
    await franchisor.getByText(/Redelivery .* queued\./).waitFor();
    const [, again] = await waitFor(() => {
      const posted = receiver.received.filter((entry) => entry.path === '/maple');
      return posted.length === 2 ? posted : undefined;
    });
    if (!again) throw new Error('no redelivery');
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(again.headers[name])]));
    expect(WebhookDelivery.parse(new Webhook(franchise.webhookSecret).verify(again.body, headers)).requestId).toBe(webhookRequest);
    await franchisor.reload();
    await franchisor.getByRole('heading', { name: /Redelivery 2/ }).waitFor();
  });

  it('prints a request’s site report on one page', async () => {
    expect(await printedPages(franchisor)).toBe(1);
  });

  it('the operator scores and compares sites on behalf of a key, with one map, and reads the overview', async () => {
    await operator.getByRole('link', { name: 'Score and compare' }).click();
    await operator.getByLabel('Address 1').fill(address(100));
    await operator.getByRole('button', { name: 'Add an address to compare' }).click();
    await operator.getByLabel('Address 2').fill(address(200));
    // Sites 1 and 3 stand on either side of Main Street, metres apart: their labels would be drawn over each other.
    await operator.getByRole('button', { name: 'Add an address to compare' }).click();
    await operator.getByLabel('Address 3').fill(address(101));
    await operator.getByLabel('Score as key').selectOption({ index: 1 });
    await operator.getByRole('button', { name: 'Score and compare' }).click();
    await operator.getByRole('heading', { name: /Comparison: Coffee/ }).waitFor();
    await operator.locator('.map canvas').first().waitFor();
    await expect.poll(async () => (await mapInk(operator)).colours, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    // Every sample result fails on its thin data and its score: the verdict row says so for each site, and no site is best overall.
    const verdicts = await operator
      .getByRole('row', { name: /^Verdict/ })
      .locator('td')
      .allTextContents();
    expect(verdicts).toHaveLength(3);
    const labels = await siteLabels(operator);
    expect(labels.flatMap((label) => label.text.split(' · ')).sort()).toEqual(['1', '2', '3']);
    expect(
      labels.find((label) => label.text === '1 · 3'),
      'sites 1 and 3 share one cluster label',
    ).toBeDefined();
    for (const [index, one] of labels.entries()) {
      for (const other of labels.slice(index + 1)) expect(overlaps(one, other), `${one.text} and ${other.text} overlap`).toBe(false);
    }
    for (const verdict of verdicts) expect(verdict).toMatch(/^Fail: data confidence low; score \d\.\d under the 7\.0 pass mark$/);
    expect(
      await operator
        .getByRole('row', { name: /^Score/ })
        .getByText('best')
        .count(),
    ).toBe(0);
    expect(await printedPages(operator)).toBe(1);
    await checkAccessibility(operator, 'score and compare');
    await screenshot(operator, 'score-compare');
    await operator.getByRole('link', { name: 'Overview' }).click();
    await operator.getByRole('heading', { name: 'Requests per day' }).waitFor();
    await operator.getByRole('heading', { name: 'Usage per key' }).waitFor();
    await checkAccessibility(operator, 'overview (operator)');
    await screenshot(operator, 'overview');
    await operator.getByRole('link', { name: 'Requests' }).click();
    await operator.getByRole('link', { name: address(300, 'Oak Street') }).waitFor();
    await checkAccessibility(operator, 'requests (operator)');
  });

  it('a franchisor imports units from a CSV (a bad row listed, the rest added), sees them on the map, and checks a territory drawn over them', async () => {
    await franchisor.getByRole('link', { name: 'Units' }).click();
    await franchisor.getByRole('heading', { level: 1, name: 'Units' }).waitFor();
    await franchisor.getByText('The account has no units yet.', { exact: false }).waitFor();
    const csv = [
      'name,address,status,territory_metres',
      `Maple North,"${address(100)}",open,300`,
      `Maple Zero,"${address(200)}",open,0`,
      `Maple Oak,"${address(300, 'Oak Street')}",planned,250`,
    ].join('\n');
    await franchisor.getByLabel('File of units').setInputFiles({ name: 'units.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await franchisor.getByLabel('Category of rows without one').selectOption('coffee');
    await franchisor.getByRole('button', { name: 'Import' }).click();
    await franchisor.getByText('Imported 2 of 3 units; 1 failed, the others were added.').waitFor();
    await franchisor.getByRole('list', { name: 'Rows that failed' }).getByText('territory.metres must be > 0 and ≤ 100000').waitFor();
    await franchisor.getByRole('cell', { name: 'Maple North' }).waitFor();
    await franchisor.getByRole('cell', { name: 'Maple Oak' }).waitFor();
    expect(await franchisor.getByRole('cell', { name: 'Maple Zero' }).count()).toBe(0);
    await franchisor.locator('.map canvas').first().waitFor();
    await expect.poll(async () => (await mapInk(franchisor)).colours, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

    await franchisor.getByLabel('Address of the candidate').fill(address(200));
    await franchisor.getByLabel('Radius in metres').fill('400');
    await franchisor.getByLabel('Minimum residents (optional)').fill('1');
    await franchisor.getByRole('button', { name: 'Check territory' }).click();
    const report = franchisor.locator('.check-report');
    await report.getByRole('heading', { name: /radius 400 m/ }).waitFor();
    await report.getByText(/^(met|not met)$/).waitFor();
    await report.getByRole('figure').locator('canvas').waitFor();
    await expect.poll(async () => (await mapInk(franchisor)).colours, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await checkAccessibility(franchisor, 'units');
    await screenshot(franchisor, 'units');
  });

  it('a site inside an own unit’s territory fails saying so in the Requests list, its card, its map (the unit and its territory) and its one-page print', async () => {
    const inside = await score(franchise.apiKey, { address: address(110), category: 'coffee' });
    expect(inside.status).toBe(200);
    await franchisor.getByRole('link', { name: 'Requests', exact: true }).click();
    const row = franchisor.getByRole('row', { name: new RegExp(address(110)) });
    await row.waitFor();
    expect(await row.locator('td.verdict-fail').textContent()).toBe('Fail');
    await row.getByRole('link', { name: address(110) }).click();
    const why = franchisor.locator('.verdict-why');
    await why.waitFor();
    expect(await why.textContent()).toMatch(
      /^Fails on: inside the protected territory of Maple North \(\d+ m\); data confidence low; score \d\.\d under the 7\.0 pass mark$/,
    );
    // The site map shows the own unit whose territory holds the site, lettered, with its territory, its label apart from every other.
    await franchisor.locator('.site-map .map canvas').first().waitFor();
    await expect.poll(() => mapShowsColour(franchisor, UNIT_COLOUR), { timeout: 15_000 }).toBe(true);
    const key = await franchisor.locator('.site-map .unit-key > span').allTextContents();
    expect(key[0]).toBe('A Maple North (open)');
    const labels = await siteLabels(franchisor);
    expect(labels.flatMap((label) => label.text.split(' · '))).toEqual(expect.arrayContaining(['A']));
    for (const [index, one] of labels.entries()) {
      for (const other of labels.slice(index + 1)) expect(overlaps(one, other), `${one.text} and ${other.text} overlap`).toBe(false);
    }
    await checkAccessibility(franchisor, 'site report with own units');
    await screenshot(franchisor, 'site-report-units');
    expect(await printedPages(franchisor)).toBe(1);
    await franchisor.emulateMedia({ media: 'print' });
    expect(await why.isVisible()).toBe(true);
    await franchisor.emulateMedia({ media: 'screen' });
  });

  it('the franchisor scores one address on the Score page: its report shows the own unit on the map and prints on one page', async () => {
    await franchisor.getByRole('link', { name: 'Score and compare' }).click();
    await franchisor.getByLabel('Address 1').fill(address(110));
    await franchisor.getByRole('button', { name: 'Score', exact: true }).click();
    await franchisor.getByRole('heading', { name: 'Site report' }).waitFor();
    await franchisor
      .locator('.verdict-why')
      .getByText(/inside the protected territory of Maple North/)
      .waitFor();
    await expect.poll(() => mapShowsColour(franchisor, UNIT_COLOUR), { timeout: 15_000 }).toBe(true);
    expect(await franchisor.locator('.site-map .unit-key > span').first().textContent()).toBe('A Maple North (open)');
    expect(await printedPages(franchisor)).toBe(1);
  });

  it('loaded nothing from another origin, and no page logged an error but the refusal of another account’s request', () => {
    expect(foreign).toEqual([]);
    const expected = `${server.url}/api/franchisor/requests/${theirs}`;
    const logged = [...consoleErrors.values()].flat();
    expect(logged.filter((error) => error.source === expected).map((error) => error.text)).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    expect(logged.filter((error) => error.source !== expected)).toEqual([]);
  });
});
