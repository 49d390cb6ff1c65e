import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { RegionPackError } from '../errors.js';
import { placeAddressesInAreas } from './address-areas.js';
import { AreaIndex, areaBBox } from './area-index.js';
import { clipToCoverage, type LeftOut } from './clip.js';
import { chooseCoverage, coverageTest, findBoundary, isWide, nearBox, WIDE_COVERAGE_DEGREES } from './coverage.js';
import { addressGrid } from './coverage-grid.js';
import { BBoxBuilder } from './geometry.js';
import { collectGtfs } from './gtfs-collect.js';
import { openGtfs } from './gtfs-source.js';
import { importPopulation } from './import-population.js';
import type { ImportProgress, ImportRegionOptions, ImportReport } from './import-types.js';
import { attributionLine, gtfsLicence, OSM_ATTRIBUTION, OSM_LICENCE, SAMPLE_ATTRIBUTION, SAMPLE_LICENCE } from './licences.js';
import { collectOsm } from './osm-collect-file.js';
import { readOsmHeader } from './osm-header.js';
import { pathExists, writePack } from './pack-write.js';
import { recognisePoiBrands } from './poi-brands.js';
import { applyRatings } from './ratings.js';
import { mergeBusStops, mergeStations, type StopObject } from './station-merge.js';
import { type Area, type BusStop, PACK_FORMAT_VERSION, type PackCoverage, type PackSource, type RegionData, type Station } from './types.js';

/**
 * How far (metres) outside the coverage stations and bus stops are kept: the
 * model looks this far for the nearest rapid-transit station, so a site near
 * the edge keeps its real nearest station.
 */
export const TRANSIT_MARGIN_METRES = 5_000;

/**
 * Imports a region: streams an OSM extract and any GTFS feeds (plus optional
 * ratings and census CSVs) into an immutable region pack directory (see
 * `region/README.md` for the format).
 *
 * A PBF is read in passes by `@locscore/import`'s streaming reader (node
 * locations in a temporary file, then ways with their points; see
 * `collectOsm`), so memory holds the pack's own data, not the file's nodes;
 * OSM XML is read element by element with node coordinates in typed arrays
 * (16 bytes a node). Stations from all sources are
 * de-duplicated (same normalised name within 300 m; an OSM station into a
 * feed's station with service nearby), and the objects of one bus stop merged
 * into one (`mergeBusStops`). GTFS feeds with stop times give every stop its
 * weekly departures over the feed's typical week (`collectGtfs`). The
 * manifest records each source's size, SHA-256, licence and attribution
 * (OSM: ODbL 1.0, © OpenStreetMap contributors).
 * Each POI gets its brand (OSM `brand`, else the name-suggestion-index's
 * match, see `recognisePoiBrands`; OSM `brand` only for the fictional
 * sample), so scoring never needs that index.
 *
 * @param options - inputs, region name, output directory; see {@link ImportRegionOptions}
 * @returns the manifest, the absolute pack path and the wall time in milliseconds
 * @throws RegionPackError naming the file: missing or unreadable input, not an
 *   OSM extract or GTFS feed, malformed CSV, bad option, or `out` exists without `force`
 */
export async function importRegion(options: ImportRegionOptions): Promise<ImportReport> {
  const started = performance.now();
  const progress = (event: ImportProgress): void => options.onProgress?.(event);
  const outDir = await checkDestination(options);
  const sample = options.sample === true;
  await checkFile(options.osm, 'OSM extract');
  const sources: PackSource[] = [];
  const osm = await readOsmSource(options.osm, sample, progress);
  sources.push(osm.source);
  const boundary = options.boundary === undefined ? null : findBoundary(options.boundary, osm.layers.areas, osm.layers.skippedAreas);
  const transit = await readGtfsSources(options.gtfs ?? [], sample, osm.layers, progress);
  sources.push(...transit.sources);
  const data = regionData(options.name, sample, sources, osm.layers, mergeTransit(options.name, transit, progress));
  if (options.ratings !== undefined) sources.push(await readRatings(options.ratings, data, sample, progress));
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
    progress({ phase: 'coverage', source: osm.name, message, warning: true });
  };
  const coverage = chooseCoverage(boundary, osm.declared, regionBBox(data));
  const leftOut = clipToCoverage(data, coverageTests(coverage, boundary));
  const placed = placeAddressesInAreas(data.addresses, new AreaIndex(data.areas));
  progress({ phase: 'coverage', source: osm.name, message: describeCoverage(coverage, leftOut, placed) });
  if (isWide(coverage.bbox)) warn(wideCoverageWarning(coverage));
  const population = await importPopulation(options, data, osm.layers, { coverage, boundary }, sample, progress);
  sources.push(...population.sources);
  for (const warning of population.warnings) warn(warning);
  const skippedAreas = osm.layers.skippedAreas;
  releaseReaderLists(osm.layers);
  if (!sample) await addBrands(data, sources, progress);
  if (coverage.source !== 'boundary') {
    // Where the extract holds addresses (after the population layer, which is cut to the box): the geocoder answers nothing in the box's empty parts.
    const grid = addressGrid(data.addresses, coverage.bbox);
    if (grid !== null) coverage.grid = grid;
  }
  finishManifest(data, coverage, sources);
  progress({ phase: 'write', source: outDir, message: `writing ${outDir}` });
  await writePack(data, outDir, options.force === true);
  const durationMs = performance.now() - started;
  progress({ phase: 'done', source: outDir, message: `region pack written in ${(durationMs / 1000).toFixed(1)} s` });
  return { manifest: data.manifest, outDir, durationMs, leftOut, skippedAreas, placedAddresses: placed, warnings };
}

