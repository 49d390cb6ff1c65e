/**
 * Benchmark: territory measures against a network of 10,000 units, on the
 * real West Village extract with its 2020 census population layer.
 *
 * Two networks of 10,000 coffee units on a 100 × 100 grid centred on the
 * pack's coverage, every third with a polygon territory (a 65-vertex circle
 * of 250 m), the others with a radius of 250 m: `city`, 300 m apart (30 km
 * square, about 35 units within a trade area's reach of a site), and
 * `stress`, 60 m apart (6 km square, about 870). At 200 sites taken from the
 * pack's population points (every n-th):
 *
 * 1. `UnitNetwork` build (kdbush points, flatbush territory boxes).
 * 2. `network.encroached(site)`, against the baseline in the same run: testing
 *    every unit's territory in turn (no index).
 * 3. `scoreTerritory` (encroachment, nearest unit, overlap on residents, Huff
 *    cannibalisation) and `checkTerritory` of a 600 m radius and of a
 *    5,000-resident population territory.
 *
 * Run: `npx tsx bench/territory.ts`. Writes `bench/results/territory.json`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importRegion } from '../packages/engine/src/region/import-region.js';
import { loadRegion } from '../packages/engine/src/region/pack-read.js';
import type { LatLng } from '../packages/engine/src/region/types.js';
import { checkTerritory } from '../packages/engine/src/territory/check-territory.js';
import { territoryShape } from '../packages/engine/src/territory/resolve-territory.js';
import { scoreTerritory } from '../packages/engine/src/territory/score-territory.js';
import { circlePolygon } from '../packages/engine/src/territory/shape.js';
import { type TerritoryRegion, territoryRegion } from '../packages/engine/src/territory/territory-region.js';
import { type NetworkUnit, UnitNetwork } from '../packages/engine/src/territory/unit-network.js';
import { machineInfo, writeResult } from './support/machine.js';
import { median, round2, summariseLatencies } from './support/stats.js';

const NAME = 'territory';
const UNITS = 10_000;
const SITES = 200;
/** Grid spacing of each network, metres. */
const NETWORKS = { city: 300, stress: 60 } as const;
const TERRITORY_METRES = 250;
const DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const files = {
  osm: join(DATA, 'nyc-west-village/nyc-west-village.osm.pbf'),
  boundaries: join(DATA, 'nyc-census/cb_2020_36_tract_500k/cb_2020_36_tract_500k.shp'),
  table: join(DATA, 'nyc-census/demographics_ct.csv'),
};

/** Milliseconds each call of `run` takes, one sample per site. */
function timed<T>(sites: readonly LatLng[], run: (site: LatLng) => T): number[] {
  return sites.map((site) => {
    const started = performance.now();
    run(site);
    return performance.now() - started;
  });
}

/** The grid of units around `centre`, 100 per row, `spacing` metres apart. */
function gridNetwork(centre: LatLng, spacing: number): NetworkUnit[] {
  const perLat = 111_195;
  const perLng = perLat * Math.cos((centre.lat * Math.PI) / 180);
  const side = Math.sqrt(UNITS);
  return Array.from({ length: UNITS }, (_, n): NetworkUnit => {
    const coordinates = {
      lat: centre.lat + ((Math.floor(n / side) - side / 2) * spacing) / perLat,
      lng: centre.lng + (((n % side) - side / 2) * spacing) / perLng,
    };
    const territory =
      n % 3 === 0
        ? { type: 'polygon' as const, geometry: circlePolygon(coordinates, TERRITORY_METRES) }
        : { type: 'radius' as const, metres: TERRITORY_METRES };
    return { id: randomUUID(), name: `Unit ${n}`, status: 'open', category: 'coffee', coordinates, brand: null, territory };
  });
}

