import type { Unit, UnitTerritory } from '@locscore/schema';
import L from 'leaflet';
import { textElement } from '../dom/text.js';
import { MAP_COLOURS } from './map-layers.js';

/**
 * A territory as a Leaflet layer: a radius territory as its circle (the
 * great-circle radius), a polygon or population territory as its stored
 * polygon.
 *
 * @param territory - a stored territory
 * @param centre - the unit or candidate site, for a radius territory
 * @param style - stroke colour and dash
 */
export function territoryLayer(territory: UnitTerritory, centre: { lat: number; lng: number }, style: { color: string; dashArray?: string }): L.Layer {
  const path = { color: style.color, weight: 2, fillOpacity: 0.08, interactive: false, ...(style.dashArray ? { dashArray: style.dashArray } : {}) };
  if (territory.type === 'radius') return L.circle([centre.lat, centre.lng], { ...path, radius: territory.metres });
  return L.geoJSON(territory.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon, { style: () => path, interactive: false });
}

/**
 * Draws the account's units on a map: each territory in the units' colour,
 * then each unit as a dot (filled when open, hollow when planned) with its
 * name and status as a tooltip (a text node: a unit's name is never parsed as HTML).
 *
 * @param map - the Leaflet map
 * @param units - the units to draw
 */
export function drawUnits(map: L.Map, units: readonly Unit[]): void {
  for (const unit of units) if (unit.territory !== null) territoryLayer(unit.territory, unit.coordinates, { color: MAP_COLOURS.territory }).addTo(map);
  for (const unit of units) {
    const open = unit.status === 'open';
    L.circleMarker([unit.coordinates.lat, unit.coordinates.lng], {
      radius: 6,
      color: MAP_COLOURS.unit,
      weight: 2,
      fillColor: open ? MAP_COLOURS.unit : '#ffffff',
      fillOpacity: 1,
    })
      .bindTooltip(textElement(`${unit.name} (${unit.status})`))
      .addTo(map);
  }
}

/**
 * The box holding every unit and its territory (a radius territory by its
 * circle's box), or null when there are no units.
 *
 * @param units - the units
 */
export function unitsBounds(units: readonly Unit[]): L.LatLngBounds | null {
  let bounds: L.LatLngBounds | null = null;
  for (const unit of units) {
    const point = L.latLng(unit.coordinates.lat, unit.coordinates.lng);
    const box = unit.territory === null ? L.latLngBounds(point, point) : territoryBounds(unit.territory, unit.coordinates);
    bounds = bounds === null ? box : bounds.extend(box);
  }
  return bounds;
}

/** The box of one territory. */
export function territoryBounds(territory: UnitTerritory, centre: { lat: number; lng: number }): L.LatLngBounds {
  if (territory.type === 'radius') return L.latLng(centre.lat, centre.lng).toBounds(2 * territory.metres);
  return L.geoJSON(territory.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon).getBounds();
}
