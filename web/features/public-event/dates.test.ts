import { describe, expect, it } from 'vitest';
import type { PublicDate } from './api';
import { byDay, dayIn, otherDatesOnSale, timeLabel, weeksOf, withDate } from './dates';

const date = (
  id: number,
  startsAt: string,
  availability: PublicDate['availability'] = 'ON_SALE',
): PublicDate => ({
  id,
  starts_at: startsAt,
  ends_at: null,
  label: null,
  status: 'ON_SALE',
  availability,
  seats_left: null,
});

describe('the buyer’s choice of a date', () => {
  it('puts a date on its day in the event’s zone, wherever the buyer is', () => {
    expect(dayIn('2031-03-01T23:30:00Z', 'Europe/Lisbon')).toBe('2031-03-01');
    expect(dayIn('2031-03-01T23:30:00Z', 'Europe/Berlin')).toBe('2031-03-02');
    const days = byDay([date(1, '2031-03-01T10:00:00Z'), date(2, '2031-03-01T18:00:00Z')], 'UTC');
    expect([...days.entries()].map(([day, on]) => [day, on.map((d) => d.id)])).toEqual([
      ['2031-03-01', [1, 2]],
    ]);
  });

  it('lays a month out in weeks from Monday, blanks around it', () => {
    const weeks = weeksOf({ year: 2031, month: 3 });
    // 1 March 2031 is a Saturday.
    expect(weeks[0]).toEqual([null, null, null, null, null, '2031-03-01', '2031-03-02']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('offers the next dates on sale after a sold-out one, else the first ones', () => {
    const dates = [
      date(1, '2031-03-01T18:00:00Z'),
      date(2, '2031-03-08T18:00:00Z', 'SOLD_OUT'),
      date(3, '2031-03-15T18:00:00Z', 'WAITLIST'),
      date(4, '2031-03-22T18:00:00Z'),
    ];
    expect(otherDatesOnSale(dates, dates[1] as PublicDate).map((d) => d.id)).toEqual([4]);
    expect(
      otherDatesOnSale(dates, { ...(dates[3] as PublicDate), availability: 'SOLD_OUT' }).map((d) => d.id),
    ).toEqual([1, 4]);
  });

  it('keeps the address’s other parameters when a date is chosen', () => {
    const next = withDate(new URLSearchParams('promo_code=SPRING&aff=RADIO&date=1'), 9);
    expect(next.toString()).toBe('promo_code=SPRING&aff=RADIO&date=9');
  });

  it('writes a date’s times in the event’s zone, the end only on the same day', () => {
    const evening = { starts_at: '2031-03-01T19:00:00Z', ends_at: '2031-03-01T21:00:00Z' };
    expect(timeLabel(evening, 'Europe/Lisbon', 'en-GB')).toMatch(/^19:00 ?– ?21:00$/);
    expect(timeLabel({ ...evening, ends_at: '2031-03-02T02:00:00Z' }, 'Europe/Lisbon', 'en-GB')).toBe(
      '19:00',
    );
  });
});
