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
 * The server's base URL as the client reached it, for the document's
 * `servers` (the target of Swagger UI's "Try it out"): the request's scheme
 * and `Host` (with its port). `X-Forwarded-Proto` and `X-Forwarded-Host`
 * count only from a proxy the `trust proxy` setting believes
 * (`LOCSCORE_TRUST_PROXY`), as Express's `req.protocol` and `req.host` say.
 *
 * @returns e.g. `http://127.0.0.1:41234`, or `undefined` for a request without a `Host` (HTTP/1.0)
 */
function serverUrlOf(req: Request): string | undefined {
  const host: string | undefined = req.host;
  return host === undefined || host === '' ? undefined : `${req.protocol}://${host}`;
}

/**
 * The API reference, needing no key and no network:
 *
 * - `GET /openapi.json`: the OpenAPI 3.1 document of `createOpenApiDocument()`
 *   (`@locscore/schema`), built once, with `servers` set per request to this
 *   server's URL as the request reached it (see {@link serverUrlOf}), so "Try
 *   it out" calls the server that served the page on any port or behind a
 *   proxy; a request without a `Host` gets the document's default.
 * - `GET /docs`: Swagger UI (swagger-ui-dist) rendering that document; its
 *   script and stylesheet are served from `/docs/assets/` out of node_modules,
 *   and its start script is a file (`/docs/init.js`), so the page works
 *   offline under a `script-src 'self'` Content Security Policy.
 */
export function apiReferenceRouter(): Router {
  const router = Router();
  const document = createOpenApiDocument();
  const assetDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  router.get('/openapi.json', (req: Request, res: Response) => {
    const url = serverUrlOf(req);
    res.status(200).json(url === undefined ? document : { ...document, servers: [{ url, description: 'this server' }] });
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
