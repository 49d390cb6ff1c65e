import { z } from 'zod';
import { TerritoryType, UnitId, UnitStatus } from './unit-refs.js';

/** A share, 0–1, four decimals. */
const Share = z.number().min(0).max(1);

/**
 * Residents two areas share, measured like Esri Business Analyst's Measure
 * Cannibalization on residents instead of area: `shareOfUnion` is A2 (shared ÷
 * residents of the union), `shareOfCandidate` A3 (shared ÷ the candidate's),
 * `shareOfUnit` A4 (shared ÷ the unit's). See docs/territory.md.
 */
export const ResidentOverlap = z
  .object({
    unitId: UnitId,
    name: z.string(),
    sharedResidents: z.int().min(0).describe('Residents in both areas.'),
    shareOfCandidate: Share.describe('Shared ÷ residents of the candidate’s area (Esri A3).'),
    shareOfUnit: Share.describe('Shared ÷ residents of the unit’s area (Esri A4).'),
    shareOfUnion: Share.describe('Shared ÷ residents of the two areas together (Esri A2).'),
  })
  .meta({ id: 'ResidentOverlap' });
/** Residents two areas share. */
export type ResidentOverlap = z.infer<typeof ResidentOverlap>;

/** A unit whose protected territory holds the site. Planned units count as open. */
export const Encroachment = z
  .object({
    unitId: UnitId,
    name: z.string(),
    status: UnitStatus,
    distanceMetres: z.int().min(0).describe('Great-circle distance from the site to the unit, metres.'),
    territoryType: TerritoryType,
  })
  .meta({ id: 'Encroachment' });
/** A unit whose protected territory holds the site. */
export type Encroachment = z.infer<typeof Encroachment>;

/** The nearest of the account's units of the category. */
export const NearestUnit = z
  .object({ unitId: UnitId, name: z.string(), distanceMetres: z.int().min(0).describe('Great-circle distance, metres.') })
  .meta({ id: 'NearestUnit' });
/** The nearest own unit. */
export type NearestUnit = z.infer<typeof NearestUnit>;

/**
 * What a new unit at the site would take from the account's own units, by
 * the Huff model (docs/territory.md): `shareFromOwnUnits` is the share of the
 * candidate's captured demand that own units held before; each unit's
 * `shareLost` is the share of its own captured demand it would lose.
 */
export const Cannibalisation = z
  .object({
    capturedResidents: z.number().min(0).describe('Demand the candidate would capture, in residents (Huff expected customers).'),
    shareFromOwnUnits: Share.describe('Share of that demand taken from own units (the rest from competitors or unserved).'),
    units: z
      .array(
        z.object({
          unitId: UnitId,
          name: z.string(),
          shareLost: Share.describe('Share of the unit’s captured demand it would lose.'),
          residentsLost: z.number().min(0).describe('That demand, in residents.'),
        }),
      )
      .describe('Units that would lose demand, most affected first.'),
  })
  .meta({ id: 'Cannibalisation' });
/** What a new unit would take from own units. */
export type Cannibalisation = z.infer<typeof Cannibalisation>;

/**
 * `meta.territory` of a score result, present when the key's account has
 * units of the category: units whose territory holds the site, the nearest
 * unit, the residents the site's trade area shares with each unit's, and the
 * cannibalisation of own units. `overlap` is empty and `cannibalisation` null
 * when the region has no population layer to measure them with.
 */
export const ScoreTerritory = z
  .object({
    encroaches: z
      .array(Encroachment)
      .describe('Units whose protected territory holds the site; a site inside an open or planned unit’s territory never passes.'),
    nearestUnit: NearestUnit.nullable(),
    overlap: z.array(ResidentOverlap).describe('Units whose trade area (the category’s radius) meets the site’s, most shared residents first.'),
    cannibalisation: Cannibalisation.nullable(),
  })
  .meta({ id: 'ScoreTerritory' });
/** `meta.territory` of a score result. */
export type ScoreTerritory = z.infer<typeof ScoreTerritory>;
