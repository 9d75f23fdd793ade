import { describe, expect, it } from 'vitest';
import { cardPayout } from './billing';

describe('what a card order paid out', () => {
  const paid = { total: 5000, card_fees: { platform_fee: 125, stripe_fee: 100 } };

  it('is the payment less its fees while nothing was refunded', () => {
    expect(cardPayout({ ...paid, refunds: [] })).toEqual({
      platform_fee: 125,
      stripe_fee: 100,
      refunded: 0,
      paid_out: 4775,
    });
  });

  it('nets refunds as billing does: less the refund, plus the platform fee it gave back', () => {
    const refunds = [
      { amount: 1000, fees: { platform_fee: 25, stripe_fee: 0 } },
      // Asked of Stripe, not settled yet: nothing moved.
      { amount: 500, fees: null },
    ];
    expect(cardPayout({ ...paid, refunds })).toEqual({
      platform_fee: 100,
      stripe_fee: 100,
      refunded: 1000,
      paid_out: 3800,
    });
    const all = [
      { amount: 1000, fees: { platform_fee: 25, stripe_fee: 0 } },
      { amount: 4000, fees: { platform_fee: 100, stripe_fee: 0 } },
    ];
    // Wholly refunded: the organizer is out of pocket by Stripe's fee.
    expect(cardPayout({ ...paid, refunds: all })?.paid_out).toBe(-100);
  });

  it('is nothing for an order not paid by card', () => {
    expect(cardPayout({ total: 5000, card_fees: null, refunds: [] })).toBeNull();
  });
});
