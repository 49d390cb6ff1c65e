import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { ApiError } from '../api-error.js';
import { type SessionRouterOptions, sessionRouter } from './session-router.js';

/**
 * The Content-Security-Policy of every `/dashboard` response: only the
 * server's own scripts, styles, images and API; no inline code, no framing,
 * no plugins. The built app runs under it (Leaflet draws on a canvas).
 * `require-trusted-types-for 'script'` with only the app's `default` policy
 * (`trusted-types default`) makes every HTML string written to the page go
 * through that policy, which turns markup into text: no CSP directive stops
 * an injected `<meta http-equiv=refresh>` from navigating, so none may be
 * created (the app's own code writes user data as text nodes in any case).
 */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; require-trusted-types-for 'script'; trusted-types default";

/** Sets the dashboard's security headers, over helmet's defaults. */
function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  next();
}

/** Options of {@link dashboardRouter}. */
export interface DashboardRouterOptions extends SessionRouterOptions {
  /** The built app's folder (`index.html`, `favicon.svg`, `assets/`); null when it is not built. */
  dir: string | null;
}

/**
 * Router mounted at `/dashboard`: the single-page app and its session.
 *
 * - `/session`: sign in, read and end the session ({@link sessionRouter});
 * - `GET /assets/<file>`: the file, cached for a year (`immutable`: names
 *   carry a content hash); 404 when absent, never the page;
 * - `GET /favicon.svg`;
 * - `GET /` and any other `GET /<path>`: `index.html` with `Cache-Control:
 *   no-store` (the app routes itself); 503 `not_configured` when the app is not built.
 *
 * Every answer carries {@link DASHBOARD_CSP}, `nosniff`, `no-referrer` and `X-Frame-Options: DENY`.
 *
 * @param options - see {@link DashboardRouterOptions}
 */
export function dashboardRouter(options: DashboardRouterOptions): Router {
  const router = Router();
  router.use(securityHeaders);
  router.use('/session', sessionRouter(options));
  const { dir } = options;
  const notBuilt = (): never => {
    throw new ApiError('not_configured', 'the dashboard is not built: run pnpm build');
  };
  if (dir === null) {
    router.get('/{*path}', notBuilt);
    return router;
  }
  router.use('/assets', express.static(join(dir, 'assets'), { index: false, immutable: true, maxAge: '365d', dotfiles: 'ignore', fallthrough: true }));
  router.get('/assets/{*path}', () => {
    throw new ApiError('not_found', 'no such dashboard asset');
  });
  router.get('/favicon.svg', (_req: Request, res: Response) => {
    res.sendFile(join(dir, 'favicon.svg'), { maxAge: '1d', dotfiles: 'allow' });
  });
  router.get('/{*path}', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.sendFile(join(dir, 'index.html'), { cacheControl: false, lastModified: false, etag: false, dotfiles: 'allow' });
  });
  return router;
}
