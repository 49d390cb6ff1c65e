import type { OpportunityMap, OpportunitySite } from '@locscore/schema';
import { stringify } from 'csv-stringify/sync';

/** Columns of `locscore opportunities --out sites.csv`, in order. */
export const OPPORTUNITY_COLUMNS = [
  'rank',
  'label',
  'lat',
  'lng',
  'score',
  'passed',
  'story',
  'confidence',
  'transit',
  'competitor',
  'market_fit',
  'nearest_unit',
  'nearest_unit_metres',
  'cannibalisation',
] as const;

/** The file formats `--out` writes, chosen by the file's extension. */
export type OpportunityFileFormat = 'csv' | 'geojson';

/**
 * The format of an `--out` file: `.csv` or `.geojson` / `.json`, else null.
 *
 * @param path - the file name
 */
export function opportunityFileFormat(path: string): OpportunityFileFormat | null {
  const lower = path.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson';
  return null;
}

/** One site as the cells of a CSV row, in {@link OPPORTUNITY_COLUMNS} order. */
function siteRow(site: OpportunitySite): Array<string | number | boolean> {
  return [
    site.rank,
    site.label ?? '',
    site.coordinates.lat,
    site.coordinates.lng,
    site.score,
    String(site.passed),
    site.story,
    site.confidence,
    site.breakdown.transit,
    site.breakdown.competitor,
    site.breakdown.marketFit,
    site.nearestUnit?.name ?? '',
    site.nearestUnit?.distanceMetres ?? '',
    site.cannibalisation ?? '',
  ];
}

/**
 * The sites as a CSV file (csv-stringify, RFC 4180 quoting): a header of
 * {@link OPPORTUNITY_COLUMNS} and one row per site, best first; numbers
 * with a decimal point, `passed` as `true`/`false` (as `locscore batch` writes it); empty cells where a site has no label, no nearest
 * unit or a cannibalisation that cannot be measured.
 *
 * @param map - the API's answer
 */
export function opportunitiesCsv(map: OpportunityMap): string {
  return stringify([[...OPPORTUNITY_COLUMNS], ...map.sites.map(siteRow)]);
}

/**
 * The sites as a GeoJSON FeatureCollection (RFC 7946): one Point feature
 * per site, best first, its properties the site's fields (breakdown and
 * nearest unit flattened as in the CSV) plus the region and category.
 *
 * @param map - the API's answer
 */
export function opportunitiesGeoJson(map: OpportunityMap): string {
  const features = map.sites.map((site) => {
    const cells = siteRow(site);
    const properties = Object.fromEntries(
      OPPORTUNITY_COLUMNS.flatMap((column, index) => (column === 'lat' || column === 'lng' ? [] : [[column, cells[index]]])),
    );
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [site.coordinates.lng, site.coordinates.lat] },
      properties: {
        ...properties,
        passed: site.passed,
        label: site.label,
        nearest_unit: site.nearestUnit?.name ?? null,
        nearest_unit_metres: site.nearestUnit?.distanceMetres ?? null,
        cannibalisation: site.cannibalisation,
        region: map.region,
        category: map.category,
      },
    };
  });
  return `${JSON.stringify({ type: 'FeatureCollection', features }, null, 2)}\n`;
}
