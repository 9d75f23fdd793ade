import { describe, expect, it } from 'vitest';
import type { PublicTicket } from '../../../common/public-tickets';
import { donationProblem, errorsByLine, lineKey, lineMax, step, toOrderRequest } from './selection';

const price = (price_id: number | null, more = {}) => ({
  price_id,
  label: price_id ? `Tier ${price_id}` : null,
  price: 1000,
  discounted_price: 1000,
  fees: 0,
  taxes: 0,
  display_price: 1000,
  original_display_price: 1000,
  sale_state: 'ON_SALE' as const,
  ...more,
});
const ticket = (more: Partial<PublicTicket> = {}): PublicTicket => ({
  id: 1,
  title: 'General',
  description: null,
  type: 'PAID',
  sale_state: 'ON_SALE',
  sale_start_date: null,
  sale_end_date: null,
  min_per_order: 1,
  max_per_order: 5,
  quantity_remaining: null,
  waitlist: false,
  prices: [price(null)],
  ...more,
});

const at = (t: PublicTicket, i: number) => t.prices[i] ?? price(null);

describe('the ticket selection', () => {
  it('steps from none to the minimum per order and back', () => {
    const t = ticket({ min_per_order: 2 });
    const p = at(t, 0);
    expect(step({}, { ticket: t, price: p }, 1)).toBe(2);
    expect(step({ [lineKey(1, null)]: { quantity: 2 } }, { ticket: t, price: p }, 1)).toBe(3);
    expect(step({ [lineKey(1, null)]: { quantity: 2 } }, { ticket: t, price: p }, -1)).toBe(0);
    expect(step({}, { ticket: t, price: p }, -1)).toBe(0);
  });

  it('stops at the max per order across tiers and at what is left', () => {
    const tiered = ticket({ type: 'TIERED', max_per_order: 4, prices: [price(7), price(8)] });
    const picked = { [lineKey(1, 7)]: { quantity: 3 } };
    expect(lineMax(picked, tiered, at(tiered, 1))).toBe(1);
    expect(
      step({ [lineKey(1, 8)]: { quantity: 1 }, ...picked }, { ticket: tiered, price: at(tiered, 1) }, 1),
    ).toBe(1);
    const few = ticket({ quantity_remaining: 2 });
    expect(lineMax({}, few, at(few, 0))).toBe(2);
    const ended = ticket({ sale_state: 'SALE_ENDED' });
    expect(lineMax({}, ended, at(ended, 0))).toBe(0);
    expect(step({}, { ticket: ended, price: at(ended, 0) }, 1)).toBe(0);
  });

  it('builds the order with tiers, donation amounts and the promo code', () => {
    const tiered = ticket({ id: 2, type: 'TIERED', prices: [price(7), price(8)] });
    const gift = ticket({ id: 3, type: 'DONATION', prices: [price(null, { price: 500 })] });
    const selection = {
      [lineKey(2, 8)]: { quantity: 2 },
      [lineKey(3, null)]: { quantity: 1, amount: 1500 },
      [lineKey(1, null)]: { quantity: 0 },
    };
    expect(toOrderRequest(selection, [ticket(), tiered, gift], 'SPRING')).toEqual({
      tickets: [
        { ticket_id: 2, price_id: 8, quantity: 2 },
        { ticket_id: 3, quantity: 1, price: 1500 },
      ],
      promo_code: 'SPRING',
    });
  });

  it('wants a donation of at least the minimum', () => {
    const p = price(null, { price: 500 });
    expect(donationProblem({ quantity: 1, amount: null }, p)).toBe('missing');
    expect(donationProblem({ quantity: 1, amount: 400 }, p)).toBe('too_low');
    expect(donationProblem({ quantity: 1, amount: 500 }, p)).toBeNull();
    expect(donationProblem({ quantity: 0, amount: null }, p)).toBeNull();
  });

  it('puts the server’s per-line reasons back on the lines', () => {
    const request = {
      tickets: [
        { ticket_id: 2, price_id: 8, quantity: 9 },
        { ticket_id: 3, quantity: 1 },
      ],
    };
    expect(
      errorsByLine(request, {
        'tickets.0.quantity': ['At most 5.'],
        'tickets.1.price': ['Too low.'],
        tickets: ['x'],
      }),
    ).toEqual({ [lineKey(2, 8)]: 'At most 5.', [lineKey(3, null)]: 'Too low.' });
  });
});
