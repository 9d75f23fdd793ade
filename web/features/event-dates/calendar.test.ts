import { describe, expect, it } from 'vitest';
import { addMonths, dayOf, firstMonth, monthGrid, weekdayNames } from './calendar';

describe('the dates calendar', () => {
  it('lays a month out in weeks from Monday, with the neighbours’ days at its edges', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthGrid({ year: 2026, month: 12 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toEqual({ day: '2026-11-30', inMonth: false });
    expect(weeks[0]?.[1]).toEqual({ day: '2026-12-01', inMonth: true });
    expect(weeks[4]?.[6]).toEqual({ day: '2027-01-03', inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
  });

  it('puts a date on its day in the event’s zone, not the browser’s', () => {
    expect(dayOf('2026-12-01T23:30:00.000Z', 'Europe/Lisbon')).toBe('2026-12-01');
    expect(dayOf('2026-12-01T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-12-02');
    expect(dayOf('2026-12-02T03:00:00.000Z', 'America/New_York')).toBe('2026-12-01');
  });

  it('steps over years and opens on the next date', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(firstMonth(['2026-01-05', '2026-03-01'], '2026-02-01')).toEqual({ year: 2026, month: 3 });
    expect(firstMonth(['2026-01-05'], '2026-02-01')).toEqual({ year: 2026, month: 1 });
    expect(firstMonth([], '2026-02-01')).toEqual({ year: 2026, month: 2 });
  });

  it('names the weekdays from Monday', () => {
    expect(weekdayNames('en-US', 'short')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
});
