import { describe, expect, it } from 'vitest';
import { isoToZoned, zonedToIso } from './datetime';

describe('event dates in the event time zone', () => {
  it('reads the wall-clock time of the event zone, not the browser zone', () => {
    expect(zonedToIso('2026-06-01T19:00', 'America/New_York')).toBe('2026-06-01T23:00:00.000Z');
    expect(zonedToIso('2026-01-15T09:30', 'Europe/Lisbon')).toBe('2026-01-15T09:30:00.000Z');
    expect(zonedToIso('2026-07-15T09:30', 'Asia/Kolkata')).toBe('2026-07-15T04:00:00.000Z');
    expect(zonedToIso('2026-03-29T12:00', 'Europe/Berlin')).toBe('2026-03-29T10:00:00.000Z');
  });

  it('gives back what was typed', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Tokyo']) {
      const iso = zonedToIso('2026-10-04T08:15', zone);
      expect(isoToZoned(iso, zone)).toBe('2026-10-04T08:15');
    }
  });

  it('turns an empty or broken value into null', () => {
    expect(zonedToIso('', 'UTC')).toBeNull();
    expect(zonedToIso('tomorrow', 'UTC')).toBeNull();
    expect(isoToZoned(null, 'UTC')).toBe('');
  });
});
