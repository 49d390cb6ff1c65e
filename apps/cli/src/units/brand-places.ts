import { type Category, CreateUnit, type CreateUnitInput, foldText } from '@locscore/schema';
import type { ImportFile } from './csv-units.js';

/** A place of a region pack as the engine's competitor index gives it (the part the import reads). */
export interface PackPlace {
  id: string;
  lat: number;
  lng: number;
  name: string | null;
  brand: string | null;
  brandWikidata: string | null;
}

/** A Wikidata item id such as `Q37158`. */
const WIKIDATA_ID = /^Q\d+$/i;

/**
 * Whether a place is of the brand asked for: its brand (OSM `brand`, else
 * the name-suggestion-index's, set when the pack was imported) equal to
 * `brand` after folding case, accents and punctuation, or its brand's
 * Wikidata id (`brand:wikidata`, else NSI's) when `brand` is one (`Q37158`).
 *
 * @param place - a place of the pack
 * @param brand - the `--brand` value
 */
export function isOfBrand(place: PackPlace, brand: string): boolean {
  if (WIKIDATA_ID.test(brand.trim())) return place.brandWikidata?.toUpperCase() === brand.trim().toUpperCase();
  return place.brand !== null && foldText(place.brand) === foldText(brand);
}

/**
 * The units of a brand's places: one unit per place, at the place's
 * coordinates (the pack's own location, no geocoding), named after the
 * place (else the brand); when several places share a name, each name gets
 * the place's OSM id (`Starbucks (n2746315562)`; packs keep no street
 * address on places), so the units can be told apart. Each body is validated like any import
 * row.
 *
 * @param places - places of the pack in the category, nearest first or in any order
 * @param options - the brand, category and status (default `open`) of the units
 * @returns the rows to import, `source` naming each place's OSM id
 */
export function brandUnits(places: readonly PackPlace[], options: { brand: string; category: Category; status?: string | undefined }): ImportFile {
  const ofBrand = places.filter((place) => isOfBrand(place, options.brand));
  const baseName = (place: PackPlace) => place.name ?? place.brand ?? options.brand;
  const counts = new Map<string, number>();
  for (const place of ofBrand) counts.set(baseName(place), (counts.get(baseName(place)) ?? 0) + 1);
  const rows = ofBrand.map((place) => {
    const base = baseName(place);
    const name = (counts.get(base) ?? 0) > 1 ? `${base} (${place.id})` : base;
    const body: CreateUnitInput = {
      name,
      coordinates: { lat: place.lat, lng: place.lng },
      category: options.category,
      status: (options.status ?? 'open') as CreateUnitInput['status'],
      brand: place.brand ?? options.brand,
    };
    const source = `place ${place.id} (${name})`;
    const parsed = CreateUnit.safeParse(body);
    return parsed.success ? { source, body } : { source, error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  });
  return { rows, ignored: [] };
}
