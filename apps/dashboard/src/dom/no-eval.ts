/**
 * Tells zod, when imported, never to compile parsers with `new Function`
 * (`jitless`). zod probes for `eval` the first time it parses an object; under
 * the dashboard's Content-Security-Policy (`script-src 'self'`,
 * `require-trusted-types-for 'script'`) the probe is refused, and Chromium
 * logs "This document requires 'TrustedScript' assignment" on every page
 * load. Jitless parsing gives the same results without the probe. `main.tsx`
 * imports this before any schema is used.
 *
 * @module
 */
import { config } from 'zod';

config({ jitless: true });
