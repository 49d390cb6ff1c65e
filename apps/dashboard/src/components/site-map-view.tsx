import type { Category, SiteMap, Unit } from '@locscore/schema';
import type { FranchisorClient } from '@locscore/sdk/browser';
import L from 'leaflet';
import { useEffect, useRef } from 'preact/hooks';
import { useResource } from '../hooks/use-resource.js';
import { onPrintLayout } from '../print/print-report.js';
import { useSession } from '../session/session-context.js';
import { drawSiteMap, MAP_COLOURS, type MapSite, siteBounds } from './map-layers.js';
import { ResourceView } from './messages.js';
import { drawOwnUnits, type LabelledUnit, namedUnitsBounds, unitsInView } from './own-units-layer.js';
import { sitePinGroup } from './site-pins.js';

/**
 * A map of one or more scored sites drawn from the region pack itself
 * (`GET /api/franchisor/map` for each site, with the category's trade area):
 * no tile server, no network beyond the locscore server. A franchisor's map
 * also shows the account's own units of the category that stand in view,
 * with their protected territories, and takes in the units a result names
 * (a territory holding the site). Full width on
 * screen, redrawn to the paper's box when the page is printed. A legend says
 * what each symbol is; the map has an accessible name.
 *
 * @param sites - the sites, in the order of their labels
 * @param category - the category scored, for competitors and the trade area
 * @param title - the map's accessible name
 */
export function SiteMapView({ sites, category, title }: { sites: readonly MapSite[]; category: Category; title: string }) {
  const { franchisor, session } = useSession();
  const key = sites.map((site) => `${site.lat},${site.lng}`).join(';');
  const [maps] = useResource(
    async (signal): Promise<Drawn> => {
      const [drawn, units] = await Promise.all([
        Promise.all(
          sites.map(async (site): Promise<DrawnSite> => ({ site, map: await franchisor.map({ lat: site.lat, lng: site.lng, category }, { signal }) })),
        ),
        session.kind === 'key' ? ownUnits(franchisor, category, signal) : Promise.resolve([]),
      ]);
      return { sites: drawn, units: unitsInView(units, mapBounds(drawn, units)) };
    },
    [key, category],
  );
  const shown = maps.status === 'ready' ? maps.data.units : [];
  return (
    <figure class="site-map">
      <ResourceView resource={maps} label="the map">
        {(data) => <LeafletMap drawn={data} title={title} />}
      </ResourceView>
      <figcaption class="map-legend">
        <span style={{ color: MAP_COLOURS.site }}>●</span> site <span style={{ color: MAP_COLOURS.tradeArea }}>◌</span> trade area{' '}
        <span style={{ color: MAP_COLOURS.station }}>●</span> station <span style={{ color: MAP_COLOURS.competitor }}>●</span> competitor{' '}
        <span style={{ color: MAP_COLOURS.majorRoad }}>━</span> road
        {shown.length > 0 && <UnitsLegend units={shown} />}
      </figcaption>
    </figure>
  );
}

/** The own units' part of the legend: the symbols, then each unit's letter, name and status. */
function UnitsLegend({ units }: { units: readonly LabelledUnit[] }) {
  return (
    <>
      {' '}
      <span style={{ color: MAP_COLOURS.unit }}>●</span> open unit <span style={{ color: MAP_COLOURS.unit }}>○</span> planned unit{' '}
      <span style={{ color: MAP_COLOURS.territory }}>▭</span> protected territory
      <span class="unit-key">
        {units.map(({ letter, unit }) => (
          <span key={unit.id}>
            <b>{letter}</b> {unit.name} ({unit.status})
          </span>
        ))}
      </span>
    </>
  );
}

/** Every unit of the account of `category` (free of quota). */
async function ownUnits(franchisor: FranchisorClient, category: Category, signal: AbortSignal): Promise<Unit[]> {
  const all: Unit[] = [];
  for await (const unit of franchisor.units.all({ category }, { signal })) all.push(unit);
  return all;
}

/** The map's box: each site's trade area, and the own units the sites' results name. */
function mapBounds(drawn: readonly DrawnSite[], units: readonly Unit[]): L.LatLngBounds {
  const bounds = drawn.map(({ site, map }) => siteBounds(map, site)).reduce((all, area) => all.extend(area));
  const named = namedUnitsBounds(units, new Set(drawn.flatMap(({ site }) => site.unitIds ?? [])));
  return named === null ? bounds : bounds.extend(named);
}

/** Closest zoom of a site map: the pins' clusters are computed for each zoom up to it (a map without tiles has no maximum of its own). */
const MAX_ZOOM = 19;

/** A site and the map data around it. */
interface DrawnSite {
  site: MapSite;
  map: SiteMap;
}

/** What a site map draws: the sites with their map data, and the own units in view with their letters. */
interface Drawn {
  sites: DrawnSite[];
  units: LabelledUnit[];
}

function LeafletMap({ drawn, title }: { drawn: Drawn; title: string }) {
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    if (container.current === null || drawn.sites.length === 0) return;
    const map = L.map(container.current, { preferCanvas: true, zoomSnap: 0.25, maxZoom: MAX_ZOOM, attributionControl: true });
    map.attributionControl.setPrefix('Leaflet');
    const bounds = mapBounds(
      drawn.sites,
      drawn.units.map(({ unit }) => unit),
    );
    const fit = () => map.invalidateSize(false).fitBounds(bounds, { padding: [12, 12], animate: false });
    fit();
    // Territories under the sites' layers; every pin on the map last, so that pins are drawn over everything else.
    const pins = sitePinGroup();
    drawOwnUnits(map, drawn.units, pins);
    for (const { site, map: siteMap } of drawn.sites) drawSiteMap(map, siteMap, site, pins);
    pins.addTo(map);
    const stop = onPrintLayout(fit);
    return () => {
      stop();
      map.remove();
    };
  }, [drawn]);
  return <section ref={container} class="map" aria-label={title} />;
}
