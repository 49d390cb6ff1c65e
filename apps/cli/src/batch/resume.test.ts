import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleResult } from '../../test/fixtures.js';
import { CliError } from '../exit-codes.js';
import { createRowFormatter, type OutputFormat } from './output-format.js';
import { prepareResume, readDoneRows } from './resume.js';
import { rowContentHash } from './row-identity.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'locscore-resume-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const header = ['name', 'address'];
const rows = [
  ['A', '1 Main St, Town'],
  ['B', 'Städtle 38\n9490 Vaduz'],
  ['C', '3 rue "Haute"'],
];

function output(format: OutputFormat, count: number): string {
  const formatter = createRowFormatter(format, header, { delimiter: ',', bom: true });
  let text = formatter.preamble();
  rows.slice(0, count).forEach((fields, index) => {
    text += formatter.record(index + 1, fields, rowContentHash(fields), { result: sampleResult });
  });
  return text;
}

async function collect(path: string, format: OutputFormat): Promise<Array<{ row: number; hash: string }>> {
  const found: Array<{ row: number; hash: string }> = [];
  for await (const done of readDoneRows(path, format, header)) found.push({ row: done.row, hash: done.hash });
  return found;
}

describe.each(['csv', 'jsonl'] as const)('resume of %s output', (format) => {
  it('finds every complete row with its content hash', async () => {
    const path = join(dir, `full.${format}`);
    await writeFile(path, output(format, 3));
    expect(await collect(path, format)).toEqual(rows.map((fields, index) => ({ row: index + 1, hash: rowContentHash(fields) })));
    expect(await prepareResume(path, format, header)).toMatchObject({ empty: false, rows: 3 });
  });

  it('cuts a record left incomplete by a kill, at every cut point of the last record', async () => {
    const two = Buffer.from(output(format, 2));
    const three = Buffer.from(output(format, 3));
    for (let cut = two.length + 1; cut < three.length; cut += 7) {
      const path = join(dir, `cut-${cut}.${format}`);
      await writeFile(path, three.subarray(0, cut));
      const found = await prepareResume(path, format, header);
      expect(found.rows).toBe(2);
      expect((await readFile(path)).equals(two)).toBe(true);
    }
  });

  it('treats a missing or empty file as empty', async () => {
    expect(await prepareResume(join(dir, `absent.${format}`), format, header)).toMatchObject({ empty: true, rows: 0 });
    const path = join(dir, `empty.${format}`);
    await writeFile(path, '');
    expect(await prepareResume(path, format, header)).toMatchObject({ empty: true, rows: 0 });
  });
});

describe('resume of csv output', () => {
  it('truncates a header cut short to nothing', async () => {
    const path = join(dir, 'header-cut.csv');
    await writeFile(path, output('csv', 0).slice(0, 10));
    expect(await prepareResume(path, 'csv', header)).toMatchObject({ empty: true, rows: 0 });
    expect((await readFile(path)).length).toBe(0);
  });

  it('refuses a file whose header belongs to another input', async () => {
    const path = join(dir, 'other.csv');
    await writeFile(path, 'x,y\n1,2\n');
    await expect(prepareResume(path, 'csv', header)).rejects.toBeInstanceOf(CliError);
  });
});
