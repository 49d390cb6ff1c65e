/**
 * Reading a pack's `manifest.json`: its format version first (a pack of a
 * previous format gets the command that rebuilds it), then the fields a
 * reader relies on.
 */
import { PackError } from './errors.js';
import { PACK_FORMAT_VERSION, type PackManifest } from './format.js';

/** The command that builds packs. */
export const IMPORT_COMMAND = 'locscore region import';

/** The parts of a previous-format manifest used to say how to rebuild it. */
interface PreviousManifest {
  name?: unknown;
  sources?: Array<{ kind?: unknown; name?: unknown }>;
  coverage?: { source?: unknown; areaId?: unknown };
}

/**
 * The command that rebuilds a pack from the sources its manifest lists, e.g.
 * `locscore region import --osm liechtenstein.osm.pbf --boundary r1155955 --name "Liechtenstein" --out packs/li --force`.
 *
 * @param manifest - a manifest of any format version (fields read when present)
 * @param dir - the pack directory
 */
export function rebuildCommand(manifest: unknown, dir: string): string {
  const m = (typeof manifest === 'object' && manifest !== null ? manifest : {}) as PreviousManifest;
  const flags: string[] = [];
  const flagOf: Record<string, string> = { osm: '--osm', gtfs: '--gtfs', ratings: '--ratings', census: '--census' };
  for (const source of Array.isArray(m.sources) ? m.sources : []) {
    const flag = typeof source.kind === 'string' ? flagOf[source.kind] : undefined;
    if (flag !== undefined && typeof source.name === 'string') flags.push(`${flag} ${quote(source.name)}`);
  }
  if (flags.length === 0) flags.push('--osm <extract.osm.pbf>');
  if (m.coverage?.source === 'boundary' && typeof m.coverage.areaId === 'string') flags.push(`--boundary ${m.coverage.areaId}`);
  if (typeof m.name === 'string') flags.push(`--name ${quote(m.name)}`);
  return `${IMPORT_COMMAND} ${flags.join(' ')} --out ${quote(dir)} --force`;
}

function quote(text: string): string {
  return /^[\w./:@-]+$/.test(text) ? text : `"${text.replace(/(["\\$`])/g, '\\$1')}"`;
}

/**
 * Checks a parsed manifest.
 *
 * @param value - the parsed `manifest.json`
 * @param dir - the pack directory (for messages)
 * @param path - the manifest's path (for messages)
 * @returns the manifest
 * @throws PackError `previous_format` naming the command that rebuilds the
 *   pack, `newer_format` for a pack of a later locscore, `invalid` for a
 *   missing or malformed field
 */
export function checkManifest(value: unknown, dir: string, path: string): PackManifest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new PackError(path, 'invalid', 'the manifest must be a JSON object');
  const m = value as Record<string, unknown>;
  const version = m.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version)) throw new PackError(path, 'invalid', 'manifest.formatVersion must be a whole number');
  if (version < PACK_FORMAT_VERSION) {
    throw new PackError(
      dir,
      'previous_format',
      `this pack is format ${version}; this locscore reads format ${PACK_FORMAT_VERSION} (typed columns). Rebuild it from its sources: ${rebuildCommand(value, dir)}`,
    );
  }
  if (version > PACK_FORMAT_VERSION) {
    throw new PackError(
      dir,
      'newer_format',
      `this pack is format ${version}, written by a newer locscore; this one reads format ${PACK_FORMAT_VERSION}: upgrade locscore`,
    );
  }
  const invalid = (field: string, what: string): PackError => new PackError(path, 'invalid', `manifest.${field} must be ${what}`);
  if (typeof m.name !== 'string' || m.name === '') throw invalid('name', 'a non-empty string');
  if (typeof m.sample !== 'boolean') throw invalid('sample', 'a boolean');
  if (typeof m.createdAt !== 'string' || Number.isNaN(Date.parse(m.createdAt))) throw invalid('createdAt', 'an ISO 8601 time');
  if (!Array.isArray(m.bbox) || m.bbox.length !== 4 || !m.bbox.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    throw invalid('bbox', '[minLng, minLat, maxLng, maxLat]');
  }
  if (!Array.isArray(m.sources)) throw invalid('sources', 'an array');
  if (typeof m.attribution !== 'string') throw invalid('attribution', 'a string');
  if (typeof m.strings !== 'object' || m.strings === null) throw invalid('strings', 'the dictionary file');
  if (typeof m.layers !== 'object' || m.layers === null || Array.isArray(m.layers)) throw invalid('layers', 'an object of layers');
  return value as PackManifest;
}
