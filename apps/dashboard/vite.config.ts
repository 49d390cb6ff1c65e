import { defineConfig } from 'vite';

/**
 * Builds the dashboard into `dist/` for the server to serve at `/dashboard/`.
 *
 * - `base: '/dashboard/'`: every asset URL starts there.
 * - Workspace packages resolve to their TypeScript sources (the
 *   `@locscore/source` condition), so the dashboard builds without building
 *   `@locscore/sdk` first and tree-shakes it as source.
 * - `assetsInlineLimit: 0`: images (Leaflet's control icons) are files, never
 *   `data:` URLs, so the page runs under `img-src 'self'`.
 * - `modulePreload.polyfill: false`: no inline helper script, for
 *   `script-src 'self'` (every browser the dashboard supports has modulepreload).
 * - `vite dev` proxies the API and the session to a server on
 *   `LOCSCORE_BASE_URL` (default http://127.0.0.1:8787), same origin for the cookie.
 */
const target = process.env['LOCSCORE_BASE_URL'] ?? 'http://127.0.0.1:8787';

export default defineConfig({
  base: '/dashboard/',
  resolve: { conditions: ['@locscore/source', 'module', 'browser', 'development|production'] },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, modulePreload: { polyfill: false }, sourcemap: true, target: 'es2022' },
  server: { proxy: { '/api': target, '/dashboard/session': target } },
});
