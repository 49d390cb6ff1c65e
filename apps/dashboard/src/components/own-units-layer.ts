import type { ScoreResult, Unit } from '@locscore/schema';
import L from 'leaflet';
import { textElement } from '../dom/text.js';
import { MAP_COLOURS } from './map-layers.js';
import type { SitePinOptions } from './site-pins.js';
import { territoryBounds, territoryLayer } from './territory-layers.js';

/** An own unit on a site map with the short label its pin and the legend show. */
export interface LabelledUnit {
  /** `A`, `B`, … `Z`, `AA`, …: short enough that clustered labels never overlap (see `site-pins.ts`). */
  letter: string;
  unit: Unit;
}

/**
 * The letter label of the `index`-th unit (from 0): `A`–`Z`, then `AA`, `AB`…
 *
 * @param index - the unit's place in the legend, from 0
 */
export function unitLetter(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : `${unitLetter(Math.floor(index / 26) - 1)}${letter}`;
}

/** The box of a unit with its territory (the unit's point when it has none). */
function unitBox(unit: Unit): L.LatLngBounds {
  const point = L.latLng(unit.coordinates.lat, unit.coordinates.lng);
  return unit.territory === null ? L.latLngBounds(point, point) : territoryBounds(unit.territory, unit.coordinates);
}

/**
 * The units a site map shows: those whose point or territory meets the
 * map's box (widened by its own size each way, as the map is wider than tall), each with its letter, nearest the box's centre first (so `A`
 * is the unit closest to the sites). Units far away are left out: a map of
 * one town never shows, or zooms out to, a unit in another country.
 *
 * @param units - the account's units of the category
 * @param bounds - the map's box (the sites' trade areas and the units their results name)
 */
export function unitsInView(units: readonly Unit[], bounds: L.LatLngBounds): LabelledUnit[] {
  const centre = bounds.getCenter();
  // The map is wider than the box it fits: a unit beside the box is still in view.
  const view = bounds.pad(1);
  return units
    .filter((unit) => view.intersects(unitBox(unit)))
    .map((unit) => ({ unit, metres: centre.distanceTo([unit.coordinates.lat, unit.coordinates.lng]) }))
    .sort((a, b) => a.metres - b.metres)
    .map(({ unit }, index) => ({ letter: unitLetter(index), unit }));
}

/**
 * The box of the units a site's result names (`ids`), so that a unit whose
 * territory holds the site is on the map beside it; null when none of them
 * is among `units`.
 *
 * @param units - the account's units
 * @param ids - the ids the results name (`meta.territory.encroaches` and `overlap`)
 */
export function namedUnitsBounds(units: readonly Unit[], ids: ReadonlySet<string>): L.LatLngBounds | null {
  let bounds: L.LatLngBounds | null = null;
  for (const unit of units) {
    if (!ids.has(unit.id)) continue;
    const point = L.latLng(unit.coordinates.lat, unit.coordinates.lng);
    bounds = bounds === null ? L.latLngBounds(point, point) : bounds.extend(point);
  }
  return bounds;
}

/**
 * Draws own units on a site map: each protected territory (where the unit
 * has one) as the Units page draws it, under everything else; each unit's
 * pin (filled when open, hollow when planned) goes to `pins`, the layer that
 * clusters pins whose labels would overlap, with its letter as a permanent
 * label (the legend names the unit; the letter is a text node).
 *
 * @param map - the Leaflet map
 * @param units - the units in view, with their letters
 * @param pins - the clustering layer of the map's pins
 */
export function drawOwnUnits(map: L.Map, units: readonly LabelledUnit[], pins: L.LayerGroup): void {
  for (const { unit } of units) if (unit.territory !== null) territoryLayer(unit.territory, unit.coordinates, { color: MAP_COLOURS.territory }).addTo(map);
  for (const { letter, unit } of units) {
    const open = unit.status === 'open';
    const pin: SitePinOptions = {
      radius: 7,
      color: MAP_COLOURS.unit,
      weight: 2.5,
      fillColor: open ? MAP_COLOURS.unit : '#ffffff',
      fillOpacity: 1,
      siteLabel: letter,
    };
    L.circleMarker([unit.coordinates.lat, unit.coordinates.lng], pin)
      .bindTooltip(textElement(letter), { permanent: true, direction: 'top', offset: [0, -6], className: 'unit-label' })
      .addTo(pins);
  }
}

/**
 * The ids of the own units a result names: those whose protected territory
 * holds the site and those whose trade area meets the site's (the nearest
 * unit alone may be in another town, so it is not taken in).
 *
 * @param result - a score result
 */
export function unitsNamedBy(result: ScoreResult): string[] {
  const territory = result.meta?.territory;
  if (territory === undefined) return [];
  return [...territory.encroaches.map((unit) => unit.unitId), ...territory.overlap.map((unit) => unit.unitId)];
}
