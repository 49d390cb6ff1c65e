import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { ScoreResult } from '@locscore/schema';
import { startServer } from '@locscore/server';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { OUTPUT_COLUMNS } from '../src/batch/columns.js';
import { pickSampleAddress } from '../src/commands/quickstart.js';
import { runCliInProcess } from './cli-in-process.js';
import { fileGrowsPast, finished, runCli, startCli } from './cli-process.js';

/**
 * The CLI against a real server: the sample region built through the real
 * importers, the server on 127.0.0.1 with PGlite; `score` runs the CLI's
 * `main` in this process (`cli-in-process.ts`), `batch` (stdin, stdout, SIGINT)
 * is spawned from source.
 */
const ENTERPRISE_KEY = 'lsk_cli_test_enterprise_key_000000000000';
let workDir: string;
let server: Awaited<ReturnType<typeof startServer>>;
let starterKey: string;
let addresses: string[];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-cli-api-'));
  const pack = join(workDir, 'pack');
  await buildSampleRegion(pack);
  const region = await loadRegion(pack);
  // Distinct plain addresses of the sample town, written as a user would.
  const seen = new Set<string>();
  for (let i = 0; i < region.addresses.length && seen.size < 60; i += 1) {
    const text = (() => {
      try {
        return pickSampleAddress(region.addresses.slice(i, i + 1));
      } catch {
        return null;
      }
    })();
    if (text) seen.add(text);
  }
  addresses = [...seen];
  server = await startServer({
    port: 0,
    dataDir: await templateDataDir(join(workDir, 'data')),
    regions: [pack],
    demoKey: ENTERPRISE_KEY,
    demoPlan: 'enterprise',
  });
  starterKey = (await server.store.keys.create({ plan: 'starter', name: 'cli starter test' })).apiKey;
});

afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const api = (key: string = ENTERPRISE_KEY): Record<string, string> => ({ LOCSCORE_BASE_URL: server.url, LOCSCORE_API_KEY: key });

function csvOf(rows: string[][]): string {
  return `${rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\n')}\n`;
}

describe('locscore score', () => {
  it('prints exactly the API body with --json', async () => {
    const run = await runCliInProcess(['score', addresses[0] ?? '', '--category', 'coffee', '--json'], { env: api() });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const body = ScoreResult.parse(JSON.parse(run.stdout));
    expect(body.meta?.region?.sample).toBe(true);
    expect(body.passed).toBe(body.score >= 7 && body.meta?.confidence?.level !== 'low');
  });

  it('takes --api-key over LOCSCORE_API_KEY and exits 3 for a refused key', async () => {
    const refused = await runCliInProcess(['score', addresses[0] ?? '', '-c', 'coffee', '--api-key', 'lsk_wrong'], { env: api() });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/API key refused/);
    const good = await runCliInProcess(['score', addresses[0] ?? '', '-c', 'coffee', '--api-key', ENTERPRISE_KEY], { env: api('lsk_wrong') });
    expect(good.code).toBe(0);
  });

  it('exits 2 with the reason for an address the region does not know, and for a bad category', async () => {
    const unknown = await runCliInProcess(['score', '999 Nonexistent Boulevard, Atlantis', '-c', 'coffee'], { env: api() });
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/address/i);
    const category = await runCliInProcess(['score', addresses[0] ?? '', '-c', 'bakery'], { env: api() });
    expect(category.code).toBe(2);
    expect(category.stderr).toContain('coffee, pet-services');
  });

  it('exits 5 when the server cannot be reached', async () => {
    const run = await runCliInProcess(['score', addresses[0] ?? '', '-c', 'coffee', '--base-url', 'http://127.0.0.1:9'], { env: api() });
    expect(run.code).toBe(5);
  });
});

