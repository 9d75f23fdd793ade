import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  type OrderAction,
  type OrderActionRefusal,
  type OrderFacts,
  orderActionRefusal,
  orderActions,
} from './order-actions';
import { ORDER_STATUSES, type OrderStatus, type PaymentProviderKind } from './orders';

// What an organizer may do to an order, status by status and payment by payment: the answer the
// API gives (its error code) and the buttons the order screen shows come from these rules.

type Answer = OrderActionRefusal | 'ok';
type Provider = PaymentProviderKind | 'none';
const PROVIDERS: readonly Provider[] = ['STRIPE', 'OFFLINE', 'MANUAL', 'none'];

interface Expected {
  MARK_PAID: Answer | Record<Provider, Answer>;
  RESEND_CONFIRMATION: Answer;
  CANCEL: Answer;
  REFUND: Record<Provider, Answer>;
  RECORD_REFUND: Record<Provider, Answer>;
}

const NOT_PAID = {
  STRIPE: 'ORDER_NOT_PAID',
  OFFLINE: 'ORDER_NOT_REFUNDABLE',
  MANUAL: 'ORDER_MANUAL_NOT_REFUNDABLE',
  none: 'ORDER_NOT_REFUNDABLE',
} as const;
const BY_CARD_ONLY = { ...NOT_PAID, STRIPE: 'ok' } as const;
/** Recording a refund given back by hand: nothing was paid (or nothing by hand) to give back. */
const NOTHING_TO_RECORD = {
  STRIPE: 'ORDER_NOT_PAID',
  OFFLINE: 'ORDER_NOT_PAID',
  MANUAL: 'ORDER_MANUAL_NOT_REFUNDABLE',
  none: 'ORDER_NOT_PAID',
} as const;
/** Paid with money left: offline payments are given back by hand and recorded, card ones through Stripe. */
const OFFLINE_ONLY = { ...NOTHING_TO_RECORD, STRIPE: 'ORDER_PAID_BY_CARD', OFFLINE: 'ok' } as const;
const EVERY_WAY = (answer: Answer): Record<Provider, Answer> => ({
  STRIPE: answer,
  OFFLINE: answer,
  MANUAL: answer,
  none: answer,
});
const CHECKOUT_UNFINISHED: Expected = {
  MARK_PAID: 'ORDER_NOT_AWAITING_PAYMENT',
  RESEND_CONFIRMATION: 'ORDER_EMAIL_NOT_SENT',
  CANCEL: 'ORDER_NOT_CANCELLABLE',
  REFUND: NOT_PAID,
  RECORD_REFUND: NOTHING_TO_RECORD,
};

/** For an order with a buyer e-mail and money not yet given back. */
const EXPECTED: Record<OrderStatus, Expected> = {
  RESERVED: CHECKOUT_UNFINISHED,
  AWAITING_PAYMENT: {
    // Orders wait for an offline payment only; another kind never gets here, and is not let through.
    MARK_PAID: {
      OFFLINE: 'ok',
      STRIPE: 'ORDER_NOT_AWAITING_PAYMENT',
      MANUAL: 'ORDER_NOT_AWAITING_PAYMENT',
      none: 'ORDER_NOT_AWAITING_PAYMENT',
    },
    RESEND_CONFIRMATION: 'ok',
    CANCEL: 'ok',
    REFUND: NOT_PAID,
    RECORD_REFUND: NOTHING_TO_RECORD,
  },
  PROCESSING: CHECKOUT_UNFINISHED,
  COMPLETED: {
    MARK_PAID: 'ORDER_NOT_AWAITING_PAYMENT',
    RESEND_CONFIRMATION: 'ok',
    CANCEL: 'ok',
    REFUND: BY_CARD_ONLY,
    RECORD_REFUND: OFFLINE_ONLY,
  },
  CANCELLED: { ...CHECKOUT_UNFINISHED, CANCEL: 'ORDER_ALREADY_CANCELLED' },
  EXPIRED: CHECKOUT_UNFINISHED,
  ABANDONED: CHECKOUT_UNFINISHED,
  PAYMENT_FAILED: CHECKOUT_UNFINISHED,
  REFUND_PENDING: {
    MARK_PAID: 'ORDER_NOT_AWAITING_PAYMENT',
    RESEND_CONFIRMATION: 'ORDER_EMAIL_NOT_SENT',
    CANCEL: 'REFUND_PENDING',
    REFUND: {
      STRIPE: 'REFUND_PENDING',
      OFFLINE: 'REFUND_PENDING',
      MANUAL: 'REFUND_PENDING',
      none: 'REFUND_PENDING',
    },
    RECORD_REFUND: EVERY_WAY('REFUND_PENDING'),
  },
  REFUND_FAILED: {
    MARK_PAID: 'ORDER_NOT_AWAITING_PAYMENT',
    RESEND_CONFIRMATION: 'ORDER_EMAIL_NOT_SENT',
    CANCEL: 'ok',
    REFUND: BY_CARD_ONLY,
    RECORD_REFUND: OFFLINE_ONLY,
  },
  PARTIALLY_REFUNDED: {
    MARK_PAID: 'ORDER_NOT_AWAITING_PAYMENT',
    RESEND_CONFIRMATION: 'ORDER_EMAIL_NOT_SENT',
    CANCEL: 'ok',
    REFUND: BY_CARD_ONLY,
    RECORD_REFUND: OFFLINE_ONLY,
  },
  REFUNDED: {
    MARK_PAID: 'ORDER_NOT_AWAITING_PAYMENT',
    RESEND_CONFIRMATION: 'ORDER_EMAIL_NOT_SENT',
    CANCEL: 'ok',
    REFUND: {
      STRIPE: 'ORDER_ALREADY_REFUNDED',
      OFFLINE: 'ORDER_ALREADY_REFUNDED',
      MANUAL: 'ORDER_ALREADY_REFUNDED',
      none: 'ORDER_ALREADY_REFUNDED',
    },
    RECORD_REFUND: EVERY_WAY('ORDER_ALREADY_REFUNDED'),
  },
};

