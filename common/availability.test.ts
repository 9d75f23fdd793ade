import { describe, expect, it } from 'vitest';
import { available, leftOf } from './availability';

const unlimited = { quantity: null, sold: 0, reserved: 0 };

describe('availability', () => {
  it('is unlimited when nothing limits the ticket', () => {
    expect(available({ ticket: unlimited })).toBeNull();
    expect(
      available({ ticket: unlimited, capacities: [{ capacity: null, used: 5, active: true }] }),
    ).toBeNull();
  });

  it('counts sold and reserved seats as taken, and never goes below zero', () => {
    expect(leftOf({ quantity: 10, sold: 6, reserved: 3 })).toBe(1);
    expect(leftOf({ quantity: 10, sold: 6, reserved: 4 })).toBe(0);
    expect(leftOf({ quantity: 5, sold: 6, reserved: 0 })).toBe(0);
  });

  it('takes the least of the ticket, its tier and its active capacity assignments', () => {
    const ticket = { quantity: 100, sold: 10, reserved: 0 };
    expect(available({ ticket, tier: { quantity: 20, sold: 5, reserved: 5 } })).toBe(10);
    expect(
      available({
        ticket,
        capacities: [
          { capacity: 50, used: 45, active: true },
          { capacity: 200, used: 0, active: true },
        ],
      }),
    ).toBe(5);
  });

  it('ignores inactive assignments, and overlapping ones cap each other', () => {
    const ticket = { quantity: null, sold: 0, reserved: 0 };
    expect(available({ ticket, capacities: [{ capacity: 10, used: 10, active: false }] })).toBeNull();
    // A ticket in two rooms' worth of assignments: the fuller one decides.
    const hall = { capacity: 300, used: 280, active: true };
    const balcony = { capacity: 40, used: 38, active: true };
    expect(available({ ticket, capacities: [hall, balcony] })).toBe(2);
    expect(available({ ticket, capacities: [hall] })).toBe(20);
  });
});
