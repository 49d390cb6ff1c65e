import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Counts, in the page, the pixels of the map's canvases that hold something and their distinct colours. */
const MAP_INK = `(() => {
  let painted = 0;
  const colours = new Set();
  for (const canvas of document.querySelectorAll('.map canvas')) {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      painted += 1;
      colours.add(data[i] + ',' + data[i + 1] + ',' + data[i + 2]);
    }
  }
  return { painted, colours: colours.size };
})()`;

/**
 * Pixels of the page's map canvases that hold something, and how many
 * distinct colours they show: a blank map has none.
 *
 * @param page - a dashboard page with at least one `.map`
 */
export function mapInk(page: Page): Promise<{ painted: number; colours: number }> {
  return page.evaluate<{ painted: number; colours: number }>(MAP_INK);
}

/**
 * Whether a pixel of the page's map canvases has exactly the colour
 * `#rrggbb` (fully opaque): a layer drawn in that colour is on the map.
 *
 * @param page - a dashboard page with at least one `.map`
 * @param hex - the colour, `#rrggbb`
 */
export function mapShowsColour(page: Page, hex: string): Promise<boolean> {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return page.evaluate<boolean>(`(() => {
    for (const canvas of document.querySelectorAll('.map canvas')) {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) if (data[i] === ${r} && data[i + 1] === ${g} && data[i + 2] === ${b} && data[i + 3] === 255) return true;
    }
    return false;
  })()`);
}

let axeSource: Promise<string> | undefined;

/**
 * axe-core's serious and critical violations on the page, one line each
 * (`name: rule (impact) help at targets`); axe is evaluated through the
 * debugger, so the page's CSP does not block it.
 *
 * @param page - the page as it is now
 * @param name - the page's name in the lines
 */
export async function seriousViolations(page: Page, name: string): Promise<string[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(await axeSource);
  const violations = await page.evaluate<Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>>(
    'axe.run().then((results) => results.violations)',
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${name}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** A console error of a page: where the page was, what logged it, and its text. */
export interface ConsoleError {
  /** The page's URL when it was logged. */
  page: string;
  /** The script or resource the message names (a failed fetch names the URL it fetched). */
  source: string;
  text: string;
}

/**
 * Records every console error and uncaught exception of `page` from now on,
 * such as a Trusted Types or CSP refusal, or a failed fetch (Chromium logs
 * "Failed to load resource" for any answer of 400 or more).
 *
 * @param page - a new page
 * @returns the list the page's errors are added to
 */
export function recordConsoleErrors(page: Page): ConsoleError[] {
  const errors: ConsoleError[] = [];
  page.on('pageerror', (error) => errors.push({ page: page.url(), source: 'uncaught', text: error.message }));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ page: page.url(), source: message.location().url, text: message.text() });
  });
  return errors;
}
