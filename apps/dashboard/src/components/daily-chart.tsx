import type { DailyActivity } from '@locscore/schema';
import { barChartScale } from '../chart/bar-chart-scale.js';
import { formatDay } from '../format/format.js';
import { TableHead } from './table-head.js';

const WIDTH = 640;
const HEIGHT = 190;
const LEFT = 36;
const BOTTOM = 22;
/** Room above the plot for the top tick's label, which is centred on the plot's top edge. */
const TOP = 10;
/** Font size of the axis labels (also in app.css), for the label's half height. */
const LABEL_SIZE = 11;

/**
 * Requests per UTC day as an SVG bar chart (failed part in a second colour),
 * with the same numbers in a table for screen readers and for print.
 *
 * @param days - requests per day, oldest first
 * @param title - the chart's accessible name
 */
export function DailyChart({ days, title }: { days: readonly DailyActivity[]; title: string }) {
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const { bars, ticks } = barChartScale(days, plotWidth, plotHeight);
  const labelEvery = Math.max(1, Math.ceil(days.length / 10));
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="daily-chart-title" class="chart-svg">
        <title id="daily-chart-title">{title}</title>
        <g transform={`translate(0 ${TOP})`}>
          {ticks.map((tick) => (
            <g key={tick.value}>
              <line x1={LEFT} x2={WIDTH} y1={tick.y} y2={tick.y} class="chart-grid" />
              <text x={LEFT - 6} y={tick.y + LABEL_SIZE / 3} class="chart-axis" text-anchor="end">
                {Number.isInteger(tick.value) ? tick.value : ''}
              </text>
            </g>
          ))}
          {bars.map((bar, index) => (
            <g key={bar.date} transform={`translate(${LEFT} 0)`}>
              <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} class="chart-bar" />
              <rect x={bar.x} y={plotHeight - bar.failedHeight} width={bar.width} height={bar.failedHeight} class="chart-bar-failed" />
              {index % labelEvery === 0 && (
                <text x={bar.x + bar.width / 2} y={plotHeight + BOTTOM - 6} class="chart-axis" text-anchor="middle">
                  {formatDay(bar.date)}
                </text>
              )}
            </g>
          ))}
        </g>
      </svg>
      <figcaption>
        <span class="legend legend-ok">Requests</span> <span class="legend legend-failed">of which failed</span>
      </figcaption>
      <details class="chart-data">
        <summary>The numbers</summary>
        <table>
          <caption class="visually-hidden">{title}</caption>
          <TableHead columns={['Day (UTC)', 'Requests', 'Succeeded', 'Failed']} />
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{day.requests}</td>
                <td>{day.succeeded}</td>
                <td>{day.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
