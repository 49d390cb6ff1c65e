import { z } from 'zod';

/** The three ways franchise agreements define a territory (FDD Item 12): a radius, a drawn polygon, or a number of residents. */
export const TERRITORY_TYPES = ['radius', 'polygon', 'population'] as const;
/** zod schema of a territory type. */
export const TerritoryType = z.enum(TERRITORY_TYPES).meta({ id: 'TerritoryType' });
/** One of the {@link TERRITORY_TYPES}. */
export type TerritoryType = z.infer<typeof TerritoryType>;

/** Id of a unit: UUID v4. */
export const UnitId = z
  .uuid({ version: 'v4', error: (issue) => (issue.input === undefined ? 'id is required' : 'id must be a unit id (UUID v4)') })
  .meta({ id: 'UnitId', example: '5b0f8c3e-9a1d-4e2b-8c7f-3d2e1a0b9c8d' });
/** Id of a unit. */
export type UnitId = z.infer<typeof UnitId>;

/** A unit's state: `open` trades now; `planned` is promised (counts as open for encroachment and cannibalisation). */
export const UNIT_STATUSES = ['open', 'planned'] as const;
/** zod schema of a unit status. */
export const UnitStatus = z
  .enum(UNIT_STATUSES, { error: (issue) => (issue.input === undefined ? 'status is required' : `status must be one of: ${UNIT_STATUSES.join(', ')}`) })
  .meta({ id: 'UnitStatus' });
/** A unit's state. */
export type UnitStatus = z.infer<typeof UnitStatus>;
