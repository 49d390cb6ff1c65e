import { RegionPackError } from '../errors.js';
import type { GtfsRow } from './gtfs-source.js';

/** Columns of `calendar.txt`, Monday first (index = {@link weekdayOf}). */
const WEEKDAY_COLUMNS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Most full weeks the typical week is chosen from: the first two years of a feed's validity. */
export const MAX_WEEKS_CONSIDERED = 104;

/**
 * Day number (whole days since 1970-01-01, UTC) of a GTFS date.
 *
 * @param text - `YYYYMMDD`, e.g. `20260914`
 * @returns the day number, or NaN when `text` is not a real date in that form
 */
export function gtfsDay(text: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  if (match === null) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return Number.NaN;
  return time / 86_400_000;
}

/**
 * ISO 8601 date of a day number.
 *
 * @param day - whole days since 1970-01-01
 * @returns e.g. `2026-09-14`
 */
export function isoDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Day of the week of a day number, Monday 0 to Sunday 6 (1970-01-01 was a Thursday, 3).
 *
 * @param day - whole days since 1970-01-01
 */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** An inclusive range of day numbers. */
export interface DayRange {
  first: number;
  last: number;
}

interface WeeklyPattern {
  days: boolean[];
  range: DayRange;
}

/**
 * The service calendar of one GTFS feed: which `service_id` runs on which day,
 * from `calendar.txt` (weekdays within a date range) and `calendar_dates.txt`
 * (dates added, `exception_type` 1, or removed, 2), as the GTFS reference
 * defines them (gtfs.org/schedule/reference/#calendar_datestxt): an exception
 * on a date overrides the weekly pattern.
 */
export class ServiceCalendar {
  private readonly patterns = new Map<string, WeeklyPattern>();
  private readonly exceptions = new Map<string, Map<number, boolean>>();

  /**
   * Reads one `calendar.txt` row.
   *
   * @param row - the row
   * @param file - file name for errors
   * @throws RegionPackError naming the file and `service_id` when `start_date` or `end_date` is not a `YYYYMMDD` date
   */
  addCalendar(row: GtfsRow, file: string): void {
    const id = row.service_id ?? '';
    const first = gtfsDay(row.start_date ?? '');
    const last = gtfsDay(row.end_date ?? '');
    if (Number.isNaN(first) || Number.isNaN(last)) {
      throw new RegionPackError(
        file,
        `service_id ${id}: start_date and end_date must be YYYYMMDD dates, got "${row.start_date ?? ''}" and "${row.end_date ?? ''}"`,
      );
    }
    this.patterns.set(id, { days: WEEKDAY_COLUMNS.map((column) => row[column] === '1'), range: { first, last } });
  }

  /**
   * Reads one `calendar_dates.txt` row; rows with another `exception_type` than 1 or 2 are ignored.
   *
   * @param row - the row
   * @param file - file name for errors
   * @throws RegionPackError naming the file and `service_id` when `date` is not a `YYYYMMDD` date
   */
  addException(row: GtfsRow, file: string): void {
    const id = row.service_id ?? '';
    const type = row.exception_type;
    if (type !== '1' && type !== '2') return;
    const day = gtfsDay(row.date ?? '');
    if (Number.isNaN(day)) throw new RegionPackError(file, `service_id ${id}: date must be a YYYYMMDD date, got "${row.date ?? ''}"`);
    let dates = this.exceptions.get(id);
    if (dates === undefined) {
      dates = new Map();
      this.exceptions.set(id, dates);
    }
    dates.set(day, type === '1');
  }

  /** Whether the feed has any calendar row or exception. */
  get isEmpty(): boolean {
    return this.patterns.size === 0 && this.exceptions.size === 0;
  }

  /**
   * Whether `serviceId` runs on `day`: an exception on that date decides; else
   * the weekly pattern, when the date is within its range.
   *
   * @param serviceId - a `service_id`
   * @param day - day number
   */
  runsOn(serviceId: string, day: number): boolean {
    const exception = this.exceptions.get(serviceId)?.get(day);
    if (exception !== undefined) return exception;
    const pattern = this.patterns.get(serviceId);
    if (pattern === undefined || day < pattern.range.first || day > pattern.range.last) return false;
    return pattern.days[weekdayOf(day)] === true;
  }

