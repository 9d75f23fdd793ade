import { type SQL, sql } from 'drizzle-orm';
import { REPORT_DEFAULT_DAYS } from '../../../common/reports';

/** A report's days, both included, read in one time zone (decision 054). */
export interface ReportRange {
  from: string;
  to: string;
  timeZone: string;
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The asked range, or the last 30 days up to today (or up to `to`) in the time zone. */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined },
  { timeZone, now }: { timeZone: string; now?: Date },
): ReportRange {
  const to =
    query.to ?? (query.from ? shiftDays(query.from, REPORT_DEFAULT_DAYS - 1) : todayIn(timeZone, now));
  const from = query.from ?? shiftDays(to, -(REPORT_DEFAULT_DAYS - 1));
  return { from, to, timeZone };
}

/** The first instant of the range: midnight of `from` in its time zone, as PostgreSQL reads the zone's rules. */
export const rangeStart = (range: ReportRange): SQL =>
  sql`((${range.from}::date)::timestamp at time zone ${range.timeZone})`;

/** The first instant after the range: midnight after `to` in its time zone. */
export const rangeEnd = (range: ReportRange): SQL =>
  sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`;

/** `column` (a timestamp) falls within the range. */
export const within = (column: SQL, range: ReportRange): SQL =>
  sql`${column} >= ${rangeStart(range)} and ${column} < ${rangeEnd(range)}`;

/** Every day of the range, in order. */
export function daysOf(range: ReportRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = shiftDays(day, 1)) days.push(day);
  return days;
}

/** Every month (YYYY-MM) the range touches, in order. */
export function monthsOf(range: ReportRange): string[] {
  const months: string[] = [];
  let [year, month] = range.from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    months.push(text);
    if (text >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}