/** Every measure against one network, at every site. */
function measureNetwork(units: NetworkUnit[], spacing: number, region: TerritoryRegion, sites: readonly LatLng[]) {
  const builds = Array.from({ length: 5 }, () => {
    const started = performance.now();
    new UnitNetwork(units);
    return performance.now() - started;
  });
  const network = new UnitNetwork(units);
  const shapes = units.map((unit) => territoryShape(unit.coordinates, unit.territory ?? { type: 'radius', metres: 0 }));
  const indexed = timed(sites, (site) => network.encroached(site, 'coffee'));
  const scan = timed(sites, (site) => shapes.filter((shape) => shape.contains(site)));
  const sameAnswers = sites.every((site) => network.encroached(site, 'coffee').length === shapes.filter((shape) => shape.contains(site)).length);
  const score = timed(sites, (site) => scoreTerritory(region, network, site, 'coffee'));
  const radiusCheck = timed(sites, (site) =>
    checkTerritory(region, network, { site, matchedAddress: null, category: 'coffee', territory: { type: 'radius', metres: 600 } }),
  );
  const populationCheck = timed(sites, (site) =>
    checkTerritory(region, network, { site, matchedAddress: null, category: 'coffee', territory: { type: 'population', residents: 5_000 } }),
  );
  return {
    grid: `100 × 100, ${spacing} m apart`,
    medianUnitsWithinTwoTradeAreaRadii: median(sites.map((site) => network.within(site, 'coffee', 1_000).length)),
    medianTerritoriesHoldingASite: median(sites.map((site) => network.encroached(site, 'coffee').length)),
    networkBuildMs: { runs: builds.length, median: round2(median(builds)) },
    encroachment: {
      indexed: summariseLatencies(indexed),
      baseline: { description: 'every unit’s territory tested in turn, same sites, same run', ...summariseLatencies(scan) },
      sameAnswers,
      scanOverIndexedMedian: round2(median(scan) / median(indexed)),
    },
    scoreTerritory: summariseLatencies(score),
    checkTerritory: { radius600m: summariseLatencies(radiusCheck), population5000: summariseLatencies(populationCheck) },
  };
}

async function main(): Promise<void> {
  if (!Object.values(files).every((file) => existsSync(file))) {
    process.stderr.write(`skipping ${NAME}: the West Village extract or the NYC census files are absent\n`);
    writeResult(NAME, { benchmark: NAME, measuredAt: new Date().toISOString(), skipped: 'inputs absent' });
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-territory-'));
  try {
    const report = await importRegion({
      osm: files.osm,
      name: 'NYC West Village',
      out: join(work, 'pack'),
      censusBoundaries: files.boundaries,
      censusTable: files.table,
      censusJoin: 'GEOID=geoid',
      censusFields: { population: 'pop', households: 'occupied' },
    });
    const pack = await loadRegion(report.outDir);
    const region = territoryRegion(pack);
    const population = pack.population ?? [];
    const sites = Array.from({ length: SITES }, (_, n) => population[Math.floor((n * population.length) / SITES)] as LatLng);
    const [west, south, east, north] = pack.manifest.coverage?.bbox ?? pack.manifest.bbox;
    const centre = { lat: (south + north) / 2, lng: (west + east) / 2 };
    const measured = Object.fromEntries(
      Object.entries(NETWORKS).map(([label, spacing]) => [label, measureNetwork(gridNetwork(centre, spacing), spacing, region, sites)]),
    );
    const file = writeResult(NAME, {
      benchmark: NAME,
      description:
        'Territory measures against 10,000 units on the real West Village pack (2020 census population): the indexed encroachment test against a scan of every territory in the same run, and scoreTerritory / checkTerritory latencies, for a city-density and a stress-density network',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        units: UNITS,
        territories: `radius ${TERRITORY_METRES} m (two in three), 65-vertex polygon of ${TERRITORY_METRES} m (one in three)`,
        sites: `${SITES} population points of the pack`,
        populationPoints: population.length,
        residents: Math.round(region.residents.totalResidents),
      },
      ...measured,
    });
    process.stderr.write(`wrote ${file}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
