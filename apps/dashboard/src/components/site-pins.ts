import L from 'leaflet';
// Adds L.markerClusterGroup to the Leaflet that `leaflet` put on `window.L` (imported first, above).
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';

/** Pixels within which two site pins share one cluster (a labelled pin is about 30 px wide). */
export const CLUSTER_RADIUS_PIXELS = 40;

/** A site's pin: its label, read again when pins are clustered. */
export interface SitePinOptions extends L.CircleMarkerOptions {
  siteLabel: string;
}

/**
 * The cluster's icon: the labels of the sites it holds, in order, joined by
 * `·` (`1 · 3`), as a text node (no HTML is parsed), so sites too close to
 * tell apart at this zoom show one label naming each instead of labels drawn
 * over each other.
 *
 * @param cluster - the cluster Leaflet.markercluster made
 */
function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const labels = cluster
    .getAllChildMarkers()
    .map((pin) => (pin.options as Partial<SitePinOptions>).siteLabel ?? '?')
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const text = labels.join(' · ');
  const label = document.createElement('span');
  label.textContent = text;
  const width = 16 + 8 * text.length;
  return L.divIcon({ html: label, className: 'site-cluster', iconSize: L.point(width, 24), iconAnchor: L.point(width / 2, 12) });
}

/**
 * A layer for the site pins of a map that clusters pins whose labels would
 * overlap (Leaflet.markercluster, the maintained Leaflet plugin for it):
 * a cluster is one label naming its sites; a click zooms in until they part.
 * No animation, so what is drawn does not depend on timing.
 */
export function sitePinGroup(): L.MarkerClusterGroup {
  return L.markerClusterGroup({
    animate: false,
    animateAddingMarkers: false,
    showCoverageOnHover: false,
    spiderfyOnMaxZoom: true,
    maxClusterRadius: CLUSTER_RADIUS_PIXELS,
    iconCreateFunction: clusterIcon,
  });
}
