import { existsSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { defaultDashboardDir } from '../../src/http/dashboard/dashboard-files.js';

/** Debian's Chromium, driven by playwright-core (never a downloaded browser). */
export const CHROMIUM = '/usr/bin/chromium';

/** Flags of a headless Chromium that talks to nothing but the pages it is sent to. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Why a browser test of the dashboard cannot run here, or null when it can:
 * Debian's Chromium must be installed and the dashboard built. Warns once,
 * naming the test file, when it cannot.
 *
 * @param test - the test file's name, for the warning
 */
export function chromiumSkipReason(test: string): string | null {
  const reason = !existsSync(CHROMIUM)
    ? `${CHROMIUM} is absent (apt-get install -y chromium)`
    : defaultDashboardDir() === null
      ? 'the dashboard is not built (pnpm build)'
      : null;
  if (reason !== null) console.warn(`[${test}] skipped: ${reason}`);
  return reason;
}

/**
 * Signs in to the dashboard of the server at `baseUrl` through its sign-in
 * page, as the operator (admin token) or a franchisor (API key), and waits
 * for the overview.
 */
export async function signInToDashboard(page: Page, baseUrl: string, kind: 'admin' | 'key', secret: string): Promise<void> {
  await page.goto(`${baseUrl}/dashboard/`);
  await page.getByRole('heading', { name: 'Sign in to locscore' }).waitFor();
  if (kind === 'admin') await page.getByLabel('Operator, with the admin token').check();
  await page.getByLabel(kind === 'admin' ? 'Admin token' : 'API key', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/**
 * Routes every request of `context` and records those to anywhere but
 * `origin`: aborted (a page that must load nothing else), or let through
 * (a test that must see where an injected element would have gone).
 *
 * @param context - a new browser context
 * @param origin - the server's origin
 * @param foreign - where the URLs requested elsewhere are added
 * @param onForeign - `abort` or `continue` such a request
 */
export async function recordForeignRequests(context: BrowserContext, origin: string, foreign: string[], onForeign: 'abort' | 'continue'): Promise<void> {
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    foreign.push(url);
    return onForeign === 'abort' ? route.abort() : route.continue();
  });
}
