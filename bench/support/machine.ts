/**
 * Where a benchmark runs: the repository's paths and the machine's description
 * recorded in every result file.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root (ends with a separator). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `bench/results/` of the repository. */
export const RESULTS_DIR = join(REPO_ROOT, 'bench', 'results');

/** The Liechtenstein OSM extract in `../shared/data` beside the repository. */
export const LIECHTENSTEIN_PBF = fileURLToPath(new URL('../../../shared/data/liechtenstein/liechtenstein.osm.pbf', import.meta.url));

/** Description of the machine a result was measured on. */
export interface MachineInfo {
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  totalMemoryMb: number;
  /** 1, 5 and 15 minute load averages when the run started (the machine is shared). */
  loadAverage: number[];
}

/** The machine this process runs on. */
export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
    totalMemoryMb: Math.round(totalmem() / 2 ** 20),
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

/**
 * Writes `bench/results/<name>.json` (pretty-printed, trailing newline).
 *
 * @param name - benchmark name, e.g. `score-latency`
 * @param result - the JSON-serialisable result
 * @returns the file's path
 */
export function writeResult(name: string, result: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/**
 * When the Liechtenstein extract is absent, prints why the benchmark is
 * skipped, writes a result saying so, and returns false.
 *
 * @param name - benchmark name
 */
export function requireLiechtenstein(name: string): boolean {
  if (existsSync(LIECHTENSTEIN_PBF)) return true;
  process.stderr.write(`skipping ${name}: ${LIECHTENSTEIN_PBF} is absent (../shared/data is not checked out here)\n`);
  writeResult(name, { benchmark: name, measuredAt: new Date().toISOString(), skipped: `input ${LIECHTENSTEIN_PBF} absent` });
  return false;
}
