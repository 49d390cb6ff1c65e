import { type Category, RESERVED_VENUES_NOTE, type Territory, type TerritoryCheckResult, type TerritoryOverlap } from '@locscore/schema';
import type { LatLng } from '../region/types.js';
import { overlapOnResidents } from './overlap.js';
import { resolveTerritory, territoryShape } from './resolve-territory.js';
import type { TerritoryRegion } from './territory-region.js';
import type { UnitNetwork } from './unit-network.js';

/** A proposed territory to check, its site located already. */
export interface TerritoryCheckInput {
  /** The site, decimal degrees (geocoded, or given as coordinates). */
  site: LatLng;
  /** The geocoder's matched address, or null for a site given as coordinates. */
  matchedAddress: string | null;
  category: Category;
  /** The proposed territory, validated by the schema's `Territory`. */
  territory: Territory;
  /** The franchisor's minimum of residents, when given. */
  minimumResidents?: number | undefined;
}

/**
 * Checks a proposed territory: resolves it (a population territory becomes
 * its circle), counts the residents and households inside, measures its
 * overlap on residents with the territory of every unit of the category
 * (Esri's A2/A3/A4 on residents, {@link overlapOnResidents}), lists the units
 * whose territory holds the site and the units inside it, the reserved
 * venues inside it with `RESERVED_VENUES_NOTE`, and whether it meets
 * `minimumResidents`.
 *
 * @param region - the region's territory indexes
 * @param network - the account's units
 * @param input - the site, category, territory and minimum
 * @returns the check, as the API answers it
 * @throws TerritoryError naming `territory.residents` when the region holds fewer residents than a population territory asks for
 */
export function checkTerritory(region: TerritoryRegion, network: UnitNetwork, input: TerritoryCheckInput): TerritoryCheckResult {
  const { site, category } = input;
  const territory = resolveTerritory(site, input.territory, { name: region.name, residents: region.residents });
  const shape = territoryShape(site, territory);
  const inside = region.residents.inside(shape);
  const units = network.territoriesMeeting(shape.bbox, category).flatMap(({ unit, territory: area }) => (area === null ? [] : [{ unit, shape: area }]));
  const byId = new Map(units.map(({ unit }) => [unit.id, unit]));
  const overlaps = overlapOnResidents({ shape, residents: inside.residents }, units, region.residents).flatMap((overlap): TerritoryOverlap[] => {
    const unit = byId.get(overlap.unitId);
    return unit === undefined || unit.territory === null ? [] : [{ ...overlap, status: unit.status, territoryType: unit.territory.type }];
  });
  const reservedVenues = region.venues.inside(shape, site);
  const minimumResidents = input.minimumResidents ?? null;
  const residents = Math.round(inside.residents);
  return {
    coordinates: { lat: site.lat, lng: site.lng },
    matchedAddress: input.matchedAddress,
    category,
    territory,
    residents,
    households: inside.households === null ? null : Math.round(inside.households),
    minimumResidents,
    meetsMinimum: minimumResidents === null ? null : residents >= minimumResidents,
    overlaps,
    encroaches: network.encroached(site, category),
    unitsInside: network.inside(shape, site, category),
    reservedVenues,
    reservedVenuesNote: reservedVenues.length > 0 ? RESERVED_VENUES_NOTE : null,
    region: region.name,
  };
}
