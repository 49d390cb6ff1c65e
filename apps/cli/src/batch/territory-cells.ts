import type { ScoreResult } from '@locscore/schema';

/** Between the names of several encroached units in `locscore_encroaches`. */
export const TERRITORY_CELL_SEPARATOR = '; ';

/** The batch columns read from `meta.territory`. */
export interface TerritoryCells {
  locscore_encroaches: string;
  locscore_nearest_unit: string;
  locscore_nearest_unit_metres: string;
  locscore_cannibalisation: string;
}

/**
 * The batch cells of a result's `meta.territory` (present when the key's
 * account has units of the category):
 *
 * - `locscore_encroaches`: the names of the units whose protected territory
 *   holds the site, nearest first, joined by `; ` (empty: none; such a site
 *   never passes);
 * - `locscore_nearest_unit`, `locscore_nearest_unit_metres`: the nearest own
 *   unit of the category and its great-circle distance in whole metres;
 * - `locscore_cannibalisation`: `shareFromOwnUnits`, the share (0–1, four
 *   decimals) of the demand the site would capture that own units held before
 *   (Huff model, docs/territory.md).
 *
 * Every cell is empty when there is no `meta.territory`; the cannibalisation
 * cell is empty when the region cannot measure it (no population layer), so a
 * spreadsheet never reads an unmeasured share as 0.
 *
 * @param result - a score result
 */
export function territoryCells(result: ScoreResult): TerritoryCells {
  const territory = result.meta?.territory;
  const nearest = territory?.nearestUnit ?? null;
  const cannibalisation = territory?.cannibalisation ?? null;
  return {
    locscore_encroaches: (territory?.encroaches ?? []).map((unit) => unit.name).join(TERRITORY_CELL_SEPARATOR),
    locscore_nearest_unit: nearest?.name ?? '',
    locscore_nearest_unit_metres: nearest === null ? '' : String(nearest.distanceMetres),
    locscore_cannibalisation: cannibalisation === null ? '' : cannibalisation.shareFromOwnUnits.toFixed(4),
  };
}
