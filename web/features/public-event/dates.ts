import { plainSpaces } from '../../lib/intl-text';
import type { PublicDate } from './api';

/**
 * The buyer's choice of a date (issue 36): pure helpers over local days (`YYYY-MM-DD`) of the
 * event's time zone, so a date at 23:30 in Lisbon sits on its Lisbon day wherever the buyer is,
 * and the server's rendering and the browser's read the same.
 */

/** The address parameter that holds the chosen date's id. */
export const DATE_PARAM = 'date';

/** From this many dates in their first month on, the page shows them on a month calendar rather than in a list. */
export const CALENDAR_FROM = 9;

/** How many other dates on sale a sold-out date offers. */
const OFFERED = 3;

/** A month: the year and the month, 1 to 12. */
export interface Month {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of an instant in `timeZone`, as `YYYY-MM-DD`. */
export function dayIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export const monthOfDay = (day: string): Month => ({
  year: Number(day.slice(0, 4)),
  month: Number(day.slice(5, 7)),
});

export function addMonths(month: Month, offset: number): Month {
  const index = month.year * 12 + (month.month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const sameMonth = (a: Month, b: Month) => a.year === b.year && a.month === b.month;

/** The weeks of a month, Monday first, seven local days each; null fills the edges. */
export function weeksOf({ year, month }: Month): (string | null)[][] {
  const lead = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < Math.ceil((lead + length) / 7) * 7; i += 1) {
    if (i % 7 === 0) weeks.push([]);
    const day = i - lead + 1;
    weeks[weeks.length - 1]?.push(day >= 1 && day <= length ? `${year}-${pad(month)}-${pad(day)}` : null);
  }
  return weeks;
}

/** The dates per local day, in the order given (earliest first). */
export function byDay(dates: readonly PublicDate[], timeZone: string): Map<string, PublicDate[]> {
  const days = new Map<string, PublicDate[]>();
  for (const date of dates) {
    const day = dayIn(date.starts_at, timeZone);
    days.set(day, [...(days.get(day) ?? []), date]);
  }
  return days;
}

/** The next dates on sale after a sold-out one (else the first ones on sale), a few of them. */
export function otherDatesOnSale(dates: readonly PublicDate[], soldOut: PublicDate): PublicDate[] {
  const onSale = dates.filter((d) => d.availability === 'ON_SALE');
  const later = onSale.filter((d) => d.starts_at > soldOut.starts_at);
  return (later.length > 0 ? later : onSale).slice(0, OFFERED);
}

/** The page's address parameters with another date chosen; the others (`promo_code`, `aff`…) stay. */
export function withDate(current: URLSearchParams, dateId: number): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set(DATE_PARAM, String(dateId));
  return next;
}

/** "Tue, 8 Dec" in `locale`, the date's day in the event's zone. */
export function dayLabel(date: Pick<PublicDate, 'starts_at'>, timeZone: string, locale: string): string {
  return plainSpaces(
    new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(
      new Date(date.starts_at),
    ),
  );
}

/** "19:00 – 21:00" (or "7:00 – 9:00 PM") in the event's zone; the start alone without an end. */
export function timeLabel(
  date: Pick<PublicDate, 'starts_at' | 'ends_at'>,
  timeZone: string,
  locale: string,
): string {
  const format = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const start = new Date(date.starts_at);
  const end = date.ends_at ? new Date(date.ends_at) : null;
  const sameDay = end && dayIn(date.ends_at ?? '', timeZone) === dayIn(date.starts_at, timeZone);
  return plainSpaces(sameDay && end ? format.formatRange(start, end) : format.format(start));
}

/** "December 2026" in `locale`. */
export function monthLabel({ year, month }: Month, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** "Tuesday, 8 December 2026" in `locale`, for a local day. */
export function fullDayLabel(day: string, locale: string): string {
  return plainSpaces(
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    ),
  );
}

/** The seven weekdays' short names, Monday first (1 January 2024 was a Monday). */
export function weekdayLabels(locale: string): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => {
    const at = new Date(Date.UTC(2024, 0, 1 + i));
    return { short: short.format(at), long: long.format(at) };
  });
}
