/**
 * Benchmark and figures of the population layer (issue 14, item 2) on the
 * real extracts: the Liechtenstein pack (OSM place populations) and the West
 * Village pack with the Manhattan census (tract shapefile joined to the
 * 2020 table).
 *
 * 1. Import time and residents per pack, and how the areas were spread.
 * 2. Error per area: the pack's residents inside each municipality (tract)
 *    against its population (× its land share in the pack); and, to show
 *    what the population replaces, the floor-area estimate and the mapped
 *    address points per 100 residents in each Liechtenstein municipality.
 * 3. `PopulationIndex.within` at 1 km from every address point, µs per call,
 *    median of 5 rounds after a warm-up; baseline in the same run:
 *    `DemandPoints.count` (the address and POI counts the model already
 *    made) on the same points and radius.
 * 4. The region's half-saturation constants, and the distribution of the
 *    market-fit sub-score (0-10) over the address points per category, with
 *    the population layer and with mapped addresses standing in for it.
 *
 * Run: `npx tsx bench/population.ts`. Writes `bench/results/population.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIECHTENSTEIN_PBF, machineInfo, REPO_ROOT, writeResult } from './support/machine.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median, percentile } from './support/stats.js';

if (!rerunWithSourceConditions(import.meta.url)) await main();

async function main(): Promise<void> {
  const { importRegion } = await import('../packages/engine/src/import.js');
  const { loadRegion } = await import('../packages/engine/src/index.js');
  const { MarketIndex } = await import('../packages/engine/src/market/market-index.js');
  const { DemandPoints } = await import('../packages/engine/src/market/demand-points.js');
  const { PopulationIndex } = await import('../packages/engine/src/population/population-index.js');
  const { OsmCollector } = await import('../packages/engine/src/region/osm-collect.js');
  const { readOsmFile } = await import('../packages/engine/src/region/osm-read.js');
  const { floorAreaOf, FLOOR_AREA_PER_RESIDENT_M2 } = await import('../packages/engine/src/population/floor-area.js');
  const { AreaIndex } = await import('../packages/engine/src/region/area-index.js');
  const { CATCHMENT_METRES } = await import('../packages/engine/src/market/profiles.js');
  const categories = Object.keys(CATCHMENT_METRES) as Array<keyof typeof CATCHMENT_METRES>;
  type Region = Awaited<ReturnType<typeof loadRegion>>;

  const data = join(REPO_ROOT, '..', 'shared', 'data');
  const census = join(data, 'nyc-census');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-population-'));
  try {
    const packs: Array<{ name: string; options: Parameters<typeof importRegion>[0] }> = [
      { name: 'Liechtenstein', options: { osm: LIECHTENSTEIN_PBF, name: 'Liechtenstein', boundary: 'Liechtenstein', out: join(work, 'li') } },
      {
        name: 'West Village + Manhattan census',
        options: {
          osm: join(data, 'nyc-west-village', 'nyc-west-village.osm.pbf'),
          name: 'West Village',
          out: join(work, 'wv'),
          censusBoundaries: join(census, 'cb_2020_36_tract_500k', 'cb_2020_36_tract_500k.shp'),
          censusTable: join(census, 'demographics_ct.csv'),
          censusJoin: 'GEOID=geoid',
          censusFields: { population: 'pop', households: 'occupied' },
        },
      },
    ];
    const results = [];
    for (const { name, options } of packs) {
      const report = await importRegion(options);
      const region = await loadRegion(report.outDir);
      results.push({
        pack: name,
        importMs: Math.round(report.durationMs),
        summary: region.manifest.population,
        points: region.population?.length ?? 0,
        ...measure(region),
      });
    }
    writeResult('population', {
      benchmark: 'population',
      description:
        'Population layer on the real packs: residents, error per area, PopulationIndex.within(1 km) cost against DemandPoints.count (baseline, same run), market-fit distribution',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      packs: results,
      liechtensteinMunicipalities: await municipalities(results[0] === undefined ? null : await loadRegion(join(work, 'li'))),
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  function measure(region: Region) {
    const sites = region.addresses;
    const index = new PopulationIndex(region.population ?? []);
    const counted = new DemandPoints(region.pois);
    const time = (run: () => void): number => {
      run();
      const rounds: number[] = [];
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        run();
        rounds.push(((performance.now() - started) * 1_000) / sites.length);
      }
      return Math.round(median(rounds) * 100) / 100;
    };
    const withinMicros = time(() => {
      for (const site of sites) index.within(site, 1_000);
    });
    const baselineMicros = time(() => {
      for (const site of sites) counted.count(site, 1_000);
    });
    const people = new MarketIndex(region);
    const proxy = new MarketIndex({ ...region, population: [], census: [] });
    const distribution = Object.fromEntries(
      categories.map((category) => {
        const scores = (market: InstanceType<typeof MarketIndex>) =>
          sites.map((site) => Math.round(100 * market.search(site, category, 0).fit) / 10).sort((a, b) => a - b);
        const summary = (sorted: number[]) => ({ p10: percentile(sorted, 10), p50: percentile(sorted, 50), p90: percentile(sorted, 90) });
        return [category, { population: summary(scores(people)), addressesProxy: summary(scores(proxy)) }];
      }),
    );
    return {
      withinOneKm: {
        sites: sites.length,
        microsPerCall: withinMicros,
        baselineDemandPointsMicros: baselineMicros,
        ratio: Math.round((withinMicros / baselineMicros) * 100) / 100,
      },
      errorPerArea: region.census.map((area) => {
        const expected = area.population * (area.shareInside ?? 1);
        const placed = (region.population ?? []).filter((p) => p.area === area.id).reduce((sum, p) => sum + p.residents, 0);
        return {
          id: area.id,
          population: area.population,
          shareInside: area.shareInside ?? 1,
          placed: Math.round(placed * 100) / 100,
          error: Math.round((placed - expected) * 100) / 100,
        };
      }),
      marketFit: distribution,
    };
  }

  async function municipalities(region: Region | null) {
    if (region === null) return [];
    const collector = new OsmCollector();
    await readOsmFile(LIECHTENSTEIN_PBF, (element) => collector.add(element));
    const { buildings } = collector.finish();
    const floorArea = floorAreaOf(buildings);
    return region.areas
      .filter((area) => area.adminLevel === 8)
      .map((area) => {
        const one = new AreaIndex([area]);
        const inside = (p: { lat: number; lng: number }) => one.innermost(p) !== null;
        const residents = (region.population ?? []).filter(inside).reduce((sum, p) => sum + p.residents, 0);
        const estimate = buildings.filter(inside).reduce((sum, b) => sum + floorArea(b) / FLOOR_AREA_PER_RESIDENT_M2, 0);
        const addresses = region.addresses.filter(inside).length;
        return {
          name: area.name,
          residents: Math.round(residents * 100) / 100,
          floorAreaEstimate: Math.round(estimate),
          estimateError: `${Math.round((100 * (estimate - residents)) / residents)} %`,
          addressesPer100Residents: Math.round((1_000 * addresses) / residents) / 10,
        };
      });
  }
}
