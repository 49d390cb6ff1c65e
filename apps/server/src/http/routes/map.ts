import { MapQuery, type SiteMap } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { ApiError } from '../api-error.js';
import { requireKeyOrAdmin } from '../auth/authenticate.js';
import type { ServerConfig } from '../server-config.js';
import { parseQuery } from '../validate.js';

/**
 * Router mounted at `/api/franchisor/map`: `GET /?lat=&lng=&radius=&category=`
 * answers the {@link SiteMap} around the point, drawn from the loaded region
 * pack (roads and streets, stations, and the category's competitors), for
 * an API key or the operator. Costs no quota. 400 names the bad parameter
 * (`radius` 50–2,000 m), or `lat` for a point outside every loaded region;
 * 503 `not_configured` without a region.
 *
 * @param config - the server configuration
 */
export function mapRouter(config: ServerConfig): Router {
  const router = Router();
  router.get('/', requireKeyOrAdmin, (req: Request, res: Response) => {
    const query = parseQuery(MapQuery, req.query);
    const { engine } = config;
    if (engine.regions.length === 0 || engine.siteMap === undefined) {
      throw new ApiError('not_configured', 'no region is loaded: start the server with at least one region pack');
    }
    // A point outside every region throws the engine's OutsideRegionsError: 400 naming `lat` (toApiError).
    const map: SiteMap = engine.siteMap({
      lat: query.lat,
      lng: query.lng,
      ...(query.radius === undefined ? {} : { radiusMetres: query.radius }),
      ...(query.category === undefined ? {} : { category: query.category }),
    });
    res.status(200).json(map);
  });
  return router;
}