describe('locscore batch', () => {
  it('writes every row in input order with the locscore columns, errors in their rows', async () => {
    const header = ['id', 'Adresse', 'category'];
    const input = [
      header,
      ['1', addresses[0] ?? '', 'coffee'],
      ['2', '999 Nonexistent Boulevard, Atlantis', 'coffee'],
      ['3', addresses[1] ?? '', 'bakery'],
      ['4', addresses[2] ?? '', 'gym-fitness'],
      ['5', '', 'coffee'],
    ];
    const path = join(workDir, 'mixed.csv');
    await writeFile(path, `\uFEFF${csvOf(input).replaceAll('","', '";"')}`);
    const run = await runCli(['batch', path, '--concurrency', '3'], { env: api() });
    expect(run.code, run.stderr).toBe(0);
    const rows = parse(run.stdout, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([...header, ...OUTPUT_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['1', '2', '3', '4', '5']);
    const column = (name: string): number => header.length + OUTPUT_COLUMNS.indexOf(name as (typeof OUTPUT_COLUMNS)[number]);
    const score = column('locscore_score');
    const code = column('locscore_error_code');
    // A ;-separated input gets decimal commas, as the spreadsheets that write it expect.
    expect(rows[1]?.[score]).toMatch(/^\d+,\d$/);
    expect(rows[1]?.[column('locscore_lat')]).toMatch(/^-?\d+,\d{6}$/);
    expect(rows[2]?.[code]).toBe('address_not_found');
    expect(rows[3]?.[code]).toBe('invalid_request');
    expect(rows[3]?.[column('locscore_error_message')]).toMatch(/category/);
    expect(rows[4]?.[score]).toMatch(/^\d+,\d$/);
    expect(rows[5]?.[code]).toBe('invalid_request');
    expect(run.stderr).toMatch(/5 rows: \d+ passed, \d+ below 7.0, 3 errors/);
  });

  it('writes decimal commas with --decimal-comma, and decimal points with --no-decimal-comma for ; input', async () => {
    const comma = await runCli(['batch', '-', '-c', 'coffee', '--decimal-comma'], { env: api(), stdin: csvOf([['address'], [addresses[0] ?? '']]) });
    expect(comma.code, comma.stderr).toBe(0);
    const commaRows = parse(comma.stdout) as string[][];
    expect(commaRows[1]?.[1 + OUTPUT_COLUMNS.indexOf('locscore_score')]).toMatch(/^\d+,\d$/);
    const points = await runCli(['batch', '-', '-c', 'coffee', '--no-decimal-comma'], { env: api(), stdin: `"address";"id"\n"${addresses[0] ?? ''}";"1"\n` });
    expect(points.code, points.stderr).toBe(0);
    const pointRows = parse(points.stdout, { delimiter: ';' }) as string[][];
    expect(pointRows[1]?.[2 + OUTPUT_COLUMNS.indexOf('locscore_score')]).toMatch(/^\d+\.\d$/);
  });

  it('scores the same file for a second --category as new requests, not idempotency conflicts', async () => {
    const path = join(workDir, 'two-concepts.csv');
    await writeFile(path, csvOf([['address'], [addresses[2] ?? ''], [addresses[3] ?? '']]));
    for (const category of ['coffee', 'gym-fitness']) {
      const run = await runCli(['batch', path, '-c', category, '--format', 'jsonl'], { env: api() });
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { error: unknown; result: unknown });
      expect(lines.map((line) => line.error)).toEqual([null, null]);
    }
  });

  it('reads stdin and writes JSON Lines with the full result', async () => {
    const input = csvOf([['address'], [addresses[0] ?? ''], [addresses[1] ?? '']]);
    const run = await runCli(['batch', '-', '--category', 'pharmacy-health', '--format', 'jsonl'], { env: api(), stdin: input });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { row: number; result: unknown; input: { address: string } });
    expect(lines.map((line) => line.row)).toEqual([1, 2]);
    expect(lines[1]?.input.address).toBe(addresses[1]);
    expect(() => ScoreResult.parse(lines[0]?.result)).not.toThrow();
  });

  it('resumes after SIGKILL half way: every row exactly once, in order', async () => {
    const count = 150;
    const rows = Array.from({ length: count }, (_, index) => [String(index + 1), addresses[index % addresses.length] ?? '']);
    const input = join(workDir, 'kill.csv');
    const out = join(workDir, 'kill-out.csv');
    await writeFile(input, csvOf([['n', 'address'], ...rows]));
    const child = startCli(['batch', input, '-c', 'coffee', '--out', out, '--concurrency', '2'], { env: api() });
    const done = finished(child);
    // Kill once some rows (but not all) are on disk.
    await fileGrowsPast(out, 4_000);
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal).toBe('SIGKILL');
    const partial = (parse(await readFile(out), { relax_column_count: true, relax_quotes: true }) as string[][]).length - 1;
    expect(partial).toBeLessThan(count);

    const resumed = await runCli(['batch', input, '-c', 'coffee', '--out', out, '--resume'], { env: api() });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming: \d+ rows/);
    const final = parse(await readFile(out)) as string[][];
    expect(final.slice(1).map((row) => row[0])).toEqual(rows.map((row) => row[0]));
    expect(final.slice(1).every((row) => /^\d+\.\d$/.test(row[2] ?? ''))).toBe(true);
  });

  it('finishes the rows in flight on SIGINT, flushes them and exits 130', async () => {
    const count = 300;
    const rows = Array.from({ length: count }, (_, index) => [String(index + 1), addresses[index % addresses.length] ?? '']);
    const input = join(workDir, 'sigint.csv');
    const out = join(workDir, 'sigint-out.jsonl');
    await writeFile(input, csvOf([['n', 'address'], ...rows]));
    const child = startCli(['batch', input, '-c', 'coffee', '--out', out, '--format', 'jsonl', '--concurrency', '3'], { env: api() });
    const done = finished(child);
    await fileGrowsPast(out, 4_000);
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('--resume');
    const text = await readFile(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const written = text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { row: number }).row);
    expect(written.length).toBeLessThan(count);
    expect(written).toEqual(Array.from({ length: written.length }, (_, index) => index + 1));
  });

  it('stops a Starter key at 20 rows with exit 4, writing nothing for unsent rows', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => [String(index + 1), addresses[index % addresses.length] ?? '']);
    const input = join(workDir, 'starter.csv');
    await writeFile(input, csvOf([['n', 'address'], ...rows]));
    const run = await runCli(['batch', input, '-c', 'coffee', '--concurrency', '1'], { env: api(starterKey) });
    expect(run.code).toBe(4);
    const written = parse(run.stdout) as string[][];
    expect(written.slice(1).map((row) => row[0])).toEqual(rows.slice(0, 20).map((row) => row[0]));
    expect(run.stderr).toMatch(/quota/i);
    expect(run.stderr).toContain('5 row(s) not scored');
    expect(run.stderr).toMatch(/resets at \d{4}-\d\d-\d\dT/);
  });
});
