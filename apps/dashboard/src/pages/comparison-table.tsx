import type { ScoreResult } from '@locscore/schema';
import { comparisonRows } from '../compare/compare-sites.js';

/**
 * 2–5 scored sites side by side: one column per site (numbered as on the
 * map), the best value of each score row marked in words and in bold.
 */
export function ComparisonTable({ sites }: { sites: Array<{ address: string; result: ScoreResult }> }) {
  const rows = comparisonRows(sites.map((site) => site.result));
  return (
    <div class="table-scroll">
      <table class="comparison">
        <caption>Sites side by side; “best” marks the highest score of a row.</caption>
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
                <td key={index} class={row.best.includes(index) ? 'best' : undefined}>
                  {cell}
                  {row.best.includes(index) && <span class="best-mark"> best</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
