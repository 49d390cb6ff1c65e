/**
 * Reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and says where the
 * time went: the functions with the most self time, and self time per area
 * (a dependency's package name, a workspace package's folder, or node's internals).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './machine.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time of one function or area. */
export interface SelfTime {
  name: string;
  /** Self time in ms. */
  selfMs: number;
  /** Share of all sampled time (idle included), percent. */
  percent: number;
}

/** Summary of one CPU profile. */
export interface ProfileSummary {
  file: string;
  /** Profiled wall time, ms. */
  totalMs: number;
  /** Sampled time not idle (`(idle)` excluded), ms. */
  busyMs: number;
  topFunctions: SelfTime[];
  byArea: SelfTime[];
  /**
   * Self time charged to the nearest calling area that is a dependency or a
   * workspace file (so node's internals and native calls such as `writev`
   * count for whoever called them); idle and GC stay apart.
   */
  byCallingArea: SelfTime[];
}

/** The area a script URL belongs to: `pkg:<dependency>`, the repository folder (`apps/server/src/routes`), or `node:internal`. */
function areaOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  if (url.startsWith('wasm://')) return '(wasm)';
  const dependency = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency?.[1] !== undefined) return `pkg:${dependency[1]}`;
  const path = url.replace(/^file:\/\//, '').replace(REPO_ROOT, '');
  const parts = path.split('/');
  return parts.slice(0, Math.min(4, parts.length - 1)).join('/');
}

/**
 * Summarises a `.cpuprofile` file.
 *
 * @param file - path of the profile
 * @param top - how many functions to list (default 15)
 * @throws Error when the file is not a V8 CPU profile
 */
export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  if (!Array.isArray(profile.nodes)) throw new Error(`${file} is not a V8 CPU profile`);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [i, id] of samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, deltas[i] ?? 0));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const callingAreaOf = (id: number): string => {
    const own = byId.get(id);
    if (own === undefined) return '(unknown)';
    const { functionName } = own.callFrame;
    if (functionName === '(idle)' || functionName === '(garbage collector)' || functionName === '(program)') return functionName;
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      if (node === undefined) break;
      const area = areaOf(node.callFrame.url, node.callFrame.functionName);
      if (area.startsWith('pkg:') || (!area.startsWith('node:') && !area.startsWith('('))) return area;
    }
    return areaOf(own.callFrame.url, functionName);
  };
  const callingAreas = new Map<string, number>();
  const totalUs = profile.endTime - profile.startTime;
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (node === undefined) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idleUs += us;
    const shortUrl = url
      .replace(/^file:\/\//, '')
      .replace(REPO_ROOT, '')
      .replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
    const name = `${functionName || '(anonymous)'} ${shortUrl}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const calling = callingAreaOf(id);
    callingAreas.set(calling, (callingAreas.get(calling) ?? 0) + us);
  }
  const rank = (entries: Map<string, number>, limit: number): SelfTime[] =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => ({ name, selfMs: Math.round(us / 1000), percent: Math.round((us / Math.max(1, totalUs)) * 1000) / 10 }));
  return {
    file,
    totalMs: Math.round(totalUs / 1000),
    busyMs: Math.round((totalUs - idleUs) / 1000),
    topFunctions: rank(functions, top),
    byArea: rank(areas, 12),
    byCallingArea: rank(callingAreas, 12),
  };
}

/**
 * The `.cpuprofile`s of a folder by thread: Node names them
 * `CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile`, and the main
 * thread's id is 0 (a worker thread such as the server's PGlite worker, or
 * tsx's module loader thread, writes its own beside it).
 *
 * @param dir - the `--cpu-prof-dir` folder
 * @returns the main thread's profile (null when there is none) and the others, largest first
 */
export function profilesByThread(dir: string): { main: string | null; workers: string[] } {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => ({ path: join(dir, file), thread: file.split('.').at(-3), bytes: statSync(join(dir, file)).size }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    main: files.find((file) => file.thread === '0')?.path ?? null,
    workers: files.filter((file) => file.thread !== '0').map((file) => file.path),
  };
}

/**
 * The main thread's `.cpuprofile` in a folder ({@link profilesByThread}).
 *
 * @param dir - the `--cpu-prof-dir` folder
 * @returns its path, or null when there is none
 */
export function mainThreadProfile(dir: string): string | null {
  return profilesByThread(dir).main;
}
