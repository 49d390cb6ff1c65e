import { type LocatedSite, resolveTerritory, TerritoryError } from '@locscore/engine';
import type { Territory, UnitTerritory } from '@locscore/schema';
import { invalidInput } from '../refusal.js';

/**
 * A territory as sent, resolved around a located site into its stored form
 * (a population territory becomes the circle holding its residents, from
 * the site's region's population layer; docs/territory.md).
 *
 * @param field - the request field of the territory, for messages (`territory`, `units.3.territory`)
 * @throws Refusal 400 naming `<field>.residents` when the region holds fewer residents than asked
 */
export function resolveAt(site: LocatedSite, territory: Territory, field = 'territory'): UnitTerritory {
  try {
    return resolveTerritory(site, territory, { name: site.region.name, residents: site.region.residents });
  } catch (error) {
    if (error instanceof TerritoryError) {
      const at = field === 'territory' ? error.field : error.field.replace(/^territory/, field);
      throw invalidInput([{ field: at, message: error.message }]);
    }
    throw error;
  }
}