const order = (status: OrderStatus, provider: Provider, extra: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  paymentProvider: provider === 'none' ? null : provider,
  total: 3000,
  refundedTotal: status === 'PARTIALLY_REFUNDED' ? 1000 : 0,
  email: 'ana@example.com',
  ...extra,
});

const answer = (action: OrderAction, facts: OrderFacts): Answer => orderActionRefusal(action, facts) ?? 'ok';

describe('order actions', () => {
  it('allow or refuse every action in every status, for every way of paying', () => {
    for (const status of ORDER_STATUSES) {
      const expected = EXPECTED[status];
      for (const provider of PROVIDERS) {
        const facts = order(status, provider);
        const where = `${status}, ${provider}`;
        const markPaid =
          typeof expected.MARK_PAID === 'string' ? expected.MARK_PAID : expected.MARK_PAID[provider];
        expect(answer('MARK_PAID', facts), where).toBe(markPaid);
        expect(answer('RESEND_CONFIRMATION', facts), where).toBe(expected.RESEND_CONFIRMATION);
        expect(answer('CANCEL', facts), where).toBe(expected.CANCEL);
        expect(answer('REFUND', facts), where).toBe(expected.REFUND[provider]);
        expect(answer('RECORD_REFUND', facts), where).toBe(expected.RECORD_REFUND[provider]);
      }
    }
  });

  it('list the actions allowed, in one fixed order', () => {
    expect(orderActions(order('AWAITING_PAYMENT', 'OFFLINE'))).toEqual([
      'MARK_PAID',
      'RESEND_CONFIRMATION',
      'CANCEL',
    ]);
    expect(orderActions(order('COMPLETED', 'STRIPE'))).toEqual(['REFUND', 'RESEND_CONFIRMATION', 'CANCEL']);
    expect(orderActions(order('COMPLETED', 'MANUAL'))).toEqual(['RESEND_CONFIRMATION', 'CANCEL']);
    expect(orderActions(order('COMPLETED', 'OFFLINE'))).toEqual([
      'RECORD_REFUND',
      'RESEND_CONFIRMATION',
      'CANCEL',
    ]);
    expect(orderActions(order('REFUND_PENDING', 'STRIPE'))).toEqual([]);
    for (const status of ORDER_STATUSES) {
      for (const provider of PROVIDERS) {
        const facts = order(status, provider);
        expect(orderActions(facts)).toEqual(ORDER_ACTIONS.filter((a) => answer(a, facts) === 'ok'));
      }
    }
  });

  it('resend a confirmation only to a buyer with an e-mail', () => {
    for (const status of ORDER_STATUSES) {
      expect(answer('RESEND_CONFIRMATION', order(status, 'OFFLINE', { email: null }))).toBe(
        'ORDER_EMAIL_NOT_SENT',
      );
      expect(answer('RESEND_CONFIRMATION', order(status, 'OFFLINE', { email: '' }))).toBe(
        'ORDER_EMAIL_NOT_SENT',
      );
    }
  });

  it('refund only while money is left to give back', () => {
    expect(answer('REFUND', order('PARTIALLY_REFUNDED', 'STRIPE', { refundedTotal: 2999 }))).toBe('ok');
    expect(answer('REFUND', order('PARTIALLY_REFUNDED', 'STRIPE', { refundedTotal: 3000 }))).toBe(
      'ORDER_ALREADY_REFUNDED',
    );
    expect(answer('REFUND', order('COMPLETED', 'STRIPE', { total: 0 }))).toBe('ORDER_ALREADY_REFUNDED');
    expect(answer('RECORD_REFUND', order('PARTIALLY_REFUNDED', 'OFFLINE', { refundedTotal: 2999 }))).toBe(
      'ok',
    );
    expect(answer('RECORD_REFUND', order('PARTIALLY_REFUNDED', 'OFFLINE', { refundedTotal: 3000 }))).toBe(
      'ORDER_ALREADY_REFUNDED',
    );
    // Cancelling does not depend on the money: a fully refunded order can still be cancelled.
    expect(answer('CANCEL', order('REFUNDED', 'STRIPE', { refundedTotal: 3000 }))).toBe('ok');
  });
});
