/**
 * Issue 26, the first hour: `pnpm install` in a fresh checkout warns
 * "Ignored build scripts: …" and asks to run `pnpm approve-builds` for every
 * installed package with an install script that `pnpm-workspace.yaml` has
 * not decided on. Every such package of the lockfile, as installed in
 * `node_modules/.pnpm`, is named in `onlyBuiltDependencies` (its script
 * runs) or `ignoredBuiltDependencies` (it does not, and pnpm stops asking).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './cli-process.js';

const store = join(repoRoot, 'node_modules', '.pnpm');

/** The names listed under `key:` in pnpm-workspace.yaml (`  - name` lines, quoted or not). */
function listed(workspace: string, key: string): string[] {
  const block = new RegExp(`^${key}:\\n((?:\\s+- .*\\n)+)`, 'm').exec(workspace)?.[1] ?? '';
  return [...block.matchAll(/^\s+- '?([^'\n]+)'?$/gm)].map((match) => (match[1] ?? '').trim());
}

/** Installed packages (name from each store entry's package.json) that run a script at install: preinstall, install, postinstall, or node-gyp. */
function packagesWithInstallScripts(): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    const scoped = entry.startsWith('@') ? entry.slice(0, entry.indexOf('+')).replace('+', '/') : null;
    const name = scoped ?? entry.slice(0, entry.indexOf('@') > 0 ? entry.indexOf('@') : undefined);
    const dir = join(modules, ...(scoped === null ? [name] : scoped.split('/')));
    const manifestPath = join(dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name?: string; scripts?: Record<string, string> };
    const scripts = manifest.scripts ?? {};
    if (scripts.preinstall || scripts.install || scripts.postinstall || existsSync(join(dir, 'binding.gyp'))) names.add(manifest.name ?? name);
  }
  return [...names].sort();
}

describe.skipIf(!existsSync(store))('pnpm install', () => {
  it('asks about no build script: every installed package with one is decided in pnpm-workspace.yaml', () => {
    const workspace = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8');
    const decided = new Set([...listed(workspace, 'onlyBuiltDependencies'), ...listed(workspace, 'ignoredBuiltDependencies')]);
    expect(decided.has('esbuild'), 'the parser reads pnpm-workspace.yaml').toBe(true);
    expect(packagesWithInstallScripts().filter((name) => !decided.has(name))).toEqual([]);
  });
});
