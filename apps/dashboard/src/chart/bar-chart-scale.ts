import type { DailyActivity } from '@locscore/schema';

/** One day's bar of the requests-per-day chart, in SVG user units (y grows downwards). */
export interface DayBar {
  date: string;
  requests: number;
  failed: number;
  x: number;
  width: number;
  /** Top of the whole bar. */
  y: number;
  height: number;
  /** Height of its failed part, drawn at the bottom of the bar. */
  failedHeight: number;
}

/** The chart's bars and its value axis. */
export interface BarChartScale {
  bars: DayBar[];
  /** Top of the value axis: a round number at least the busiest day. */
  max: number;
  /** Axis values from 0 to `max`, each with its y. */
  ticks: Array<{ value: number; y: number }>;
}

/**
 * The smallest 1, 2 or 5 × 10ⁿ at least `value` (at least 1): a value axis
 * people read at a glance.
 *
 * @param value - the largest value to show
 */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Lays out one bar per day in a `width` × `height` plot area, bars
 * `gap` apart, heights proportional to requests on a 0–{@link niceCeiling} axis
 * with five ticks.
 *
 * @param days - requests per day, oldest first
 * @param width - plot width
 * @param height - plot height
 * @param gap - space between bars @default 2
 */
export function barChartScale(days: readonly DailyActivity[], width: number, height: number, gap = 2): BarChartScale {
  const max = niceCeiling(Math.max(0, ...days.map((day) => day.requests)));
  const slot = days.length === 0 ? width : width / days.length;
  const barWidth = Math.max(1, slot - gap);
  const toHeight = (value: number) => (value / max) * height;
  const bars = days.map((day, index) => {
    const barHeight = toHeight(day.requests);
    return {
      date: day.date,
      requests: day.requests,
      failed: day.failed,
      x: index * slot + gap / 2,
      width: barWidth,
      y: height - barHeight,
      height: barHeight,
      failedHeight: toHeight(day.failed),
    };
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => ({ value: max * share, y: height - share * height }));
  return { bars, max, ticks };
}
