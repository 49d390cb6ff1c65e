import { resolve } from 'node:path';
import { isPackError, type PackManifest, type PackSource, readPackManifest } from '@locscore/pack';
import { CliError, EXIT } from '../exit-codes.js';
import { printJson } from '../output/json.js';
import { renderTable } from '../output/table.js';
import type { Terminal } from '../output/terminal.js';
import { countRows } from './region.js';

/**
 * `locscore region info <dir>`: prints a pack's manifest without reading its
 * layers: name, format version, counts, box, coverage, population, and each
 * source with its size, SHA-256 and date (OSM data date, GTFS validity and
 * typical week, census vintage). `--json` prints the manifest as stored.
 *
 * @returns exit code 0
 * @throws CliError (exit 2) when `<dir>` is not a pack, is damaged, or is of
 *   another format (the message of a previous format names the
 *   `locscore region import …` command that rebuilds it)
 */
export async function runRegionInfo(dir: string, options: { json?: boolean | undefined }, terminal: Terminal): Promise<number> {
  const folder = resolve(dir);
  let manifest: PackManifest;
  try {
    manifest = await readPackManifest(folder);
  } catch (error) {
    if (isPackError(error)) throw new CliError(error.message);
    throw error;
  }
  if (options.json) {
    printJson(terminal, manifest);
    return EXIT.ok;
  }
  const out = terminal.stdout;
  out.write(`${terminal.out.bold(manifest.name)}${manifest.sample ? terminal.out.yellow(' (SAMPLE DATA)') : ''}  ${folder}\n`);
  out.write(
    `format ${manifest.formatVersion}, written ${manifest.createdAt}${manifest.generator === undefined ? '' : ` by ${manifest.generator}`}, ${megabytes(packBytes(manifest))} on disk\n`,
  );
  out.write(renderTable(['LAYER', 'COUNT'], countRows(manifest)));
  out.write(`bbox ${manifest.bbox.join(', ')}\n`);
  const coverage = manifest.coverage;
  if (coverage !== undefined) {
    const what = coverage.source === 'boundary' ? `${coverage.name ?? ''} (${coverage.areaId ?? ''})` : `${coverage.source} box ${coverage.bbox.join(', ')}`;
    out.write(`covers ${what}${coverage.grid === undefined ? '' : `, the cells its addresses fill`}\n`);
  }
  const population = manifest.population;
  if (population !== undefined) out.write(`population ${population.residents.toLocaleString('en')} residents (${population.method}: ${population.source})\n`);
  if (manifest.attribution) out.write(`attribution ${manifest.attribution}\n`);
  for (const source of manifest.sources) out.write(`${sourceLine(source)}\n`);
  return EXIT.ok;
}

/**
 * One line for a source: kind, name, size, SHA-256, date and licence, e.g.
 * `source osm liechtenstein.osm.pbf 2.9 MB sha256 0f3a… data of 2021-01-06 (ODbL 1.0)`.
 *
 * @param source - a manifest source
 */
export function sourceLine(source: PackSource): string {
  const parts = [`source ${source.kind} ${source.name}`];
  if (source.bytes !== undefined) parts.push(megabytes(source.bytes));
  if (source.sha256 !== undefined) parts.push(`sha256 ${source.sha256}`);
  if (source.dataDate !== undefined) parts.push(`data of ${source.dataDate}`);
  if (source.validity !== undefined) parts.push(`valid ${source.validity.start} to ${source.validity.end}`);
  if (source.serviceWeek !== undefined) parts.push(`typical week ${source.serviceWeek.start} to ${source.serviceWeek.end}`);
  if (source.vintage !== undefined) parts.push(`vintage ${source.vintage}`);
  if (source.records !== undefined)
    parts.push(`${source.records.toLocaleString('en')} records${source.matched === undefined ? '' : `, ${source.matched.toLocaleString('en')} matched`}`);
  return `${parts.join(' ')} (${source.licence})`;
}

/** Bytes of every file the manifest lists (layers, indexes, dictionary). */
function packBytes(manifest: PackManifest): number {
  return Object.values(manifest.layers).reduce((sum, layer) => sum + layer.bytes + (layer.index?.bytes ?? 0), manifest.strings.bytes);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