/** The absolute output directory, checked: absent (or `force`), with an existing parent. */
async function checkDestination(options: ImportRegionOptions): Promise<string> {
  const outDir = resolve(checkOptions(options));
  if (options.force !== true && (await pathExists(outDir))) {
    throw new RegionPackError(outDir, 'already exists; choose another directory or pass force to replace it');
  }
  if (!(await pathExists(dirname(outDir)))) throw new RegionPackError(dirname(outDir), 'parent directory of out does not exist');
  return outDir;
}

type OsmLayers = Awaited<ReturnType<typeof collectOsm>>['layers'];

/** Reads the OSM extract: its layers, its manifest source (size, SHA-256, data date) and the box its header declares. */
async function readOsmSource(
  path: string,
  sample: boolean,
  progress: (event: ImportProgress) => void,
): Promise<{ name: string; layers: OsmLayers; source: PackSource; declared: Awaited<ReturnType<typeof readOsmHeader>>['bbox'] }> {
  const name = basename(path);
  progress({ phase: 'osm', source: name, processed: 0, message: `reading ${name}` });
  const { layers: osm, digest, objects } = await collectOsm(path, (processed, message) => progress({ phase: 'osm', source: name, processed, message }));
  progress({
    phase: 'osm',
    source: name,
    processed: objects,
    message: `${objects.toLocaleString('en')} OSM elements: ${osm.addresses.length} addresses, ${osm.pois.length} POIs, ${osm.stations.length} stations, ${osm.areas.length} boundary areas`,
  });
  const header = await readOsmHeader(path);
  if (osm.skippedAreas.length > 0) {
    const names = osm.skippedAreas.slice(0, 5).map((area) => area.name ?? area.id);
    progress({
      phase: 'osm',
      source: name,
      message: `${osm.skippedAreas.length} boundary relations left out, their rings not closed in the extract (${names.join(', ')}${osm.skippedAreas.length > 5 ? ', …' : ''})`,
    });
  }
  const source: PackSource = {
    kind: 'osm',
    name,
    bytes: digest.bytes,
    sha256: digest.sha256,
    licence: sample ? SAMPLE_LICENCE : OSM_LICENCE,
    attribution: sample ? SAMPLE_ATTRIBUTION : OSM_ATTRIBUTION,
    ...(header.dataDate === null ? {} : { dataDate: header.dataDate }),
  };
  return { name, layers: osm, source, declared: header.bbox };
}

/**
 * Empties the OSM reader's lists once `data` and the population layer hold
 * what they need of them, so that no list outlives its layer: the pack
 * writer lets go of each layer once it is in columns.
 */
function releaseReaderLists(layers: OsmLayers): void {
  const lists = layers as unknown as Record<string, unknown[]>;
  for (const key of Object.keys(lists)) lists[key] = [];
}

/** Stations and bus-stop objects from OSM and every GTFS feed, before de-duplication, and the feeds' sources. */
interface TransitObjects {
  stations: Station[];
  busStops: StopObject[];
  sources: PackSource[];
}

/** Reads every GTFS feed after the OSM stations and stops. */
async function readGtfsSources(paths: readonly string[], sample: boolean, osm: OsmLayers, progress: (event: ImportProgress) => void): Promise<TransitObjects> {
  const transit: TransitObjects = { stations: [...osm.stations], busStops: [...osm.busStops], sources: [] };
  for (const path of paths) {
    const feed = await openGtfs(path);
    try {
      progress({ phase: 'gtfs', source: feed.name, processed: 0, message: `reading GTFS ${feed.name}` });
      const layers = await collectGtfs(feed, (rows) =>
        progress({ phase: 'gtfs', source: feed.name, processed: rows, message: `${rows.toLocaleString('en')} GTFS rows` }),
      );
      transit.stations.push(...layers.stations);
      transit.busStops.push(...layers.busStops.map((stop) => ({ stop })));
      transit.sources.push(gtfsSource(path, layers, await feed.digest(), feed.name, sample));
      progress({ phase: 'gtfs', source: feed.name, message: describeFeed(feed.name, layers) });
    } finally {
      feed.close();
    }
  }
  return transit;
}

