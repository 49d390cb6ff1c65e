import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { LocationConflation } from '@rapideditor/location-conflation';
import { Matcher, type MatchHit, type NsiData, type NsiItem } from 'name-suggestion-index';
import { RegionPackError } from '../errors.js';

/** The name-suggestion-index tree the engine reads: brands (chains and franchises), not operators, transit networks or flags. */
const BRANDS_TREE = 'brands/';

/** A brand the name-suggestion-index recognises in a name. */
export interface NsiBrand {
  /** The index's item id, e.g. `starbucks-795f60`. */
  nsiId: string;
  /** The brand as OSM tags it (`brand=*`), else the item's display name, e.g. `Starbucks`. */
  brand: string;
  /** Its Wikidata id (`brand:wikidata`), e.g. `Q37158`, when the index gives one. */
  wikidata: string | null;
}

/** The published `dist/json/nsi.json` of the name-suggestion-index package. */
interface NsiFile {
  _meta?: { version?: string };
  nsi: NsiData;
}

/**
 * The name-suggestion-index (NSI, `name-suggestion-index` on npm, BSD-3-Clause)
 * brand matcher, built from the package's own `dist/json/nsi.json` (brands
 * tree only) with its `Matcher`: a name, with an OSM `key=value`, is
 * matched against every brand's names and alternate names as NSI
 * canonicalises them (`simplify`), through its match groups
 * (`amenity=cafe` ~ `shop=coffee`…), honouring its generic-word and
 * named exclusions. Only region import uses it; scoring reads what the pack
 * stores.
 *
 * Building costs about 3 s and 150 MB (see `docs/methodology/competitors.md`);
 * {@link BrandIndex.shared} builds it once per process.
 */
export class BrandIndex {
  private static loaded: Promise<BrandIndex> | undefined;
  private readonly matcher = new Matcher();
  private readonly items = new Map<string, NsiItem>();
  /** Resolves location sets; kept, so that sets resolved for one import are not resolved again. */
  private readonly locations: LocationConflation;

  private constructor(
    data: NsiData,
    /** NSI release, e.g. `8.0.20260918`. */
    readonly version: string,
    features: GeoJSON.FeatureCollection,
  ) {
    this.matcher.buildMatchIndex(data);
    for (const category of Object.values(data)) for (const item of category.items) this.items.set(item.id, item);
    this.locations = new LocationConflation(features);
  }

  /**
   * The process's brand index, read and built on first use ({@link BrandIndex.load})
   * and kept (about 150 MB) for later imports in the same process.
   *
   * @throws RegionPackError naming `name-suggestion-index` when its data cannot be read
   */
  static shared(): Promise<BrandIndex> {
    if (BrandIndex.loaded === undefined) {
      const loading = BrandIndex.load();
      // A failed read is not kept: the next import tries again.
      loading.catch(() => {
        if (BrandIndex.loaded === loading) BrandIndex.loaded = undefined;
      });
      BrandIndex.loaded = loading;
    }
    return BrandIndex.loaded;
  }

  /**
   * Reads the installed name-suggestion-index and builds its matcher.
   *
   * @throws RegionPackError naming `name-suggestion-index` when its data cannot be read
   */
  static async load(): Promise<BrandIndex> {
    const require = createRequire(import.meta.url);
    let dir: URL;
    try {
      // The package's `exports` map hides `dist/json`; it sits beside the entry point (`dist/js`).
      dir = new URL('../json/', pathToFileURL(require.resolve('name-suggestion-index')));
      const file = JSON.parse(await readFile(new URL('nsi.json', dir), 'utf8')) as NsiFile;
      const locations = JSON.parse(await readFile(new URL('featureCollection.json', dir), 'utf8')) as GeoJSON.FeatureCollection;
      const brands: NsiData = {};
      for (const [path, category] of Object.entries(file.nsi)) if (path.startsWith(BRANDS_TREE)) brands[path] = category;
      return new BrandIndex(brands, file._meta?.version ?? 'unknown', locations);
    } catch (error) {
      throw new RegionPackError('name-suggestion-index', `cannot read the brand index (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /**
   * Ids of every brand that may match these names under these tags, anywhere
   * in the world (no location filter): the candidates {@link BrandIndex.locate}
   * must know before it can filter by location.
   *
   * @param keyValues - the object's `[key, value]` pairs, e.g. `[['amenity', 'cafe']]`
   * @param names - its names, most telling first (`name`, then `brand`)
   */
  candidates(keyValues: ReadonlyArray<readonly [string, string]>, names: readonly string[]): string[] {
    return this.hits(keyValues, names).flatMap((hit) => (hit.itemID === undefined ? [] : [hit.itemID]));
  }

  /**
   * Registers where each candidate brand trades (its NSI `locationSet`), so
   * that {@link BrandIndex.match} with a location keeps only brands present there.
   *
   * @param nsiIds - ids from {@link BrandIndex.candidates}
   */
  locate(nsiIds: Iterable<string>): void {
    const items = [...new Set(nsiIds)].flatMap((id) => this.items.get(id) ?? []);
    this.matcher.buildLocationIndex({ [`${BRANDS_TREE}candidates`]: { properties: { path: `${BRANDS_TREE}candidates` }, items } }, this.locations);
  }

  /**
   * The brand these names stand for, at a location: NSI's first hit (a `name`
   * match before an alternate-name match; the most local brand first).
   *
   * @param keyValues - the object's `[key, value]` pairs
   * @param names - its names, most telling first
   * @param at - `[lng, lat]`, decimal degrees; only brands registered by {@link BrandIndex.locate} and present there match
   * @returns the brand, or null (no brand, or a generic or excluded name)
   */
  match(keyValues: ReadonlyArray<readonly [string, string]>, names: readonly string[], at: readonly [number, number]): NsiBrand | null {
    const [hit] = this.hits(keyValues, names, [at[0], at[1]]);
    const item = hit?.itemID === undefined ? undefined : this.items.get(hit.itemID);
    if (item === undefined) return null;
    return { nsiId: item.id, brand: item.tags.brand ?? item.displayName, wikidata: item.tags['brand:wikidata'] ?? null };
  }

  /** Brand hits for the first name and key that has any; an excluded (generic or common) name ends the search for that name. */
  private hits(keyValues: ReadonlyArray<readonly [string, string]>, names: readonly string[], at?: [number, number]): MatchHit[] {
    for (const name of names) {
      for (const [key, value] of keyValues) {
        const hits = this.matcher.match(key, value, name, at) ?? [];
        if (hits.some((hit) => hit.match === 'excludeGeneric' || hit.match === 'excludeNamed')) break;
        const brands = hits.filter((hit) => hit.itemID !== undefined);
        if (brands.length > 0) return brands;
      }
    }
    return [];
  }
}
