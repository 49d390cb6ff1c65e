import type { MapFeature, RoadFeature, SiteMap } from '@locscore/schema';
import L from 'leaflet';
import { escapeHtml, textElement } from '../dom/text.js';
import type { SitePinOptions } from './site-pins.js';

/** A scored site to mark on the map. */
export interface MapSite {
  /** The marker's tooltip (the address, or its number in a comparison). */
  label: string;
  /** Whether the label stays shown (short numbers in a comparison) or shows on hover (an address, which would hide what is around the site). */
  pinLabel: boolean;
  lat: number;
  lng: number;
  /** Ids of the own units the site's result names (`meta.territory`: territories holding the site, trade areas meeting its own): the map takes them in. */
  unitIds?: readonly string[] | undefined;
}

/** Colours of the map's features; the legend under the map uses the same. */
export const MAP_COLOURS = {
  majorRoad: '#6b7280',
  road: '#c4c8cf',
  tradeArea: '#1d4ed8',
  site: '#111827',
  station: '#7c3aed',
  competitor: '#c2410c',
  unit: '#047857',
  territory: '#047857',
  candidate: '#b91c1c',
} as const;

const MAJOR_ROADS = new Set(['motorway', 'trunk', 'primary', 'secondary', 'motorway_link', 'trunk_link', 'primary_link']);

/** Radius of the circle drawn around a site: the category's trade area, else the map's radius (metres). */
function circleRadius(siteMap: SiteMap): number {
  return siteMap.meta.tradeAreaRadiusMetres ?? siteMap.meta.radiusMetres;
}

/**
 * The square around a site's circle, to fit the view to (computed without
 * the map, which has no view before its first fit).
 *
 * @param siteMap - the site's map data
 * @param site - the site
 */
export function siteBounds(siteMap: SiteMap, site: MapSite): L.LatLngBounds {
  return L.latLng(site.lat, site.lng).toBounds(2 * circleRadius(siteMap));
}

/**
 * Draws the roads and streets of a site map (major roads darker and wider)
 * and adds the data's attribution: the background of every map.
 *
 * @param map - the Leaflet map
 * @param siteMap - the GeoJSON of `GET /api/franchisor/map`
 */
export function drawRoads(map: L.Map, siteMap: SiteMap): void {
  const roads = siteMap.features.filter((feature: MapFeature): feature is RoadFeature => feature.properties.kind === 'road');
  const collection: GeoJSON.FeatureCollection<GeoJSON.LineString> = { type: 'FeatureCollection', features: roads };
  L.geoJSON(collection, {
    interactive: false,
    style: (feature) => {
      const major = MAJOR_ROADS.has(String(feature?.properties?.highway));
      return { color: major ? MAP_COLOURS.majorRoad : MAP_COLOURS.road, weight: major ? 3 : 1.5, opacity: 1 };
    },
  }).addTo(map);
  // Leaflet writes the attribution as HTML: escaped, the pack's text shows as written.
  map.attributionControl.addAttribution(escapeHtml(siteMap.meta.sample ? `${siteMap.meta.attribution} (sample data)` : siteMap.meta.attribution));
}

/**
 * Draws one site map onto a Leaflet map (canvas renderer): roads as lines
 * (major roads darker and wider), the trade-area circle, stations and
 * competitors as circles with tooltips (text nodes: names and addresses are
 * never parsed as HTML), and the site's pin on top, added to `pins` (a
 * layer that clusters pins whose labels would overlap, see `site-pins.ts`).
 *
 * @param map - the Leaflet map, with its view set
 * @param siteMap - the GeoJSON of `GET /api/franchisor/map`
 * @param site - the scored site
 * @param pins - the layer the site's pin goes to (added to the map after every site is drawn)
 */
export function drawSiteMap(map: L.Map, siteMap: SiteMap, site: MapSite, pins: L.LayerGroup): void {
  drawRoads(map, siteMap);
  const center = L.latLng(site.lat, site.lng);
  L.circle(center, { radius: circleRadius(siteMap), color: MAP_COLOURS.tradeArea, weight: 2, dashArray: '6 4', fillOpacity: 0.05, interactive: false }).addTo(
    map,
  );
  for (const feature of siteMap.features) {
    if (feature.properties.kind === 'road' || feature.geometry.type !== 'Point') continue;
    const [lng, lat] = feature.geometry.coordinates;
    const station = feature.properties.kind === 'station';
    L.circleMarker([lat, lng], {
      radius: station ? 7 : 5,
      color: '#ffffff',
      weight: 1.5,
      fillColor: station ? MAP_COLOURS.station : MAP_COLOURS.competitor,
      fillOpacity: 1,
    })
      .bindTooltip(textElement(feature.properties.name))
      .addTo(map);
  }
  // A label shown only on hover (an address) would make a long cluster label: such a pin clusters as `site`.
  const siteLabel = site.pinLabel ? site.label : 'site';
  const pin: SitePinOptions = { radius: 9, color: '#ffffff', weight: 2, fillColor: MAP_COLOURS.site, fillOpacity: 1, siteLabel };
  L.circleMarker(center, pin)
    .bindTooltip(textElement(site.label), { permanent: site.pinLabel, direction: 'top', offset: [0, -8] })
    .addTo(pins);
}
