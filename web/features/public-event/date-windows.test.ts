import { describe, expect, it } from 'vitest';
import type { PublicDate } from './api';
import { firstGap, knownDates, type LoadedWindow, monthSpan, showsCalendar } from './date-windows';

const date = (id: number, startsAt: string): PublicDate => ({
  id,
  starts_at: startsAt,
  ends_at: null,
  label: null,
  status: 'ON_SALE',
  availability: 'ON_SALE',
  seats_left: null,
});

const jan = (day: number) => `2031-01-${String(day).padStart(2, '0')}T18:00:00.000Z`;

describe('the buyer’s dates, a window at a time', () => {
  const first: LoadedWindow = {
    window: {},
    answer: { data: [date(1, jan(1)), date(2, jan(2))], next_from: jan(3) },
  };
  const linked: LoadedWindow = {
    window: { dateId: 9 },
    answer: { data: [date(9, jan(9)), date(10, jan(10))], next_from: jan(11) },
  };

  it('knows every date loaded once, earliest first, and where the first gap is', () => {
    const middle: LoadedWindow = { window: { from: jan(3) }, answer: undefined };
    expect(knownDates([linked, first, middle]).map((d) => d.id)).toEqual([1, 2, 9, 10]);
    // Before the middle window is read, the gap is where the first window ends.
    expect(firstGap([first, linked, middle], Number.NEGATIVE_INFINITY)).toBe(jan(3));
    // Within the linked window, the gap is after it.
    expect(firstGap([first, linked], Date.parse(jan(9)))).toBe(jan(11));
    const read: LoadedWindow = { ...middle, answer: { data: [date(3, jan(3))], next_from: jan(9) } };
    expect(firstGap([first, linked, read], Number.NEGATIVE_INFINITY)).toBe(jan(11));
    const last: LoadedWindow = {
      window: { from: jan(11) },
      answer: { data: [date(11, jan(11))], next_from: null },
    };
    expect(firstGap([first, linked, read, last], Number.NEGATIVE_INFINITY)).toBeNull();
  });

  it('covers a month’s local days in every zone', () => {
    const { start, end } = monthSpan({ year: 2031, month: 2 });
    expect(start).toBeLessThanOrEqual(Date.parse('2031-02-01T00:00:00+14:00'));
    expect(end).toBeGreaterThan(Date.parse('2031-02-28T23:59:00-12:00'));
  });

  it('shows a calendar when a month holds many dates, a list when they are weeks apart', () => {
    const daily = Array.from({ length: 12 }, (_, i) => date(i, jan(i + 1)));
    const weekly = Array.from({ length: 40 }, (_, i) =>
      date(i, new Date(Date.parse(jan(1)) + i * 7 * 24 * 3600 * 1000).toISOString()),
    );
    expect(showsCalendar(daily)).toBe(true);
    expect(showsCalendar(weekly)).toBe(false);
    expect(showsCalendar([])).toBe(false);
  });
});
