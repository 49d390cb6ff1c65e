import { type Category, comparisonCaveat, type ScoreResult } from '@locscore/schema';
import { comparisonRows } from '../compare/compare-sites.js';

/**
 * 2–5 scored sites side by side: one column per site (numbered as on the
 * map), the verdict rows first, read from each result, failing facts marked
 * in words; the best value of each score row marked in words and in bold
 * (the overall score among passing sites only). Sites of different regions
 * or categories are compared only under a warning that says so, with no
 * "best" anywhere.
 */
export function ComparisonTable({ sites, category }: { sites: Array<{ address: string; result: ScoreResult }>; category: Category }) {
  const caveat = comparisonCaveat(sites.map((site) => ({ region: site.result.meta?.region?.name ?? null, category })));
  const rows = comparisonRows(
    sites.map((site) => site.result),
    caveat === null,
  );
  return (
    <>
      {caveat !== null && (
        <p class="caveat" role="note">
          <strong>Not comparable.</strong> {caveat}
        </p>
      )}
      <div class="table-scroll">
        <table class="comparison">
          <caption>Sites side by side; “best” marks the highest score of a row (the overall score among the sites that pass).</caption>
          <thead>
            <tr>
              <td />
              {sites.map((site, index) => (
                <th key={site.address} scope="col">
                  {index + 1}. {site.address}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, index) => (
                  <td key={index} class={row.best.includes(index) ? 'best' : row.failing?.[index] ? 'failing' : undefined}>
                    {cell}
                    {row.best.includes(index) && <span class="best-mark"> best</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