type GtfsLayers = Awaited<ReturnType<typeof collectGtfs>>;

/** A GTFS feed's manifest source: size, SHA-256, publisher's licence, typical week and validity. */
function gtfsSource(path: string, layers: GtfsLayers, digest: { bytes: number; sha256: string }, feedName: string, sample: boolean): PackSource {
  const publisher = layers.publisher ?? (layers.agencies.length > 0 ? [...new Set(layers.agencies)].join(', ') : feedName);
  return {
    kind: 'gtfs',
    name: basename(path.replace(/[\\/]+$/, '')),
    bytes: digest.bytes,
    sha256: digest.sha256,
    licence: sample ? SAMPLE_LICENCE : gtfsLicence(publisher),
    attribution: sample ? SAMPLE_ATTRIBUTION : `GTFS: ${publisher}`,
    ...(layers.serviceWeek === null ? {} : { serviceWeek: layers.serviceWeek }),
    ...(layers.validity === null ? {} : { validity: layers.validity }),
  };
}

/** One progress line: what a feed gave. */
function describeFeed(name: string, layers: GtfsLayers): string {
  const week = layers.serviceWeek;
  const service =
    week === null
      ? ` (${layers.serviceNote ?? 'no service'}: modes from routes.txt, default departures)`
      : `, departures of the week ${week.start} to ${week.end} (${week.trips.toLocaleString('en')} trips, ${week.stopTimes.toLocaleString('en')} stop times)`;
  return `${name}: ${layers.stations.length} stations, ${layers.busStops.length} bus stops${service}`;
}

/** De-duplicates the stations and merges the objects of each bus stop. */
function mergeTransit(region: string, transit: TransitObjects, progress: (event: ImportProgress) => void): { stations: Station[]; busStops: BusStop[] } {
  progress({ phase: 'merge', source: region, message: 'de-duplicating stations and bus stops' });
  const stations = mergeStations(transit.stations);
  const busStops = mergeBusStops(transit.busStops);
  progress({
    phase: 'merge',
    source: region,
    message: `${stations.length} stations from ${transit.stations.length} station objects, ${busStops.length} bus stops from ${transit.busStops.length} bus-stop objects`,
  });
  return { stations, busStops };
}

/** The region's layers before coverage, with a manifest whose box, counts and attribution {@link finishManifest} fills. */
function regionData(name: string, sample: boolean, sources: PackSource[], osm: OsmLayers, transit: { stations: Station[]; busStops: BusStop[] }): RegionData {
  return {
    manifest: {
      formatVersion: PACK_FORMAT_VERSION,
      name,
      sample,
      createdAt: new Date().toISOString(),
      bbox: [0, 0, 0, 0],
      counts: { addresses: 0, streets: 0, stations: 0, busStops: 0, pois: 0, roads: 0, census: 0, areas: 0 },
      sources,
      attribution: '',
      generator: '@locscore/engine importRegion',
    },
    addresses: osm.addresses,
    streets: osm.streets,
    interpolations: osm.interpolations,
    stations: transit.stations,
    busStops: transit.busStops,
    pois: osm.pois,
    roads: osm.roads,
    census: [],
    areas: osm.areas,
    places: osm.localities,
    population: [],
  };
}

/** Applies a ratings CSV to the POIs; its manifest source. */
async function readRatings(path: string, data: RegionData, sample: boolean, progress: (event: ImportProgress) => void): Promise<PackSource> {
  const name = basename(path);
  progress({ phase: 'ratings', source: name, message: `reading ratings ${path}` });
  const result = await applyRatings(path, data.pois);
  const info = await stat(path);
  progress({ phase: 'ratings', source: name, processed: result.rows, message: `${result.matched} of ${result.rows} ratings matched a POI` });
  return {
    kind: 'ratings',
    name,
    bytes: info.size,
    licence: sample ? SAMPLE_LICENCE : 'see ratings provider',
    attribution: sample ? SAMPLE_ATTRIBUTION : '',
    records: result.rows,
    matched: result.matched,
  };
}

/** The warning for a coverage wider than {@link WIDE_COVERAGE_DEGREES}. */
function wideCoverageWarning(coverage: PackCoverage): string {
  return `the pack covers a box wider than ${WIDE_COVERAGE_DEGREES}° (${coverage.bbox.map((n) => n.toFixed(2)).join(', ')}): the extract holds far-away objects; pass a boundary (--boundary <relation id or name>) to cover one area`;
}

