import { describe, expect, it } from 'vitest';
import { minutesLeft } from './time-left';

describe('the time a reservation has left', () => {
  const until = '2030-05-01T12:15:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole minutes, rounded up, and nothing once it has passed', () => {
    expect(minutesLeft(until, at('2030-05-01T12:00:00.000Z'))).toBe(15);
    expect(minutesLeft(until, at('2030-05-01T12:00:01.000Z'))).toBe(15);
    expect(minutesLeft(until, at('2030-05-01T12:14:59.000Z'))).toBe(1);
    expect(minutesLeft(until, at('2030-05-01T12:15:00.000Z'))).toBe(0);
    expect(minutesLeft(until, at('2030-05-01T13:00:00.000Z'))).toBe(0);
  });
});
