import type { Page } from 'playwright-core';

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