/** Sets the manifest's coverage, box, counts and attribution from the final layers. */
function finishManifest(data: RegionData, coverage: PackCoverage, sources: readonly PackSource[]): void {
  data.manifest.coverage = coverage;
  data.manifest.bbox = regionBBox(data);
  data.manifest.counts = {
    addresses: data.addresses.length,
    streets: data.streets.length,
    stations: data.stations.length,
    busStops: data.busStops.length,
    pois: data.pois.length,
    roads: data.roads.length,
    census: data.census.length,
    interpolations: data.interpolations.length,
    areas: data.areas.length,
    population: data.population?.length ?? 0,
    places: data.places?.length ?? 0,
  };
  data.manifest.attribution = attributionLine(sources);
}

/**
 * Gives the POIs their brands ({@link recognisePoiBrands}) and lists the
 * name-suggestion-index among the sources. Not for the fictional sample,
 * whose made-up places must not take real brands.
 */
async function addBrands(data: RegionData, sources: PackSource[], progress: (event: ImportProgress) => void): Promise<void> {
  progress({ phase: 'brands', source: 'name-suggestion-index', message: `recognising brands among ${data.pois.length} POIs` });
  const brands = await recognisePoiBrands(data.pois);
  sources.push({
    kind: 'brands',
    name: `name-suggestion-index ${brands.version}`,
    licence: 'BSD-3-Clause',
    attribution: '',
    records: brands.named,
    matched: brands.recognised,
  });
  progress({
    phase: 'brands',
    source: 'name-suggestion-index',
    processed: brands.named,
    message: `${brands.branded} POIs with a brand: ${brands.recognised} of ${brands.named} named POIs recognised by name-suggestion-index ${brands.version}, ${brands.osmTagged} tagged brand=* (${(brands.durationMs / 1000).toFixed(1)} s)`,
  });
}

/** The coverage tests for {@link clipToCoverage}. */
function coverageTests(coverage: PackCoverage, boundary: Area | null): Parameters<typeof clipToCoverage>[1] {
  const [minLng, minLat, maxLng, maxLat] = coverage.bbox;
  return {
    inside: coverageTest(coverage, boundary),
    nearForTransit: nearBox(coverage.bbox, TRANSIT_MARGIN_METRES),
    overlaps: (area) => {
      const [west, south, east, north] = areaBBox(area);
      return west <= maxLng && east >= minLng && south <= maxLat && north >= minLat;
    },
  };
}

/** One progress line: what the pack covers and what was left out. */
function describeCoverage(coverage: PackCoverage, leftOut: LeftOut, placed: { cities: number; postcodes: number }): string {
  const what =
    coverage.source === 'boundary'
      ? `boundary ${coverage.name ?? ''} (${coverage.areaId ?? ''})`
      : coverage.source === 'declared'
        ? `the extract's declared box ${coverage.bbox.join(', ')}`
        : `the box of its data ${coverage.bbox.map((n) => n.toFixed(4)).join(', ')} (the extract declares none)`;
  const counts = Object.entries(leftOut).map(([layer, count]) => `${count} ${layer}`);
  const outside = counts.length > 0 ? `; left out outside it: ${counts.join(', ')}` : '; nothing outside it';
  return `covers ${what}${outside}; ${placed.cities} addresses took their municipality and ${placed.postcodes} their postcode from a boundary`;
}

function checkOptions(options: ImportRegionOptions): string {
  if (typeof options.name !== 'string' || options.name.trim() === '') throw new RegionPackError('name', 'the region name must be a non-empty string');
  if (typeof options.out !== 'string' || options.out.trim() === '') throw new RegionPackError('out', 'the output directory must be given');
  if (typeof options.osm !== 'string' || options.osm.trim() === '') throw new RegionPackError('osm', 'the OSM extract path must be given');
  if (options.gtfs !== undefined && !Array.isArray(options.gtfs)) throw new RegionPackError('gtfs', 'gtfs must be an array of paths');
  return options.out;
}

async function checkFile(path: string, what: string): Promise<void> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch {
    throw new RegionPackError(path, `${what} not found`);
  }
  if (!info.isFile()) throw new RegionPackError(path, `${what} must be a file`);
}

/** Bounding box of everything the pack holds (may span continents for extracts with stray objects). */
function regionBBox(data: RegionData): RegionData['manifest']['bbox'] {
  const box = new BBoxBuilder();
  for (const list of [data.addresses, data.stations, data.busStops, data.pois, data.census]) for (const p of list) box.add(p);
  for (const street of data.streets) for (const line of street.lines) for (const p of line) box.add(p);
  for (const road of data.roads) for (const p of road.points) box.add(p);
  return box.result();
}
