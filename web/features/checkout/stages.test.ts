import { describe, expect, it } from 'vitest';
import { afterPaymentReturn, decideStage, problemOfError } from './stages';

const order = (status: Parameters<typeof decideStage>[1]['status'], more = {}) => ({
  status,
  email: 'ana@example.com',
  totals: { gross: 1000, discount: 0, subtotal: 1000, fees: 0, taxes: 0, total: 1000 },
  remaining: 60_000,
  ...more,
});

describe('checkout stages', () => {
  it('keeps an open reservation on details and payment, never the summary', () => {
    expect(decideStage('details', order('RESERVED'))).toEqual({ kind: 'show' });
    expect(decideStage('payment', order('PAYMENT_FAILED'))).toEqual({ kind: 'show' });
    expect(decideStage('summary', order('RESERVED'))).toEqual({ kind: 'go', stage: 'details' });
  });

  it('asks for details before payment, and never shows payment for a free order', () => {
    expect(decideStage('payment', order('RESERVED', { email: null }))).toEqual({
      kind: 'go',
      stage: 'details',
    });
    const free = order('RESERVED', { totals: { ...order('RESERVED').totals, total: 0 } });
    expect(decideStage('payment', free)).toEqual({ kind: 'go', stage: 'details' });
  });

  it('sends a checked-out order to its summary', () => {
    expect(decideStage('details', order('COMPLETED'))).toEqual({ kind: 'go', stage: 'summary' });
    expect(decideStage('payment', order('AWAITING_PAYMENT'))).toEqual({ kind: 'go', stage: 'summary' });
    expect(decideStage('summary', order('REFUNDED'))).toEqual({ kind: 'show' });
    expect(decideStage('payment_return', order('PROCESSING'))).toEqual({ kind: 'show' });
  });

  it('shows the expired and cancelled screens, also when the clock ran out first', () => {
    expect(decideStage('details', order('EXPIRED'))).toEqual({ kind: 'problem', problem: 'expired' });
    expect(decideStage('payment', order('RESERVED', { remaining: 0 }))).toEqual({
      kind: 'problem',
      problem: 'expired',
    });
    expect(decideStage('summary', order('ABANDONED'))).toEqual({ kind: 'problem', problem: 'cancelled' });
    expect(decideStage('details', order('CANCELLED'))).toEqual({ kind: 'problem', problem: 'cancelled' });
  });

  it('waits on the return page until the payment settles', () => {
    expect(afterPaymentReturn('PROCESSING', 'succeeded', 1)).toBe('wait');
    expect(afterPaymentReturn('RESERVED', 'succeeded', 5)).toBe('wait');
    expect(afterPaymentReturn('COMPLETED', 'succeeded', 1)).toBe('summary');
    expect(afterPaymentReturn('PAYMENT_FAILED', 'failed', 1)).toBe('failed');
    // An earlier failure, while Stripe says this attempt went through: look again first.
    expect(afterPaymentReturn('PAYMENT_FAILED', 'succeeded', 1)).toBe('wait');
    expect(afterPaymentReturn('PAYMENT_FAILED', 'succeeded', 3)).toBe('failed');
  });

  it('maps order errors to their screens', () => {
    expect(problemOfError('ORDER_NOT_FOUND', 404)).toBe('not_found');
    expect(problemOfError('ORDER_EXPIRED', 410)).toBe('expired');
    expect(problemOfError('ORDER_ALREADY_PROCESSED', 409)).toBe('already_processed');
    expect(problemOfError('VALIDATION_FAILED', 422)).toBeNull();
  });
});
