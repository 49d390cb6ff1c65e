import type { Category, ScoreTerritory } from '@locscore/schema';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { LatLng } from '../region/types.js';
import { cannibalisation } from './cannibalisation.js';
import { overlapOnResidents } from './overlap.js';
import { circleShape } from './shape.js';
import type { TerritoryRegion } from './territory-region.js';
import type { UnitNetwork } from './unit-network.js';

/**
 * `meta.territory` of a score: the franchisor's units of the category whose
 * protected territory holds the site (planned ones too), the nearest unit,
 * the residents the site's trade area shares with each unit's (trade areas
 * are the category's radius around each store, `CATEGORY_DEFINITIONS`), and
 * the Huff cannibalisation of own units. Without a population layer in the
 * region, `overlap` is empty and `cannibalisation` null: they cannot be
 * measured, and zeros would say there is none.
 *
 * @param region - the region's territory indexes
 * @param network - the account's units
 * @param site - the scored point, decimal degrees
 * @param category - the category scored
 */
export function scoreTerritory(region: TerritoryRegion, network: UnitNetwork, site: LatLng, category: Category): ScoreTerritory {
  const encroaches = network.encroached(site, category);
  const nearestUnit = network.nearest(site, category);
  if (region.residents.size === 0) return { encroaches, nearestUnit, overlap: [], cannibalisation: null };
  const radiusMetres = CATEGORY_DEFINITIONS[category].radiusMetres;
  const tradeArea = circleShape(site, radiusMetres);
  const neighbours = network.within(site, category, 2 * radiusMetres).map(({ unit }) => ({ unit, shape: circleShape(unit.coordinates, radiusMetres) }));
  return {
    encroaches,
    nearestUnit,
    overlap: overlapOnResidents({ shape: tradeArea, residents: region.residents.inside(tradeArea).residents }, neighbours, region.residents),
    cannibalisation: cannibalisation({ site, category, radiusMetres, network, competitors: region.competitors, residents: region.residents }),
  };
}
