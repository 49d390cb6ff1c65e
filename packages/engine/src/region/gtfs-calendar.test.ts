import { describe, expect, it } from 'vitest';
import { chooseServiceWeek, gtfsDay, isoDay, ServiceCalendar, weekdayOf } from './gtfs-calendar.js';

const FILE = 'feed/calendar.txt';
const weekly = (serviceId: string, days: string, start: string, end: string) => {
  const [monday, tuesday, wednesday, thursday, friday, saturday, sunday] = days.split('');
  return { service_id: serviceId, monday, tuesday, wednesday, thursday, friday, saturday, sunday, start_date: start, end_date: end } as Record<string, string>;
};

describe('GTFS dates', () => {
  it('reads YYYYMMDD as UTC day numbers and refuses impossible dates', () => {
    expect(isoDay(gtfsDay('20260914'))).toBe('2026-09-14');
    expect(weekdayOf(gtfsDay('20260914'))).toBe(0);
    expect(weekdayOf(gtfsDay('20260920'))).toBe(6);
    expect(gtfsDay('20260231')).toBeNaN();
    expect(gtfsDay('2026-09-14')).toBeNaN();
  });
});

describe('ServiceCalendar', () => {
  it('runs a service on its weekdays within its range, with exceptions deciding their dates', () => {
    const calendar = new ServiceCalendar();
    calendar.addCalendar(weekly('WD', '1111100', '20260901', '20260930'), FILE);
    calendar.addException({ service_id: 'WD', date: '20260907', exception_type: '2' }, FILE);
    calendar.addException({ service_id: 'HOL', date: '20260907', exception_type: '1' }, FILE);
    calendar.addException({ service_id: 'WD', date: '20260912', exception_type: '9' }, FILE);
    expect(calendar.runsOn('WD', gtfsDay('20260908'))).toBe(true);
    expect(calendar.runsOn('WD', gtfsDay('20260907'))).toBe(false);
    expect(calendar.runsOn('HOL', gtfsDay('20260907'))).toBe(true);
    expect(calendar.runsOn('WD', gtfsDay('20260912'))).toBe(false);
    expect(calendar.runsOn('WD', gtfsDay('20261001'))).toBe(false);
    expect(calendar.span()).toEqual({ first: gtfsDay('20260901'), last: gtfsDay('20260930') });
  });

  it('names the file and service of a malformed date', () => {
    const calendar = new ServiceCalendar();
    expect(() => calendar.addCalendar(weekly('WD', '1111100', '2026-09-01', '20260930'), FILE)).toThrow(
      /service_id WD: start_date and end_date must be YYYYMMDD/,
    );
    expect(() => calendar.addException({ service_id: 'X', date: 'soon', exception_type: '1' }, FILE)).toThrow(
      expect.objectContaining({ name: 'RegionPackError', path: FILE }),
    );
  });
});

describe('chooseServiceWeek', () => {
  it('takes the first full week with the median trip count, leaving out a holiday week and an overlap week', () => {
    const calendar = new ServiceCalendar();
    calendar.addCalendar(weekly('WD', '1111100', '20260907', '20261004'), FILE); // four weeks, Monday 7 Sep to Sunday 4 Oct
    calendar.addCalendar(weekly('WE', '0000011', '20260907', '20261004'), FILE);
    calendar.addException({ service_id: 'WD', date: '20260907', exception_type: '2' }, FILE); // Labor Day
    calendar.addException({ service_id: 'WE', date: '20260907', exception_type: '1' }, FILE);
    calendar.addCalendar(weekly('NEW', '1111100', '20260928', '20261004'), FILE); // a new timetable overlapping the last week
    const trips = new Map([
      ['WD', 100],
      ['WE', 40],
      ['NEW', 100],
    ]);
    const week = chooseServiceWeek(calendar, trips, null);
    expect(week).not.toBeNull();
    expect(isoDay(week?.first ?? 0)).toBe('2026-09-14');
    expect(isoDay(week?.last ?? 0)).toBe('2026-09-20');
    expect(week).toMatchObject({ trips: 580, weeksConsidered: 4 });
    expect(Object.fromEntries(week?.perWeek ?? [])).toEqual({ WD: 5, WE: 2 });
  });

  it('keeps to the validity feed_info declares, and scales a validity shorter than a week to seven days', () => {
    const calendar = new ServiceCalendar();
    calendar.addCalendar(weekly('D', '1111111', '20260101', '20261231'), FILE);
    const declared = { first: gtfsDay('20260310'), last: gtfsDay('20260312') };
    const week = chooseServiceWeek(calendar, new Map([['D', 10]]), declared);
    expect(week).toMatchObject({ first: declared.first, last: declared.last, weeksConsidered: 0, trips: 70 });
    expect(week?.perWeek.get('D')).toBe(7);
    const outside = chooseServiceWeek(calendar, new Map([['D', 10]]), { first: gtfsDay('20300101'), last: gtfsDay('20300201') });
    expect(isoDay(outside?.first ?? 0)).toBe('2026-01-05');
  });

  it('answers null for an empty calendar', () => {
    expect(chooseServiceWeek(new ServiceCalendar(), new Map([['D', 1]]), null)).toBeNull();
  });
});
