import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Name of the file that marks a directory as a region pack. */
const MANIFEST = 'manifest.json';

/**
 * The region pack directories behind the paths given to the server: a path
 * holding a `manifest.json` is one pack; a folder without one stands for
 * every pack directly inside it (each subfolder with a `manifest.json`,
 * sorted by name), so `--region packs/` serves every region imported into
 * `packs/`. A path that is neither is kept, so that loading it fails with
 * the pack reader's message naming it.
 *
 * @param paths - the region paths as given (`--region`, `LOCSCORE_REGIONS`)
 * @returns the pack directories, in the order given
 */
export async function packDirectories(paths: readonly string[]): Promise<string[]> {
  const dirs: string[] = [];
  for (const path of paths) {
    if ((await isFile(join(path, MANIFEST))) || !(await isDirectory(path))) {
      dirs.push(path);
      continue;
    }
    const entries = await readdir(path, { withFileTypes: true });
    const packs: string[] = [];
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith('.') && (await isFile(join(path, entry.name, MANIFEST)))) packs.push(join(path, entry.name));
    }
    dirs.push(...(packs.length > 0 ? packs.sort() : [path]));
  }
  return dirs;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}
