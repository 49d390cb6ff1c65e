import { CompetitorIndex, haversineMetres, loadRegion } from '@locscore/engine';
import type { Category } from '@locscore/schema';
import type { PackPlace } from './brand-places.js';

/**
 * Every place of a category in a region pack, read with the engine's own
 * competitor index, so a place mapped several times (a node and its
 * building) is one place, with the brand the pack's import gave it (OSM
 * `brand`, else the name-suggestion-index's). The search is the circle
 * around the pack's box that holds all of it.
 *
 * @param packDir - a region pack folder (`locscore region import`)
 * @param category - the franchise category
 * @returns the places and the pack's name
 * @throws RegionPackError when the folder is no readable pack (reported as exit 2)
 */
export async function packPlaces(packDir: string, category: Category): Promise<{ region: string; places: PackPlace[] }> {
  const region = await loadRegion(packDir);
  const [minLng, minLat, maxLng, maxLat] = region.manifest.bbox;
  const centre = { lat: (minLat + maxLat) / 2, lng: (minLng + maxLng) / 2 };
  const radius = haversineMetres(centre, { lat: maxLat, lng: maxLng }) + 1;
  const found = new CompetitorIndex(region.pois).search(centre, category, radius).competitors;
  const places = found.map(({ place }) => ({
    id: place.id,
    lat: place.lat,
    lng: place.lng,
    name: place.name,
    brand: place.brand,
    brandWikidata: place.brandWikidata,
  }));
  return { region: region.manifest.name, places };
}
