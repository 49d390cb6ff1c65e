import { type Category, UnitFileError } from '@locscore/schema';
import type { UnitImportReport } from '@locscore/sdk/browser';
import { useState } from 'preact/hooks';
import { CategorySelect } from '../components/category-select.js';
import { ErrorAlert, StatusLine } from '../components/messages.js';
import { useAction } from '../hooks/use-action.js';
import { useSession } from '../session/session-context.js';
import { readUnitFile } from '../units/unit-file.js';

/** A row that was not added, and why. */
interface FailedRow {
  source: string;
  message: string;
}

/**
 * Import units from a CSV or GeoJSON file, read as `locscore units import`
 * reads it: rows that fail the API's checks are listed with their field and
 * not sent, the rest are sent (`units.import`) and the server's refusals
 * (an address not found…) are listed too; the others are added.
 *
 * @param onImported - called after an import that added units
 */
export function UnitImportForm({ onImported }: { onImported(): void }) {
  const { franchisor } = useSession();
  const [category, setCategory] = useState<Category>('coffee');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ created: number; total: number; failed: FailedRow[] } | null>(null);
  const send = useAction((bodies: Parameters<typeof franchisor.units.import>[0]) => franchisor.units.import(bodies));
  const submit = async (event: Event) => {
    event.preventDefault();
    setOutcome(null);
    if (file === null) return setFileError('Choose a CSV or GeoJSON file of units.');
    let read: ReturnType<typeof readUnitFile>;
    try {
      read = readUnitFile(file.name, await file.text(), { category });
    } catch (error) {
      if (error instanceof UnitFileError) return setFileError(`${file.name} ${error.message}`);
      throw error;
    }
    setFileError(null);
    const sent = read.rows.flatMap((row, index) => (row.body === undefined ? [] : [index]));
    const failed: FailedRow[] = read.rows.flatMap((row) => (row.error === undefined ? [] : [{ source: row.source, message: row.error }]));
    let report: UnitImportReport | undefined = { created: 0, failed: 0, results: [] };
    if (sent.length > 0) report = await send.run(sent.map((index) => read.rows[index]?.body as NonNullable<(typeof read.rows)[number]['body']>));
    if (report === undefined) return;
    for (const result of report.results) {
      if (result.status === 'failed')
        failed.push({ source: read.rows[sent[result.index] ?? -1]?.source ?? `row ${result.index + 1}`, message: result.error.message });
    }
    setOutcome({ created: report.created, total: read.rows.length, failed });
    if (report.created > 0) onImported();
  };
  return (
    <section aria-labelledby="import-heading" class="card">
      <h2 id="import-heading">Import units</h2>
      <p class="muted">
        CSV with a header row (<code>name</code>, <code>address</code> or <code>lat</code>/<code>lng</code>, <code>category</code>, <code>status</code>,{' '}
        <code>brand</code>, <code>territory_metres</code>, <code>territory_residents</code> or <code>territory_geometry</code>), or GeoJSON with a Feature per
        unit (a Point for its site, a Polygon for its territory). Units cost no quota.
      </p>
      <form onSubmit={submit}>
        <label for="import-file">File of units</label>
        <input id="import-file" type="file" accept=".csv,.tsv,.txt,.geojson,.json" onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        <CategorySelect id="import-category" label="Category of rows without one" value={category} onChange={setCategory} />
        {fileError !== null && <ErrorAlert error={{ title: fileError, details: [], sessionEnded: false }} />}
        <ErrorAlert error={send.error} />
        <button type="submit" class="primary" disabled={send.pending}>
          {send.pending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {outcome !== null && (
        <>
          <StatusLine>
            Imported {outcome.created} of {outcome.total} units{outcome.failed.length > 0 ? `; ${outcome.failed.length} failed, the others were added` : ''}.
          </StatusLine>
          {outcome.failed.length > 0 && (
            <ul class="import-failures" aria-label="Rows that failed">
              {outcome.failed.map((row) => (
                <li key={row.source}>
                  <strong>{row.source}</strong>: {row.message}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
