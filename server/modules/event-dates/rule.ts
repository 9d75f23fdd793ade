import * as rrule from 'rrule';
import { type EventDateRule, MAX_EVENT_DATES } from '../../../common/event-dates';
import { zoneOffset } from '../../../common/ics-timezone';

// The package is CommonJS to Node (its ESM build is for bundlers): its names sit on `default`.
const { RRule } = ((rrule as { default?: typeof rrule }).default ?? rrule) as typeof rrule;

const WEEKDAYS = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
} as const;

const FREQUENCIES = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY } as const;

/** A wall-clock time (as UTC milliseconds of the same fields) in `zone` → the instant. */
export function wallToInstant(wall: number, zone: string): Date {
  // The offset at a first guess, then at the result: they differ only next to a change of offset.
  const guess = wall - zoneOffset(zone, new Date(wall)) * 60_000;
  return new Date(wall - zoneOffset(zone, new Date(guess)) * 60_000);
}

const wallOf = (day: string, time: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return Date.UTC(year, month - 1, date, hour, minute);
};

const DAY_MS = 86_400_000;

/**
 * The dates a rule makes (RFC 5545 recurrence, by the `rrule` package), in the event's time
 * zone: the rule runs on wall-clock times (as if the zone were UTC), so 19:00 stays 19:00 on
 * each side of a daylight-saving change, and each wall time then becomes its instant in the
 * zone. The days to skip are left out. At most `MAX_EVENT_DATES + 1` are made: one more tells
 * the caller the rule makes too many.
 */
export function expandRule(rule: EventDateRule, zone: string): { startsAt: Date; endsAt: Date | null }[] {
  const first = wallOf(rule.from, rule.start_time);
  const recurrence = new RRule({
    freq: FREQUENCIES[rule.frequency],
    interval: rule.interval,
    byweekday: rule.weekdays.length > 0 ? rule.weekdays.map((day) => WEEKDAYS[day]) : null,
    dtstart: new Date(first),
    until: new Date(wallOf(rule.until, '23:59')),
  });
  const skipped = new Set(rule.skip);
  // The end on the same day, or the next when it is not after the start (a night's event).
  const length = rule.end_time
    ? (wallOf(rule.from, rule.end_time) - first + DAY_MS) % DAY_MS || DAY_MS
    : null;
  return recurrence
    .all((_, index) => index <= MAX_EVENT_DATES + skipped.size)
    .filter((wall) => !skipped.has(wall.toISOString().slice(0, 10)))
    .slice(0, MAX_EVENT_DATES + 1)
    .map((wall) => ({
      startsAt: wallToInstant(wall.getTime(), zone),
      endsAt: length === null ? null : wallToInstant(wall.getTime() + length, zone),
    }));
}
