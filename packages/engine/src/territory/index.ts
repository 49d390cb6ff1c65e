/**
 * Franchise territory validation: the franchisor's own units and their
 * protected territories against a candidate site or a proposed territory.
 * Pure functions over a region's indexes; `docs/territory.md` gives every
 * measure, its source and how to read it.
 */

export { type CannibalisationInput, cannibalisation, huffUtility } from './cannibalisation.js';
export { checkTerritory, type TerritoryCheckInput } from './check-territory.js';
export { type MeasuredArea, overlapOnResidents, type UnitArea } from './overlap.js';
export { unitAsPoi, withoutOwnUnits } from './own-places.js';
export { ReservedVenueIndex, reservedVenueKind } from './reserved-venues.js';
export { type HoldingRadius, ResidentIndex, type Residents } from './resident-index.js';
export { MIN_POPULATION_RADIUS_METRES, type PopulationSource, resolveTerritory, territoryShape } from './resolve-territory.js';
export { scoreTerritory } from './score-territory.js';
export { boxIntersection, CIRCLE_STEPS, circlePolygon, circleShape, polygonShape, type Shape } from './shape.js';
export { TerritoryError } from './territory-error.js';
export { breachesTerritory, encroachmentInsight } from './territory-insight.js';
export { type LocatedSite, type LookupRegion, type TerritoryLookup, territoryLookup } from './territory-lookup.js';
export { type TerritoryRegion, territoryRegion } from './territory-region.js';
export { type IndexedUnit, type NetworkUnit, UnitNetwork } from './unit-network.js';
