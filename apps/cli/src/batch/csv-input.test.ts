import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, normaliseRecord, openCsv } from './csv-input.js';

async function readAll(text: string | Buffer[], chunkSize?: number): Promise<{ header: string[]; delimiter: string; bom: boolean; rows: string[][] }> {
  let chunks: Buffer[];
  if (Array.isArray(text)) chunks = text;
  else {
    const bytes = Buffer.from(text, 'utf8');
    const size = chunkSize ?? bytes.length;
    chunks = [];
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  }
  const source = await openCsv(Readable.from(chunks));
  const rows: string[][] = [];
  for (let next = await source.records.next(); !next.done; next = await source.records.next()) rows.push(next.value);
  return { header: source.header, delimiter: source.delimiter, bom: source.bom, rows };
}

describe('detectDelimiter', () => {
  it('picks the most frequent delimiter outside quotes', () => {
    expect(detectDelimiter('name,address,category')).toBe(',');
    expect(detectDelimiter('nom;adresse;catégorie')).toBe(';');
    expect(detectDelimiter('name\taddress')).toBe('\t');
    expect(detectDelimiter('"a;b;c",address')).toBe(',');
    expect(detectDelimiter('address')).toBe(',');
  });
});

describe('openCsv', () => {
  it('strips a UTF-8 BOM and reports it', async () => {
    const parsed = await readAll('\uFEFFaddress,category\n"1 Main St, Town",coffee\n');
    expect(parsed.bom).toBe(true);
    expect(parsed.header).toEqual(['address', 'category']);
    expect(parsed.rows).toEqual([['1 Main St, Town', 'coffee']]);
  });

  it('reads semicolon files with CRLF line endings', async () => {
    const parsed = await readAll('nom;adresse\r\nCafé A;12 rue Sainte-Catherine, Montréal\r\nB;3 av. du Parc\r\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.bom).toBe(false);
    expect(parsed.rows).toEqual([
      ['Café A', '12 rue Sainte-Catherine, Montréal'],
      ['B', '3 av. du Parc'],
    ]);
  });

  it('keeps quoted newlines, quotes and delimiters inside one field, across chunk boundaries', async () => {
    const text = 'id\taddress\n1\t"Städtle 38\n9490 Vaduz"\n2\t"say ""hi""\tthere"\n';
    const parsed = await readAll(text, 3);
    expect(parsed.delimiter).toBe('\t');
    expect(parsed.rows).toEqual([
      ['1', 'Städtle 38\n9490 Vaduz'],
      ['2', 'say "hi"\tthere'],
    ]);
  });

  it('reads a header without a trailing newline and skips blank lines', async () => {
    expect((await readAll('address')).rows).toEqual([]);
    expect((await readAll('address\n\nA 1\n\n')).rows).toEqual([['A 1']]);
  });

  it('refuses an empty input', async () => {
    await expect(readAll('')).rejects.toThrow(/header/);
    await expect(readAll('\n')).rejects.toThrow(/header/);
  });

  it('fails on an unclosed quote with a parse error', async () => {
    await expect(readAll('address\n"unterminated\n')).rejects.toThrow();
  });
});

describe('normaliseRecord', () => {
  it('pads short rows and drops extra fields', () => {
    expect(normaliseRecord(['a'], 3)).toEqual(['a', '', '']);
    expect(normaliseRecord(['a', 'b', 'c', 'd'], 3)).toEqual(['a', 'b', 'c']);
  });
});
