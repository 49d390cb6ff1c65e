import type { MapFeature, RoadFeature, SiteMap } from '@locscore/schema';
import L from 'leaflet';

/** A scored site to mark on the map. */
export interface MapSite {
  /** Short label shown by the marker (`1`, or the address). */
  label: string;
  lat: number;
  lng: number;
}

/** Colours of the map's features; the legend under the map uses the same. */
export const MAP_COLOURS = {
  majorRoad: '#6b7280',
  road: '#c4c8cf',
  tradeArea: '#1d4ed8',
  site: '#111827',
  station: '#7c3aed',
  competitor: '#c2410c',
} as const;

const MAJOR_ROADS = new Set(['motorway', 'trunk', 'primary', 'secondary', 'motorway_link', 'trunk_link', 'primary_link']);

/**
 * Draws one site map onto a Leaflet map (canvas renderer): roads as lines
 * (major roads darker and wider), the trade-area circle, stations and
 * competitors as circles with tooltips, then the site itself on top.
 *
 * @param map - the Leaflet map
 * @param siteMap - the GeoJSON of `GET /api/franchisor/map`
 * @param site - the scored site
 * @returns the bounds of the trade area (or of the map's radius), to fit the view to
 */
export function drawSiteMap(map: L.Map, siteMap: SiteMap, site: MapSite): L.LatLngBounds {
  const roads = siteMap.features.filter((feature: MapFeature): feature is RoadFeature => feature.properties.kind === 'road');
  const collection: GeoJSON.FeatureCollection<GeoJSON.LineString> = { type: 'FeatureCollection', features: roads };
  L.geoJSON(collection, {
    interactive: false,
    style: (feature) => {
      const major = MAJOR_ROADS.has(String(feature?.properties?.highway));
      return { color: major ? MAP_COLOURS.majorRoad : MAP_COLOURS.road, weight: major ? 3 : 1.5, opacity: 1 };
    },
  }).addTo(map);
  const center = L.latLng(site.lat, site.lng);
  const radius = siteMap.meta.tradeAreaRadiusMetres ?? siteMap.meta.radiusMetres;
  const area = L.circle(center, { radius, color: MAP_COLOURS.tradeArea, weight: 2, dashArray: '6 4', fillOpacity: 0.05, interactive: false }).addTo(map);
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
      .bindTooltip(feature.properties.name)
      .addTo(map);
  }
  L.circleMarker(center, { radius: 9, color: '#ffffff', weight: 2, fillColor: MAP_COLOURS.site, fillOpacity: 1 })
    .bindTooltip(site.label, { permanent: true, direction: 'top', offset: [0, -8] })
    .addTo(map);
  map.attributionControl.addAttribution(siteMap.meta.sample ? `${siteMap.meta.attribution} (sample data)` : siteMap.meta.attribution);
  return area.getBounds();
}
