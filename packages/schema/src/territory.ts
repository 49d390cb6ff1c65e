import { z } from 'zod';
import { TerritoryGeometry, TerritoryGeometryInput } from './territory-geometry.js';
import { TERRITORY_TYPES } from './unit-refs.js';

/** Largest radius of a radius territory, metres (100 km). */
export const MAX_TERRITORY_RADIUS_METRES = 100_000;
/** Largest resident count of a population territory. */
export const MAX_TERRITORY_RESIDENTS = 100_000_000;

const unknownTerritoryField = (issue: { code: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' ? `unknown field in territory: ${(issue.keys ?? []).join(', ')}` : 'territory must be an object';

const radiusMessage = `territory.metres must be > 0 and ≤ ${MAX_TERRITORY_RADIUS_METRES}`;
const residentsMessage = `territory.residents must be a whole number > 0 and ≤ ${MAX_TERRITORY_RESIDENTS}`;

/** A radius territory: every point within `metres` (great circle) of the unit. */
export const RadiusTerritory = z
  .strictObject(
    {
      type: z.literal('radius'),
      metres: z
        .number({ error: radiusMessage })
        .gt(0, radiusMessage)
        .max(MAX_TERRITORY_RADIUS_METRES, radiusMessage)
        .describe('Radius, metres, > 0 and ≤ 100,000.'),
    },
    { error: unknownTerritoryField },
  )
  .meta({ id: 'RadiusTerritory' });
/** A radius territory. */
export type RadiusTerritory = z.infer<typeof RadiusTerritory>;

/** A population territory as asked for: the area around the unit holding `residents` residents. */
export const PopulationTerritoryInput = z
  .strictObject(
    {
      type: z.literal('population'),
      residents: z
        .int({ error: residentsMessage })
        .gt(0, residentsMessage)
        .max(MAX_TERRITORY_RESIDENTS, residentsMessage)
        .describe('Residents the territory holds.'),
    },
    { error: unknownTerritoryField },
  )
  .meta({ id: 'PopulationTerritoryInput' });
/** A population territory as asked for. */
export type PopulationTerritoryInput = z.infer<typeof PopulationTerritoryInput>;

/** The message for a territory that is missing, not an object, or of an unknown type. */
function territoryError(input: unknown): string {
  if (input === undefined) return 'territory is required';
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'territory must be an object with a type: radius, polygon or population';
  return `territory.type must be one of: ${TERRITORY_TYPES.join(', ')}`;
}

/**
 * A territory as a client sends it: `{ type: "radius", metres }` (0 < metres ≤
 * 100,000), `{ type: "polygon", geometry }` (a valid GeoJSON Polygon or
 * MultiPolygon, {@link TerritoryGeometryInput}) or `{ type: "population",
 * residents }` (a whole number > 0). Errors name the field, e.g.
 * `territory.metres must be > 0 and ≤ 100000`.
 */
export const Territory = z
  .discriminatedUnion(
    'type',
    [
      RadiusTerritory,
      z.strictObject({ type: z.literal('polygon'), geometry: TerritoryGeometryInput }, { error: unknownTerritoryField }),
      PopulationTerritoryInput,
    ],
    { error: (issue) => territoryError(issue.input) },
  )
  .meta({ id: 'Territory' });
/** A territory after validation (polygon positions without altitude). */
export type Territory = z.infer<typeof Territory>;
/** A territory as sent. */
export type TerritoryInput = z.input<typeof Territory>;

/** A polygon territory as stored and answered. */
export const PolygonTerritory = z.object({ type: z.literal('polygon'), geometry: TerritoryGeometry }).meta({ id: 'PolygonTerritory' });
/** A polygon territory as stored. */
export type PolygonTerritory = z.infer<typeof PolygonTerritory>;

/**
 * A population territory as stored: resolved once, when the unit was written,
 * into the polygon that held `residents` residents of the region's population
 * layer around the unit, so that it stays the same when the data is updated.
 */
export const PopulationTerritory = z
  .object({
    type: z.literal('population'),
    residents: z.int().min(1).describe('Residents asked for.'),
    geometry: TerritoryGeometry.describe('The circle around the unit holding them (see docs/territory.md).'),
    radiusMetres: z.number().min(0).describe('Radius of that circle, metres.'),
    residentsInside: z.int().min(0).describe('Residents inside the polygon when it was built (at least `residents`).'),
    region: z.string().describe('Name of the region pack whose population layer it was built from.'),
  })
  .meta({ id: 'PopulationTerritory' });
/** A population territory as stored. */
export type PopulationTerritory = z.infer<typeof PopulationTerritory>;

/** A unit's territory as stored and answered: radius, polygon, or resolved population territory. */
export const UnitTerritory = z.discriminatedUnion('type', [RadiusTerritory, PolygonTerritory, PopulationTerritory]).meta({ id: 'UnitTerritory' });
/** A unit's territory as stored. */
export type UnitTerritory = z.infer<typeof UnitTerritory>;