  /**
   * The days any service could run: from the earliest `start_date` or added
   * date to the latest `end_date` or added date; null for an empty calendar.
   */
  span(): DayRange | null {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const { range } of this.patterns.values()) {
      first = Math.min(first, range.first);
      last = Math.max(last, range.last);
    }
    for (const dates of this.exceptions.values()) {
      for (const [day, added] of dates) {
        if (!added) continue;
        first = Math.min(first, day);
        last = Math.max(last, day);
      }
    }
    return first <= last ? { first, last } : null;
  }
}

/** The week a feed's departures are counted over, and how often each service runs in it. */
export interface ServiceWeek {
  /** First day counted (a Monday when a full week was found). */
  first: number;
  /** Last day counted. */
  last: number;
  /** Trips scheduled in the counted days, each trip once per day it runs (times its runs a day). */
  trips: number;
  /** Full Monday-to-Sunday weeks the choice was made among (0: validity shorter than a week). */
  weeksConsidered: number;
  /**
   * Runs per week of each service: days it runs in the chosen week, scaled by
   * 7 / days counted when the validity is shorter than a week. Services not
   * running that week are absent.
   */
  perWeek: Map<string, number>;
}

/**
 * Chooses a feed's typical week: among the full Monday-to-Sunday weeks inside
 * the feed's validity (at most the first {@link MAX_WEEKS_CONSIDERED}), the
 * first whose scheduled trips equal the median over those weeks (the lower
 * median for an even count). The median leaves out holiday weeks (fewer trips)
 * and weeks where a timetable change overlaps two versions (more trips); the
 * first of the median weeks makes the choice deterministic.
 *
 * The validity is `feed_info.txt`'s `feed_start_date`–`feed_end_date` where
 * given, cut to the calendar's {@link ServiceCalendar.span} (whole span when
 * they do not overlap or `feed_info` gives none). When it is shorter than a
 * full week, every day of it is counted and scaled to seven days.
 *
 * @param calendar - the feed's calendar
 * @param tripsByService - trips per `service_id` (times their runs a day for `frequencies.txt` trips)
 * @param declared - `feed_info` validity, when given
 * @returns the week, or null when the calendar is empty
 */
export function chooseServiceWeek(calendar: ServiceCalendar, tripsByService: ReadonlyMap<string, number>, declared: DayRange | null): ServiceWeek | null {
  const span = calendar.span();
  if (span === null) return null;
  let window = span;
  if (declared !== null) {
    const cut = { first: Math.max(declared.first, span.first), last: Math.min(declared.last, span.last) };
    if (cut.first <= cut.last) window = cut;
  }
  const tripsOn = (first: number, last: number): number => {
    let total = 0;
    for (const [service, trips] of tripsByService) {
      for (let day = first; day <= last; day++) if (calendar.runsOn(service, day)) total += trips;
    }
    return total;
  };
  const firstMonday = window.first + ((7 - weekdayOf(window.first)) % 7);
  const weeks: Array<{ first: number; trips: number }> = [];
  for (let monday = firstMonday; monday + 6 <= window.last && weeks.length < MAX_WEEKS_CONSIDERED; monday += 7) {
    weeks.push({ first: monday, trips: tripsOn(monday, monday + 6) });
  }
  if (weeks.length === 0) return countedWeek(calendar, tripsByService, window, tripsOn(window.first, window.last), 0);
  const sorted = weeks.map((week) => week.trips).sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const chosen = weeks.find((week) => week.trips === median) ?? weeks[0];
  if (chosen === undefined) return null;
  return countedWeek(calendar, tripsByService, { first: chosen.first, last: chosen.first + 6 }, chosen.trips, weeks.length);
}

function countedWeek(
  calendar: ServiceCalendar,
  tripsByService: ReadonlyMap<string, number>,
  days: DayRange,
  trips: number,
  weeksConsidered: number,
): ServiceWeek {
  const length = days.last - days.first + 1;
  const scale = 7 / length;
  const perWeek = new Map<string, number>();
  for (const service of tripsByService.keys()) {
    let runs = 0;
    for (let day = days.first; day <= days.last; day++) if (calendar.runsOn(service, day)) runs++;
    if (runs > 0) perWeek.set(service, runs * scale);
  }
  return { first: days.first, last: days.last, trips: Math.round(trips * scale), weeksConsidered, perWeek };
}
