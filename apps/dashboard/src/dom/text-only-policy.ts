/**
 * Installs the page's Trusted Types `default` policy ({@link installTextOnlyPolicy})
 * when imported. `main.tsx` imports it first, so that it runs before any
 * library module is evaluated: Leaflet writes `innerHTML` while it loads.
 *
 * @module
 */
import { installTextOnlyPolicy } from './text.js';

installTextOnlyPolicy();
