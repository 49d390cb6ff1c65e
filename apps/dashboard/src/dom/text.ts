/**
 * User data on the page is text, never markup: addresses, unit names,
 * account and key names, brands and place names come from franchisors and
 * from map data, and a string handed to an HTML sink (Leaflet's tooltips
 * and attribution write `innerHTML`) could create elements, such as a
 * `<meta http-equiv=refresh>` that navigates the operator away.
 *
 * @module
 */

/**
 * An element holding `text` as a text node: what a Leaflet tooltip or popup
 * is given instead of a string, which Leaflet would parse as HTML.
 *
 * @param text - any text, shown as written
 * @returns a `<span>` whose only child is a text node
 */
export function textElement(text: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.textContent = text;
  return span;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `text` with the five HTML-significant characters escaped, for the few
 * Leaflet APIs that take only a string (the attribution control): parsed as
 * HTML it gives back exactly `text`, as one text node.
 *
 * @param text - any text
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** The part of the Trusted Types API the policy needs (Chromium; absent elsewhere). */
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): unknown;
}

/**
 * The only markup Leaflet 1.9 writes itself once the attribution prefix is
 * plain text: the `<span aria-hidden="true">` around its zoom buttons' signs
 * and the attribution's separator. It can neither run code nor navigate.
 */
const LEAFLET_MARKUP = /<span aria-hidden="true">|<\/span>/g;

/**
 * What the text-only policy makes of a string bound for an HTML sink: the
 * string itself when it holds no markup but {@link LEAFLET_MARKUP}, so
 * entities such as `&#x2212;` and Leaflet's own spans stay; else the string
 * escaped ({@link escapeHtml}), so that it becomes text.
 *
 * @param input - what a script is writing to `innerHTML` or another HTML sink
 */
export function textOnlyHtml(input: string): string {
  return input.replace(LEAFLET_MARKUP, '').includes('<') ? escapeHtml(input) : input;
}

/**
 * Installs the page's Trusted Types `default` policy ({@link textOnlyHtml}):
 * under the Content-Security-Policy `require-trusted-types-for 'script'`
 * every string written to an HTML sink (`innerHTML`, `outerHTML`,
 * `insertAdjacentHTML`…) passes through it, so a library that hands a user
 * string to a sink shows it as text and injected markup never becomes
 * elements. Does nothing where the browser has no Trusted Types (the page's
 * own code never writes HTML strings).
 *
 * @param scope - the window; default `globalThis`
 */
export function installTextOnlyPolicy(scope: { trustedTypes?: TrustedTypesFactory } = globalThis as { trustedTypes?: TrustedTypesFactory }): void {
  scope.trustedTypes?.createPolicy('default', { createHTML: textOnlyHtml });
}
