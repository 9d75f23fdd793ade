import { isoToZoned } from '../events/datetime';

/**
 * The month grid of the dates' calendar: pure helpers over local days (`YYYY-MM-DD`) of the
 * event's time zone, so a date at 23:30 in Lisbon sits on its Lisbon day wherever the browser is.
 */

/** A month of the calendar: the year and the month, 1 to 12. */
export interface Month {
  year: number;
  month: number;
}

/** One cell of the grid: its local day, and whether it belongs to the month shown. */
export interface GridDay {
  day: string;
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of an instant in `timeZone`, as `YYYY-MM-DD`. */
export const dayOf = (iso: string, timeZone: string): string => isoToZoned(iso, timeZone).slice(0, 10);

/** The month of a local day. */
export function monthOf(day: string): Month {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** The month `offset` months after `month` (before, when negative). */
export function addMonths(month: Month, offset: number): Month {
  const index = month.year * 12 + (month.month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The weeks of a month, Monday first, each of seven days, the neighbours' days filling the edges. */
export function monthGrid({ year, month }: Month): GridDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  // Monday is 0: getUTCDay() counts from Sunday.
  const lead = (first.getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells = Math.ceil((lead + daysInMonth) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < cells; i += 1) {
    const date = new Date(Date.UTC(year, month - 1, 1 - lead + i));
    const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]?.push({ day, inMonth: date.getUTCMonth() === month - 1 });
  }
  return weeks;
}

/** A Monday (1 January 2024): the weekdays' names are read from the week it starts. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/** The seven weekdays' names, Monday first, in `locale` (`short`: "Tue"; `long`: "Tuesday"). */
export function weekdayNames(locale: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(A_MONDAY + i * 86_400_000)));
}

/** "December 2026" in `locale`. */
export function monthTitle({ year, month }: Month, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** "Tuesday, 1 December 2026" in `locale`, for a local day. */
export function dayTitle(day: string, locale: string): string {
  const { year, month } = monthOf(day);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, Number(day.slice(8, 10)))),
  );
}

/** "19:00" or "7:00 PM": the clock time of an instant in `timeZone`. */
export function timeOf(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** The month to open the calendar on: the first date from today on, else the last one, else today's. */
export function firstMonth(days: readonly string[], today: string): Month {
  const ahead = days.find((day) => day >= today);
  return monthOf(ahead ?? days[days.length - 1] ?? today);
}
