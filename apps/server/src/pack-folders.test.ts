import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packDirectories } from './pack-folders.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'locscore-pack-folders-'));
  for (const pack of ['packs/zurich', 'packs/basel', 'single']) {
    await mkdir(join(root, pack), { recursive: true });
    await writeFile(join(root, pack, 'manifest.json'), '{}');
  }
  await mkdir(join(root, 'packs', 'notes'));
  await mkdir(join(root, 'packs', '.basel.tmp-1'));
  await writeFile(join(root, 'packs', '.basel.tmp-1', 'manifest.json'), '{}');
  await mkdir(join(root, 'empty'));
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('packDirectories', () => {
  it('keeps a pack, and stands a folder of packs for every pack inside it, sorted, without half-written ones', async () => {
    expect(await packDirectories([join(root, 'single'), join(root, 'packs')])).toEqual([
      join(root, 'single'),
      join(root, 'packs', 'basel'),
      join(root, 'packs', 'zurich'),
    ]);
  });

  it('keeps a path that is no pack and holds none, for the reader to name it', async () => {
    expect(await packDirectories([join(root, 'empty'), join(root, 'absent')])).toEqual([join(root, 'empty'), join(root, 'absent')]);
  });
});
