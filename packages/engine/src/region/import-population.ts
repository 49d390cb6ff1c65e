import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { buildPopulation } from '../population/build-population.js';
import { CoveragePolygon } from '../population/coverage-share.js';
import type { PopulatedPlace } from '../population/populated-places.js';
import type { ResidentialBuilding } from '../population/residential-buildings.js';
import { type CensusInput, readCensusInput } from './census-input.js';
import { coverageTest } from './coverage.js';
import type { ImportProgress } from './import-types.js';
import { SAMPLE_ATTRIBUTION, SAMPLE_LICENCE } from './licences.js';
import type { Area, PackCoverage, PackSource, RegionData } from './types.js';

/** What the OSM read gave the population layer. */
export interface OsmPopulationInputs {
  buildings: readonly ResidentialBuilding[];
  places: readonly PopulatedPlace[];
  /**
   * Every administrative area of the extract, before clipping: an area cut
   * by the pack's edge spreads only what its areas (inside the pack or not)
   * leave it, so a pack and a sub-pack from the same extract give the same
   * residents where they overlap.
   */
  areas: readonly Area[];
}

/** The pack's coverage, as chosen by the importer. */
export interface ImportCoverage {
  coverage: PackCoverage;
  /** The boundary area when the pack covers one. */
  boundary: Area | null;
}

/**
 * The population step of an import: reads the census (if any) for the
 * coverage, builds the population layer ({@link buildPopulation}) into
 * `data.population`, `data.census` (the census areas with a share inside)
 * and `data.manifest.population`, and returns the census files as pack
 * sources and any warnings (census features without geometry that held
 * residents).
 *
 * @param input - the census options of the import
 * @param data - the pack, after clipping to the coverage (changed in place)
 * @param osm - dwellings and populated places read from the extract
 * @param where - the coverage and its boundary
 * @param sample - whether this is the fictional sample region (its licence and attribution)
 * @param progress - progress events
 * @returns the census sources and warnings
 * @throws RegionPackError for bad census input
 */
export async function importPopulation(
  input: CensusInput,
  data: RegionData,
  osm: OsmPopulationInputs,
  where: ImportCoverage,
  sample: boolean,
  progress: (event: ImportProgress) => void,
): Promise<{ sources: PackSource[]; warnings: string[] }> {
  const { coverage, boundary } = where;
  const first = input.census ?? input.censusBoundaries;
  if (first !== undefined) progress({ phase: 'census', source: basename(first), message: `reading census ${first}` });
  const census = await readCensusInput(input, coverage.bbox);
  const polygon = new CoveragePolygon(coverage.bbox, boundary?.geometry ?? null, coverageTest(coverage, boundary));
  const layer = buildPopulation({ census, areas: osm.areas, places: osm.places, buildings: osm.buildings, addresses: data.addresses, coverage: polygon });
  data.population = layer.points;
  data.census = layer.censusAreas;
  data.manifest.population = layer.summary;
  const { summary } = layer;
  progress({
    phase: 'census',
    source: data.manifest.name,
    message: `population (${summary.method}): ${summary.residents.toLocaleString('en')} residents on ${layer.points.length.toLocaleString('en')} points from ${summary.source}`,
  });
  const warnings: string[] = [];
  if (census !== null && census.skipped.residents > 0) {
    warnings.push(
      `${census.skipped.count} census features without geometry left out, holding ${census.skipped.residents.toLocaleString('en')} residents (${census.skipped.ids.join(', ')})`,
    );
  }
  const sources: PackSource[] = [];
  for (const file of census?.files ?? []) {
    sources.push({
      kind: 'census',
      name: basename(file.path),
      bytes: (await stat(file.path)).size,
      licence: sample ? SAMPLE_LICENCE : 'see census publisher',
      attribution: sample ? SAMPLE_ATTRIBUTION : '',
      records: file.records,
      ...(input.censusVintage === undefined ? {} : { vintage: input.censusVintage }),
    });
  }
  return { sources, warnings };
}
