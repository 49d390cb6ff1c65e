import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_CHUNK_CHARS, openSink } from './sink.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const fileIn = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'locscore-sink-'));
  dirs.push(dir);
  return join(dir, 'out.csv');
};

describe('a file sink', () => {
  it('writes every row in order across several gathered chunks once closed', async () => {
    const path = fileIn();
    const sink = openSink(path, false);
    const rows = Array.from({ length: 1_000 }, (_, index) => `${index},${'x'.repeat(index % 97)}\n`);
    expect(rows.join('').length).toBeGreaterThan(2 * FILE_CHUNK_CHARS);
    for (const row of rows) await sink.write(row);
    await sink.close();
    expect(readFileSync(path, 'utf8')).toBe(rows.join(''));
  });

  it('appends to an existing file for --resume', async () => {
    const path = fileIn();
    const first = openSink(path, false);
    await first.write('a\n');
    await first.close();
    const second = openSink(path, true);
    await second.write('b\n');
    await second.close();
    expect(readFileSync(path, 'utf8')).toBe('a\nb\n');
  });
});
