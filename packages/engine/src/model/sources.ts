import { createHash } from 'node:crypto';
import type { FeedSource, ResultSources } from '@locscore/schema';
import type { RegionManifest } from '../region/types.js';

/** A result's provenance before the scoring date is known: the feeds without their `expired` flag. */
export interface PackProvenance extends Omit<ResultSources, 'gtfs'> {
  gtfs: Array<Omit<FeedSource, 'expired'>>;
}

/**
 * The provenance of a pack, read once when its indexes are built: the
 * SHA-256 of its manifest (which lists every data file's own SHA-256, so the
 * same digest is the same data), the OpenStreetMap file and its data date,
 * each GTFS feed's validity window (its typical service week where the
 * validity was not recorded) and each census file's vintage.
 *
 * @param manifest - the pack's manifest
 */
export function packProvenance(manifest: RegionManifest): PackProvenance {
  const digest = createHash('sha256').update(JSON.stringify(manifest)).digest('hex');
  const osm = manifest.sources.find((source) => source.kind === 'osm');
  return {
    pack: { name: manifest.name, digest },
    osm: osm === undefined ? null : { name: osm.name, dataDate: osm.dataDate ?? null },
    gtfs: manifest.sources
      .filter((source) => source.kind === 'gtfs')
      .map((source) => ({
        name: source.name,
        validFrom: source.validity?.start ?? source.serviceWeek?.start ?? null,
        validTo: source.validity?.end ?? source.serviceWeek?.end ?? null,
      })),
    census: manifest.sources.filter((source) => source.kind === 'census').map((source) => ({ name: source.name, vintage: source.vintage ?? null })),
  };
}

/**
 * A result's `meta.sources` at a scoring date: a feed whose validity ended
 * before `now` (UTC date) is expired.
 *
 * @param provenance - the pack's provenance
 * @param now - when the result is computed
 */
export function resultSources(provenance: PackProvenance, now: Date): ResultSources {
  const today = now.toISOString().slice(0, 10);
  return { ...provenance, gtfs: provenance.gtfs.map((feed) => ({ ...feed, expired: feed.validTo !== null && feed.validTo < today })) };
}
