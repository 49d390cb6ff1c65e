import type { OpportunityMap } from '@locscore/schema';
import L from 'leaflet';
import { useEffect, useRef } from 'preact/hooks';
import { textElement } from '../dom/text.js';

/**
 * The heat colour of a score 0–10: red (0) through amber (5) to green (10),
 * HSL hue 12° per point, so a legend can name each end.
 *
 * @param score - a 0–10 score
 */
export function heatColour(score: number): string {
  return `hsl(${Math.round(Math.max(0, Math.min(10, score)) * 12)}, 70%, 45%)`;
}

/**
 * The region's heat map for the category (each cell of the grid holding
 * candidates, coloured by its best score) with the answered sites as pins
 * (rank, address and score on hover, so labels never overlap); a pin's click chooses the site. Drawn from the answer
 * alone, as every dashboard map: no tile server. Fits the answered sites
 * (else the grid), since an extract may hold a few far-off addresses.
 *
 * @param map - the API's answer
 * @param onChoose - called with a site's rank when its pin is clicked
 * @param title - the map's accessible name
 */
export function OpportunitiesMap({ map, onChoose, title }: { map: OpportunityMap; onChoose(rank: number): void; title: string }) {
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    if (container.current === null) return;
    const leaflet = L.map(container.current, { preferCanvas: true, zoomSnap: 0.25, attributionControl: true });
    leaflet.attributionControl.setPrefix('Leaflet');
    for (const cell of map.heat.cells) {
      L.rectangle(
        [
          [cell.south, cell.west],
          [cell.north, cell.east],
        ],
        { stroke: false, fillColor: heatColour(cell.score), fillOpacity: 0.55 },
      )
        .bindTooltip(textElement(`Best ${cell.score.toFixed(1)} of ${cell.sites} candidate${cell.sites === 1 ? '' : 's'}`))
        .addTo(leaflet);
    }
    const points = map.sites.map((site) => L.latLng(site.coordinates.lat, site.coordinates.lng));
    for (const site of map.sites) {
      // Circle markers draw on the canvas with no HTML of their own; the list beside the map is the keyboard's way to a site.
      L.circleMarker([site.coordinates.lat, site.coordinates.lng], { radius: 9, color: '#ffffff', weight: 2, fillColor: '#1d4ed8', fillOpacity: 1 })
        .bindTooltip(textElement(`${site.rank}. ${site.label ?? 'grid cell'}: ${site.score.toFixed(1)}`), { direction: 'top', offset: [0, -8] })
        .on('click', () => onChoose(site.rank))
        .addTo(leaflet);
    }
    const [west, south, east, north] = map.heat.bbox;
    const bounds = points.length > 0 ? L.latLngBounds(points) : L.latLngBounds([south, west], [north, east]);
    leaflet.fitBounds(bounds.pad(0.15), { maxZoom: 15 });
    return () => leaflet.remove();
  }, [map, onChoose]);
  return <section ref={container} class="map" style={{ height: '480px', maxWidth: 'none' }} aria-label={title} />;
}
