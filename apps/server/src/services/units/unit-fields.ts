import type { LocatedSite, TerritoryLookup } from '@locscore/engine';
import type { CreateUnit, UpdateUnit } from '@locscore/schema';
import type { StoredUnit, UnitFields } from '../../store/units.js';
import { invalidInput } from '../refusal.js';
import { resolveAt } from './resolve.js';
import { locateSite } from './site.js';

/**
 * The fields to store of a new unit: its site located (the address
 * geocoded by the score's geocoder, or coordinates in a loaded region) and
 * its territory resolved there.
 *
 * @throws Refusal 400 (`address_not_found`, `address_ambiguous`, or naming `coordinates` or `territory.residents`)
 */
export function createdUnitFields(lookup: TerritoryLookup, body: CreateUnit): UnitFields {
  const site = locateSite(lookup, body);
  return {
    name: body.name,
    address: body.address ?? null,
    matchedAddress: site.matchedAddress,
    coordinates: { lat: site.lat, lng: site.lng },
    category: body.category,
    status: body.status,
    brand: body.brand ?? null,
    territoryInput: body.territory ?? null,
    territory: body.territory === undefined ? null : resolveAt(site, body.territory),
  };
}

/** Whether a change needs the engine: it moves the unit or sets a territory. */
export function changesGeography(change: UpdateUnit): boolean {
  return change.address !== undefined || change.coordinates !== undefined || (change.territory !== undefined && change.territory !== null);
}

/**
 * The fields to store of a changed unit. A new site is located; the
 * territory is resolved again when it is replaced, or when the unit moves
 * and its territory was a population territory (the circle holding that
 * many residents around the new site); otherwise the stored territory stays.
 *
 * @param lookup - the engine's lookup; needed only when {@link changesGeography}
 * @throws Refusal 400 as {@link createdUnitFields}
 */
export function changedUnitFields(lookup: TerritoryLookup | null, current: StoredUnit, change: UpdateUnit): UnitFields {
  const moved = change.address !== undefined || change.coordinates !== undefined;
  const site = moved || (change.territory !== undefined && change.territory !== null) ? siteOf(lookup, current, change) : null;
  const fields: UnitFields = {
    name: change.name ?? current.name,
    address: moved ? (change.address ?? null) : current.address,
    matchedAddress: site !== null && moved ? site.matchedAddress : current.matchedAddress,
    coordinates: site !== null && moved ? { lat: site.lat, lng: site.lng } : current.coordinates,
    category: change.category ?? current.category,
    status: change.status ?? current.status,
    brand: change.brand === undefined ? current.brand : change.brand,
    territoryInput: current.territoryInput,
    territory: current.territory,
  };
  if (change.territory === null) return { ...fields, territoryInput: null, territory: null };
  if (change.territory !== undefined && site !== null) return { ...fields, territoryInput: change.territory, territory: resolveAt(site, change.territory) };
  if (moved && site !== null && current.territoryInput?.type === 'population') return { ...fields, territory: resolveAt(site, current.territoryInput) };
  return fields;
}

/** The site of a changed unit: the new one, or the current one in its region. */
function siteOf(lookup: TerritoryLookup | null, current: StoredUnit, change: UpdateUnit): LocatedSite {
  if (lookup === null) throw new Error('changedUnitFields needs the territory lookup to move a unit or set its territory');
  if (change.address !== undefined || change.coordinates !== undefined) return locateSite(lookup, change);
  const site = lookup.at(current.coordinates);
  if (site === null) throw invalidInput([{ field: 'territory', message: 'the unit stands outside every loaded region: its territory cannot be resolved' }]);
  return { ...site, matchedAddress: current.matchedAddress };
}
