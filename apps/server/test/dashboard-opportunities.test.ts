/// <reference path="../../../packages/engine/test/pack-cache.global-setup.ts" />
/**
 * The dashboard's Opportunities page in a real browser (playwright-core with
 * Debian's Chromium) on a real server over the real Liechtenstein pack: a
 * franchisor signs in with its key, asks for the best coffee sites, sees the
 * heat map drawn on its canvas and the top sites beside it, and a click on a
 * site scores it and opens its report, whose verdict is the listed one.
 * axe-core finds no serious violation; nothing loads from another origin.
 * With `LOCSCORE_SCREENSHOTS=1` the screenshot goes to `docs/dashboard/opportunities.png`.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPPORTUNITIES_PATH, OpportunityMap } from '@locscore/schema';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile, sharedPack } from '../../../packages/engine/test/region-fixtures.js';
import { type RunningServer, startServer } from '../src/start.js';
import { CHROMIUM, CHROMIUM_ARGS, chromiumSkipReason, recordForeignRequests, signInToDashboard } from './support/dashboard-page.js';
import { call } from './support/http-call.js';
import { type ConsoleError, mapInk, recordConsoleErrors, seriousViolations } from './support/page-checks.js';
import { type TestDatabase, testDatabase } from './support/test-database.js';

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/dashboard', import.meta.url));
const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');
const skipReason = pbf === null ? '../shared/data/liechtenstein is absent' : chromiumSkipReason('dashboard-opportunities.test');
if (pbf === null) console.warn('[dashboard-opportunities.test] skipped: ../shared/data/liechtenstein is absent');

describe.skipIf(skipReason !== null)('the Opportunities page in Chromium over the Liechtenstein pack', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let apiKey: string;
  let page: Page;
  let database: TestDatabase | undefined;
  const foreign: string[] = [];
  let consoleErrors: ConsoleError[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'locscore-dashboard-opportunities-'));
    const pack = await sharedPack({ osm: pbf ?? '', name: 'Liechtenstein' });
    database = await testDatabase();
    server = await startServer({ databaseUrl: database.databaseUrl, port: 0, dataDir, regions: [pack], sample: false, logLevel: 'silent' });
    const account = await server.store.accounts.create('Rhine Coffee');
    apiKey = (await server.store.keys.create({ plan: 'growth', accountId: account.id })).apiKey;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await recordForeignRequests(context, new URL(server.url).origin, foreign, 'abort');
    page = await context.newPage();
    consoleErrors = recordConsoleErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('shows the heat map and the top sites, and a click opens the site’s report with the listed verdict', async () => {
    await signInToDashboard(page, server.url, 'key', apiKey);
    await page.getByRole('link', { name: 'Opportunities' }).click();
    await page.getByRole('heading', { level: 1, name: 'Opportunities' }).waitFor();
    await page.getByLabel('Region (leave empty when the server holds one)').fill('liechtenstein');
    await page.getByRole('button', { name: 'Find sites' }).click();
    await page
      .getByRole('heading', { name: 'Best sites for coffee shop in Liechtenstein' })
      .or(page.getByRole('heading', { name: /^Best sites for .* in Liechtenstein$/ }))
      .first()
      .waitFor();

    // The same answer as the API gives (the table is cached: this call is the page's, not a second scoring).
    const expected = OpportunityMap.parse((await call('GET', `${server.url}${OPPORTUNITIES_PATH}?category=coffee&limit=20`, { apiKey })).body);
    const items = page.getByRole('list', { name: 'Top sites' }).getByRole('listitem');
    expect(await items.count()).toBe(20);
    const buttons = page.getByRole('list', { name: 'Top sites' }).getByRole('button');
    expect(await buttons.allTextContents()).toEqual(expected.sites.map((site) => site.label));
    const ink = await mapInk(page);
    expect(ink.painted).toBeGreaterThan(2_000);
    expect(ink.colours).toBeGreaterThan(5);

    expect(await seriousViolations(page, 'opportunities')).toEqual([]);
    const shots = process.env.LOCSCORE_SCREENSHOTS ? SCREENSHOTS : dataDir;
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'opportunities.png'), fullPage: true });

    const [best] = expected.sites;
    await buttons.first().click();
    await page.getByRole('heading', { name: `Site report: ${best?.label}` }).waitFor();
    const card = page.locator('#opportunity-report .result-card');
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(best?.score.toFixed(1));
    expect(text).toContain(best?.story);
    expect(foreign).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
