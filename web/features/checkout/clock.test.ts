import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs } from './clock';

describe('the checkout clock', () => {
  it('counts down to the reservation’s end on the server’s clock', () => {
    const local = Date.parse('2030-01-01T12:00:00Z');
    expect(remainingMs('2030-01-01T12:10:00Z', 0, local)).toBe(600_000);
    // A local clock two minutes slow: the server says only 8 minutes are left.
    expect(remainingMs('2030-01-01T12:10:00Z', 120_000, local)).toBe(480_000);
    expect(remainingMs('2030-01-01T11:59:00Z', 0, local)).toBe(0);
  });

  it('shows minutes and seconds, with hours only when needed', () => {
    expect(formatCountdown(245_000)).toBe('4:05');
    expect(formatCountdown(119_001)).toBe('2:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });
});
