import { describe, expect, it } from 'vitest';
import { EventDateRule, MAX_EVENT_DATES } from '../../../common/event-dates';
import { expandRule, wallToInstant } from './rule';

const rule = (input: Record<string, unknown>) => EventDateRule.parse(input);
const iso = (dates: { startsAt: Date; endsAt: Date | null }[]) =>
  dates.map((d) => [d.startsAt.toISOString(), d.endsAt?.toISOString() ?? null]);

describe('the dates a rule makes', () => {
  it('keep their local time across a daylight-saving change in Lisbon', () => {
    // Summer time starts on Sunday 30 March 2031: 19:00 is 19:00 UTC before, 18:00 UTC after.
    const dates = expandRule(
      rule({
        frequency: 'WEEKLY',
        weekdays: ['TU', 'TH'],
        from: '2031-03-24',
        until: '2031-04-03',
        start_time: '19:00',
        end_time: '21:00',
      }),
      'Europe/Lisbon',
    );
    expect(iso(dates)).toEqual([
      ['2031-03-25T19:00:00.000Z', '2031-03-25T21:00:00.000Z'],
      ['2031-03-27T19:00:00.000Z', '2031-03-27T21:00:00.000Z'],
      ['2031-04-01T18:00:00.000Z', '2031-04-01T20:00:00.000Z'],
      ['2031-04-03T18:00:00.000Z', '2031-04-03T20:00:00.000Z'],
    ]);
  });

  it('keep their local time across one in New York, a night’s event ending the next day', () => {
    // Daylight time starts on Sunday 9 March 2031: 22:00 is 03:00 UTC before, 02:00 UTC after.
    const dates = expandRule(
      rule({
        frequency: 'DAILY',
        from: '2031-03-07',
        until: '2031-03-10',
        start_time: '22:00',
        end_time: '02:00',
        skip: ['2031-03-08'],
      }),
      'America/New_York',
    );
    expect(iso(dates)).toEqual([
      ['2031-03-08T03:00:00.000Z', '2031-03-08T07:00:00.000Z'],
      // The 8th is skipped; from the 9th, 22:00 is daylight time.
      ['2031-03-10T02:00:00.000Z', '2031-03-10T06:00:00.000Z'],
      ['2031-03-11T02:00:00.000Z', '2031-03-11T06:00:00.000Z'],
    ]);
  });

  it('stop one past the most an event may have, every other week and monthly as asked', () => {
    const daily = expandRule(
      rule({ frequency: 'DAILY', from: '2031-01-01', until: '2035-12-31', start_time: '10:00' }),
      'UTC',
    );
    expect(daily).toHaveLength(MAX_EVENT_DATES + 1);
    expect(daily[0]?.endsAt).toBeNull();
    const fortnightly = expandRule(
      rule({
        frequency: 'WEEKLY',
        interval: 2,
        from: '2031-06-02',
        until: '2031-06-30',
        start_time: '08:30',
      }),
      'Asia/Shanghai',
    );
    expect(fortnightly.map((d) => d.startsAt.toISOString())).toEqual([
      '2031-06-02T00:30:00.000Z',
      '2031-06-16T00:30:00.000Z',
      '2031-06-30T00:30:00.000Z',
    ]);
    const monthly = expandRule(
      rule({ frequency: 'MONTHLY', from: '2031-01-31', until: '2031-05-31', start_time: '20:00' }),
      'UTC',
    );
    // RFC 5545: a month without a 31st has no date.
    expect(monthly.map((d) => d.startsAt.toISOString().slice(0, 10))).toEqual([
      '2031-01-31',
      '2031-03-31',
      '2031-05-31',
    ]);
  });

  it('are refused when the last day comes before the first', () => {
    const parsed = EventDateRule.safeParse({
      frequency: 'DAILY',
      from: '2031-05-02',
      until: '2031-05-01',
      start_time: '10:00',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['until']);
  });

  it('turn a wall-clock time of a zone into its instant', () => {
    expect(wallToInstant(Date.UTC(2031, 6, 1, 19, 0), 'Europe/Lisbon').toISOString()).toBe(
      '2031-07-01T18:00:00.000Z',
    );
    expect(wallToInstant(Date.UTC(2031, 0, 1, 19, 0), 'Asia/Kolkata').toISOString()).toBe(
      '2031-01-01T13:30:00.000Z',
    );
  });
});
