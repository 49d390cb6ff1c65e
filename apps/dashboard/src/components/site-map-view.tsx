import type { Category, SiteMap } from '@locscore/schema';
import L from 'leaflet';
import { useEffect, useRef } from 'preact/hooks';
import { useResource } from '../hooks/use-resource.js';
import { onPrintLayout } from '../print/print-report.js';
import { useSession } from '../session/session-context.js';
import { drawSiteMap, MAP_COLOURS, type MapSite, siteBounds } from './map-layers.js';
import { ResourceView } from './messages.js';
import { sitePinGroup } from './site-pins.js';

/**
 * A map of one or more scored sites drawn from the region pack itself
 * (`GET /api/franchisor/map` for each site, with the category's trade area):
 * no tile server, no network beyond the locscore server. Full width on
 * screen, redrawn to the paper's box when the page is printed. A legend says
 * what each symbol is; the map has an accessible name.
 *
 * @param sites - the sites, in the order of their labels
 * @param category - the category scored, for competitors and the trade area
 * @param title - the map's accessible name
 */
export function SiteMapView({ sites, category, title }: { sites: readonly MapSite[]; category: Category; title: string }) {
  const { franchisor } = useSession();
  const key = sites.map((site) => `${site.lat},${site.lng}`).join(';');
  const [maps] = useResource(
    (signal) =>
      Promise.all(sites.map(async (site): Promise<DrawnSite> => ({ site, map: await franchisor.map({ lat: site.lat, lng: site.lng, category }, { signal }) }))),
    [key, category],
  );
  return (
    <figure class="site-map">
      <ResourceView resource={maps} label="the map">
        {(data) => <LeafletMap drawn={data} title={title} />}
      </ResourceView>
      <figcaption class="map-legend">
        <span style={{ color: MAP_COLOURS.site }}>●</span> site <span style={{ color: MAP_COLOURS.tradeArea }}>◌</span> trade area{' '}
        <span style={{ color: MAP_COLOURS.station }}>●</span> station <span style={{ color: MAP_COLOURS.competitor }}>●</span> competitor{' '}
        <span style={{ color: MAP_COLOURS.majorRoad }}>━</span> road
      </figcaption>
    </figure>
  );
}

/** Closest zoom of a site map: the pins' clusters are computed for each zoom up to it (a map without tiles has no maximum of its own). */
const MAX_ZOOM = 19;

/** A site and the map data around it. */
interface DrawnSite {
  site: MapSite;
  map: SiteMap;
}

function LeafletMap({ drawn, title }: { drawn: DrawnSite[]; title: string }) {
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    if (container.current === null || drawn.length === 0) return;
    const map = L.map(container.current, { preferCanvas: true, zoomSnap: 0.25, maxZoom: MAX_ZOOM, attributionControl: true });
    map.attributionControl.setPrefix('Leaflet');
    const bounds = drawn.map(({ site, map: siteMap }) => siteBounds(siteMap, site)).reduce((all, area) => all.extend(area));
    const fit = () => map.invalidateSize(false).fitBounds(bounds, { padding: [12, 12], animate: false });
    fit();
    // The pins go on the map last, so that they are drawn over everything else.
    const pins = sitePinGroup();
    for (const { site, map: siteMap } of drawn) drawSiteMap(map, siteMap, site, pins);
    pins.addTo(map);
    const stop = onPrintLayout(fit);
    return () => {
      stop();
      map.remove();
    };
  }, [drawn]);
  return <section ref={container} class="map" aria-label={title} />;
}
