import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createOpenApiDocument } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';

/** The swagger-ui-dist files the page needs, served from node_modules (no CDN). */
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'] as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>locscore API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// validatorUrl: null keeps Swagger UI from calling validator.swagger.io: the page works offline.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

/**
 * The document's `servers` as this server serves it: one relative URL, `/`,
 * which OpenAPI 3.1 resolves against where the document was fetched, so
 * Swagger UI's "Try it out" calls the server that served the page on any
 * port or behind any proxy, and the document never repeats a request's
 * `Host` header (which a client or a cache in between could have chosen).
 */
const SERVED_SERVERS = [{ url: '/', description: 'this server (the origin the document was fetched from)' }];

/** `Cache-Control` of `/openapi.json`: the same document for every request until the server is upgraded (5 minutes). */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

/**
 * The API reference, needing no key and no network:
 *
 * - `GET /openapi.json`: the OpenAPI 3.1 document of `createOpenApiDocument()`
 *   (`@locscore/schema`), built and serialised once, its `servers` the
 *   relative `/` ({@link SERVED_SERVERS}), with {@link OPENAPI_CACHE_CONTROL}.
 * - `GET /docs`: Swagger UI (swagger-ui-dist) rendering that document; its
 *   script and stylesheet are served from `/docs/assets/` out of node_modules,
 *   and its start script is a file (`/docs/init.js`), so the page works
 *   offline under a `script-src 'self'` Content Security Policy.
 */
export function apiReferenceRouter(): Router {
  const router = Router();
  const served = JSON.stringify({ ...createOpenApiDocument(), servers: SERVED_SERVERS });
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  router.get('/openapi.json', (_req: Request, res: Response) => {
    res.status(200).type('application/json').setHeader('Cache-Control', OPENAPI_CACHE_CONTROL).send(served);
  });
  router.get('/docs', (_req: Request, res: Response) => {
    res.status(200).type('html').send(PAGE);
  });
  router.get('/docs/init.js', (_req: Request, res: Response) => {
    res.status(200).type('application/javascript').send(INIT);
  });
  for (const asset of ASSETS) {
    router.get(`/docs/assets/${asset}`, (_req: Request, res: Response) => {
      // The pnpm store path has a dot segment (node_modules/.pnpm): allow it.
      res.sendFile(join(assetDir, asset), { maxAge: '1d', dotfiles: 'allow' });
    });
  }
  return router;
}
