import type { Category, SiteMap, Unit, UnitTerritory } from '@locscore/schema';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { textElement } from '../dom/text.js';
import { useResource } from '../hooks/use-resource.js';
import { useSession } from '../session/session-context.js';
import { drawRoads, MAP_COLOURS } from './map-layers.js';
import { ResourceView } from './messages.js';
import { drawUnits, territoryBounds, territoryLayer, unitsBounds } from './territory-layers.js';

/** A proposed territory to draw over the units: the site checked and the territory resolved. */
export interface Candidate {
  label: string;
  coordinates: { lat: number; lng: number };
  territory: UnitTerritory;
}

/**
 * The account's units and their territories on a map, with a candidate's
 * proposed territory drawn over its neighbours when there is one. The roads
 * come from the region pack around the candidate (else the middle of the
 * units), as on every dashboard map: no tile server.
 *
 * @param units - the units to draw
 * @param category - the category whose map data to draw around
 * @param candidate - the territory checked, drawn dashed in red
 * @param title - the map's accessible name
 */
export function UnitsMap({
  units,
  category,
  candidate,
  title,
}: {
  units: readonly Unit[];
  category: Category;
  candidate?: Candidate | undefined;
  title: string;
}) {
  const { franchisor } = useSession();
  const bounds = useMemo(() => boundsOf(units, candidate), [units, candidate]);
  const centre = candidate?.coordinates ?? (bounds === null ? null : { lat: bounds.getCenter().lat, lng: bounds.getCenter().lng });
  const [roads] = useResource(
    (signal) => (centre === null ? Promise.resolve(null) : franchisor.map({ ...centre, category }, { signal })),
    [centre?.lat, centre?.lng, category],
  );
  if (bounds === null) return <p class="muted">No units to show on the map yet.</p>;
  return (
    <figure class="site-map">
      <ResourceView resource={roads} label="the map">
        {(siteMap) => <LeafletUnits units={units} candidate={candidate} siteMap={siteMap} bounds={bounds} title={title} />}
      </ResourceView>
      <figcaption class="map-legend">
        <span style={{ color: MAP_COLOURS.unit }}>●</span> open unit <span style={{ color: MAP_COLOURS.unit }}>○</span> planned unit{' '}
        <span style={{ color: MAP_COLOURS.territory }}>▭</span> protected territory
        {candidate !== undefined && (
          <>
            {' '}
            <span style={{ color: MAP_COLOURS.candidate }}>◌</span> proposed territory
          </>
        )}{' '}
        <span style={{ color: MAP_COLOURS.majorRoad }}>━</span> road
      </figcaption>
    </figure>
  );
}

function boundsOf(units: readonly Unit[], candidate: Candidate | undefined): L.LatLngBounds | null {
  const ofUnits = unitsBounds(units);
  if (candidate === undefined) return ofUnits;
  const ofCandidate = territoryBounds(candidate.territory, candidate.coordinates);
  return ofUnits === null ? ofCandidate : ofUnits.extend(ofCandidate);
}

function LeafletUnits({
  units,
  candidate,
  siteMap,
  bounds,
  title,
}: {
  units: readonly Unit[];
  candidate: Candidate | undefined;
  siteMap: SiteMap | null;
  bounds: L.LatLngBounds;
  title: string;
}) {
  const container = useRef<HTMLElement>(null);
  useEffect(() => {
    if (container.current === null) return;
    const map = L.map(container.current, { preferCanvas: true, zoomSnap: 0.25, attributionControl: true });
    map.attributionControl.setPrefix('Leaflet');
    map.fitBounds(bounds, { padding: [12, 12] });
    if (siteMap !== null) drawRoads(map, siteMap);
    drawUnits(map, units);
    if (candidate !== undefined) {
      territoryLayer(candidate.territory, candidate.coordinates, { color: MAP_COLOURS.candidate, dashArray: '6 4' }).addTo(map);
      L.circleMarker([candidate.coordinates.lat, candidate.coordinates.lng], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: MAP_COLOURS.candidate,
        fillOpacity: 1,
      })
        .bindTooltip(textElement(candidate.label), { direction: 'top', offset: [0, -8] })
        .addTo(map);
    }
    return () => map.remove();
  }, [units, candidate, siteMap, bounds]);
  return <section ref={container} class="map" aria-label={title} />;
}
