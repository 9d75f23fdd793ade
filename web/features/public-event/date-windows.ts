import type { DatesWindow, PublicDate, PublicDates } from './api';
import { CALENDAR_FROM } from './dates';

/**
 * The buyer's dates come a window at a time (`GET …/dates?from=&date_id=&limit=`): the first one
 * with the page, later ones on demand, and the one starting at a linked date (`?date=`) that is
 * further on. Pure helpers over the windows loaded, so the list, the calendar and their tests
 * read the same: which dates are known, and where the first instant no window covers is.
 */

/** A window asked for, and its answer once loaded. */
export interface LoadedWindow {
  window: DatesWindow;
  answer: PublicDates | undefined;
}

/** The stretch of time a loaded window tells all about, in milliseconds; end Infinity: to the last date. */
interface Span {
  start: number;
  end: number;
}

function spanOf({ window, answer }: LoadedWindow): Span | null {
  if (!answer) return null;
  const end = answer.next_from === null ? Number.POSITIVE_INFINITY : Date.parse(answer.next_from);
  if (window.from !== undefined) return { start: Date.parse(window.from), end };
  if (window.dateId === undefined) return { start: Number.NEGATIVE_INFINITY, end };
  // From a date: from its start on, known once answered (none: the date is not listed).
  const first = answer.data[0];
  return first ? { start: Date.parse(first.starts_at), end } : null;
}

/** Every date the loaded windows hold, each once, earliest first (as the API orders them). */
export function knownDates(windows: readonly LoadedWindow[]): PublicDate[] {
  const byId = new Map<number, PublicDate>();
  for (const { answer } of windows) for (const date of answer?.data ?? []) byId.set(date.id, date);
  return [...byId.values()].sort((a, b) =>
    a.starts_at === b.starts_at ? a.id - b.id : a.starts_at < b.starts_at ? -1 : 1,
  );
}

/**
 * The first instant at or after `at` that no loaded window covers, as the ISO `from=` of the
 * window to load there; null when the windows cover everything from `at` on. Such an instant is
 * a window's `next_from` (the first window covers all before its end), so a date starts there.
 */
export function firstGap(windows: readonly LoadedWindow[], at: number): string | null {
  const spans = windows.map(spanOf).filter((s): s is Span => s !== null);
  let point = at;
  let moved = true;
  while (moved && point !== Number.POSITIVE_INFINITY) {
    moved = false;
    for (const span of spans) {
      if (span.start <= point && span.end > point) {
        point = span.end;
        moved = true;
      }
    }
  }
  // Before the first window is read nothing is known, so nothing is asked for yet.
  return Number.isFinite(point) ? new Date(point).toISOString() : null;
}

/** Whether a window is already asked for (the same `from` or date). */
export const sameWindow = (a: DatesWindow, b: DatesWindow) => a.from === b.from && a.dateId === b.dateId;

/** Half a day around a month's UTC bounds covers its local days in every time zone. */
const ZONE_MARGIN = 14 * 3600 * 1000;

/** The instants a month's local days may take in any zone: [start, end) in milliseconds. */
export function monthSpan({ year, month }: { year: number; month: number }): Span {
  return {
    start: Date.UTC(year, month - 1, 1) - ZONE_MARGIN,
    end: Date.UTC(year, month, 1) + ZONE_MARGIN,
  };
}

const MONTH_MS = 31 * 24 * 3600 * 1000;

/**
 * Whether the dates show on a month calendar: when one month holds many of them (the first
 * window's first 31 days), where a calendar is quicker to pick from than a long list. Dates
 * weeks apart read better as a list, which grows with "Show more dates". Read from the first
 * window only, so loading more never switches the view under the buyer.
 */
export function showsCalendar(first: readonly PublicDate[]): boolean {
  const [earliest] = first;
  if (!earliest) return false;
  const until = Date.parse(earliest.starts_at) + MONTH_MS;
  return first.filter((d) => Date.parse(d.starts_at) < until).length >= CALENDAR_FROM;
}
