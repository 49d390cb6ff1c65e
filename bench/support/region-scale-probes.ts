/**
 * The child-process probes of `bench/region-scale.ts`, one per mode, each
 * reporting one JSON object (the parent adds the peak RSS):
 *
 * - `import-engine <file> <out>`: `importRegion` of `@locscore/engine`,
 *   with the wall time of each of its phases;
 * - `stream <file>`: the passes of `@locscore/import`'s streaming PBF reader;
 * - `score <pack> <copies>`: loads the pack, then own-copy geocoding and
 *   `engine.score` latency (`tiled-scoring.ts`);
 * - `open <pack>`: opens a format-4 pack as a server would (every layer but
 *   the lazy street lines) and reads one string of each address.
 *
 * Every report carries the process's CPU time (all threads), since the
 * shared machine's wall times swing with its load.
 */
import { checkOwnCopy, sampleAddresses, scoreLatency } from './tiled-scoring.js';

/** What a probe reports. */
export type ProbeReport = { durationMs: number; maxRssMb: number } & Record<string, unknown>;

/** Strings sampled for the own-copy check and the latency inputs. */
const SAMPLE = 3_000;
const REQUESTS = 1_000;
const WARMUP = 100;

/**
 * Runs one probe.
 *
 * @param mode - `import-engine`, `stream` or `score`
 * @param args - its arguments
 * @throws Error for an unknown mode
 */
export async function runProbe(mode: string, args: string[]): Promise<ProbeReport> {
  if (mode === 'import-engine') return importEngine(args[0] ?? '', args[1] ?? '');
  if (mode === 'stream') return streamPasses(args[0] ?? '');
  if (mode === 'score') return scoreTiled(args[0] ?? '', Number(args[1] ?? 1));
  if (mode === 'open') return openFormat4(args[0] ?? '');
  throw new Error(`unknown probe ${mode}`);
}

async function importEngine(osm: string, out: string): Promise<ProbeReport> {
  const { importRegion } = await import('../../packages/engine/src/import.js');
  const started = performance.now();
  const phases: Record<string, number> = {};
  let phase = '';
  let phaseStarted = started;
  const report = await importRegion({
    osm,
    name: 'Tiled country',
    out,
    force: true,
    onProgress: (event) => {
      if (event.phase === phase) return;
      const now = performance.now();
      if (phase !== '') phases[phase] = Math.round((phases[phase] ?? 0) + now - phaseStarted);
      phase = event.phase;
      phaseStarted = now;
    },
  });
  return { durationMs: Math.round(report.durationMs), maxRssMb: 0, phasesMs: phases, counts: report.manifest.counts };
}

async function streamPasses(file: string): Promise<ProbeReport> {
  const { readOsmPbf } = await import('../../packages/import/src/index.js');
  const started = performance.now();
  const handed = { taggedNodes: 0, wayNodes: 0 };
  const summary = await readOsmPbf(file, {
    onNode: () => {
      handed.taggedNodes++;
    },
    onWay: (way) => {
      handed.wayNodes += way.coords.length / 2;
    },
  });
  return { durationMs: Math.round(performance.now() - started), maxRssMb: 0, ...summary, ...handed };
}

async function scoreTiled(pack: string, copies: number): Promise<ProbeReport> {
  const { CATEGORIES } = await import('../../packages/schema/src/index.js');
  const { createEngine, createGeocoder, loadRegion } = await import('../../packages/engine/src/index.js');
  const started = performance.now();
  const region = await loadRegion(pack);
  const loadMs = Math.round(performance.now() - started);
  const engineStarted = performance.now();
  const engine = createEngine({ regions: [region] });
  const createEngineMs = Math.round(performance.now() - engineStarted);
  const geocoder = createGeocoder(region);
  const sample = sampleAddresses(region.addresses, copies, SAMPLE);
  const geocode = (text: string): { lat: number; lng: number } | null => {
    const outcome = geocoder.geocode(text);
    return outcome.status === 'matched' ? outcome.match : null;
  };
  const ownCopy = checkOwnCopy(sample, geocode, copies);
  const located = sample.map(({ text }) => text).filter((text) => geocode(text) !== null);
  const latency = await scoreLatency(engine, located, CATEGORIES, Math.min(REQUESTS, located.length - WARMUP), WARMUP);
  return {
    durationMs: Math.round(performance.now() - started),
    maxRssMb: 0,
    addresses: region.addresses.length,
    loadMs,
    createEngineMs,
    heapUsedMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    ownCopy,
    scoreLatencyMs: latency,
  };
}

async function openFormat4(dir: string): Promise<ProbeReport> {
  const { openPack } = await import('../../packages/pack/src/index.js');
  const started = performance.now();
  const pack = await openPack(dir);
  const openMs = Math.round(performance.now() - started);
  const addresses = pack.layer('addresses');
  let characters = 0;
  for (let i = 0; i < addresses.rows; i++) characters += (addresses.columns.street.get(i) ?? '').length;
  const memory = process.memoryUsage();
  return {
    durationMs: Math.round(performance.now() - started),
    maxRssMb: 0,
    openMs,
    rows: addresses.rows,
    characters,
    rssMb: Math.round(memory.rss / 2 ** 20),
    heapUsedMb: Math.round(memory.heapUsed / 2 ** 20),
    arrayBuffersMb: Math.round(memory.arrayBuffers / 2 ** 20),
  };
}
