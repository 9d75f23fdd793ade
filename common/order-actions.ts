import type { ErrorCode } from './errors';
import type { OrderStatus, PaymentProviderKind } from './orders';

/**
 * What an organizer can do to an order after checkout. Which of them an order allows is decided
 * here, once, for the API (which refuses the others) and for every screen that offers them.
 */
export const ORDER_ACTIONS = [
  'MARK_PAID',
  'REFUND',
  'RECORD_REFUND',
  'RESEND_CONFIRMATION',
  'CANCEL',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What the rules look at. An order row of the database has these fields as they are. */
export interface OrderFacts {
  status: OrderStatus;
  paymentProvider: PaymentProviderKind | null;
  total: number;
  refundedTotal: number;
  email: string | null;
}

/** When a refusal applies: one condition on the order, as data. */
export type OrderCondition =
  | { statusIn: readonly OrderStatus[] }
  | { statusNotIn: readonly OrderStatus[] }
  | { providerIn: readonly (PaymentProviderKind | null)[] }
  | { providerNotIn: readonly (PaymentProviderKind | null)[] }
  | { nothingLeftToRefund: true }
  | { noBuyerEmail: true };

/** The error codes the API answers a refused order action with. */
export type OrderActionRefusal = Extract<
  ErrorCode,
  | 'ORDER_NOT_AWAITING_PAYMENT'
  | 'REFUND_PENDING'
  | 'ORDER_ALREADY_REFUNDED'
  | 'ORDER_MANUAL_NOT_REFUNDABLE'
  | 'ORDER_NOT_REFUNDABLE'
  | 'ORDER_PAID_BY_CARD'
  | 'ORDER_NOT_PAID'
  | 'ORDER_EMAIL_NOT_SENT'
  | 'ORDER_ALREADY_CANCELLED'
  | 'ORDER_NOT_CANCELLABLE'
>;

export interface OrderRefusalRule {
  when: OrderCondition;
  code: OrderActionRefusal;
}

/** Paid and not (wholly) given back: money a refund can return. */
const PAID_WITH_MONEY_LEFT: readonly OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'];

/**
 * The rules, per action: the reasons to refuse it, checked in order; the first that applies is
 * the answer (409 with its code), and an order none applies to allows the action.
 */
export const ORDER_ACTION_RULES: Readonly<Record<OrderAction, readonly OrderRefusalRule[]>> = {
  /** An offline payment has arrived (at the office or at the door): only an order waiting for one. */
  MARK_PAID: [
    { when: { statusNotIn: ['AWAITING_PAYMENT'] }, code: 'ORDER_NOT_AWAITING_PAYMENT' },
    { when: { providerNotIn: ['OFFLINE'] }, code: 'ORDER_NOT_AWAITING_PAYMENT' },
  ],
  /** Card payments only (Stripe gives the money back), one refund at a time, never more than is left. */
  REFUND: [
    { when: { statusIn: ['REFUND_PENDING'] }, code: 'REFUND_PENDING' },
    { when: { statusIn: ['REFUNDED'] }, code: 'ORDER_ALREADY_REFUNDED' },
    { when: { providerIn: ['MANUAL'] }, code: 'ORDER_MANUAL_NOT_REFUNDABLE' },
    { when: { providerNotIn: ['STRIPE'] }, code: 'ORDER_NOT_REFUNDABLE' },
    { when: { statusNotIn: PAID_WITH_MONEY_LEFT }, code: 'ORDER_NOT_PAID' },
    { when: { nothingLeftToRefund: true }, code: 'ORDER_ALREADY_REFUNDED' },
  ],
  /**
   * A refund the organizer gave back themselves (cash, a bank transfer) on an order paid
   * offline, written down: the same limits as a card refund (paid, money left, never more), but
   * a card payment goes back through Stripe (`REFUND`).
   */
  RECORD_REFUND: [
    { when: { statusIn: ['REFUND_PENDING'] }, code: 'REFUND_PENDING' },
    { when: { statusIn: ['REFUNDED'] }, code: 'ORDER_ALREADY_REFUNDED' },
    { when: { providerIn: ['MANUAL'] }, code: 'ORDER_MANUAL_NOT_REFUNDABLE' },
    { when: { statusNotIn: PAID_WITH_MONEY_LEFT }, code: 'ORDER_NOT_PAID' },
    { when: { providerIn: ['STRIPE'] }, code: 'ORDER_PAID_BY_CARD' },
    { when: { providerNotIn: ['OFFLINE'] }, code: 'ORDER_NOT_PAID' },
    { when: { nothingLeftToRefund: true }, code: 'ORDER_ALREADY_REFUNDED' },
  ],
  /** The buyer's confirmation again: only for a placed order with somebody to send it to. */
  RESEND_CONFIRMATION: [
    { when: { statusNotIn: ['COMPLETED', 'AWAITING_PAYMENT'] }, code: 'ORDER_EMAIL_NOT_SENT' },
    { when: { noBuyerEmail: true }, code: 'ORDER_EMAIL_NOT_SENT' },
  ],
  /**
   * Voids the tickets and puts the seats back: an order waiting for its offline payment, or one
   * paid (refunded or not). Not while a refund is pending, nor while a checkout is in progress.
   */
  CANCEL: [
    { when: { statusIn: ['CANCELLED'] }, code: 'ORDER_ALREADY_CANCELLED' },
    { when: { statusIn: ['REFUND_PENDING'] }, code: 'REFUND_PENDING' },
    {
      when: {
        statusNotIn: ['AWAITING_PAYMENT', 'COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'REFUNDED'],
      },
      code: 'ORDER_NOT_CANCELLABLE',
    },
  ],
};

function applies(condition: OrderCondition, order: OrderFacts): boolean {
  if ('statusIn' in condition) return condition.statusIn.includes(order.status);
  if ('statusNotIn' in condition) return !condition.statusNotIn.includes(order.status);
  if ('providerIn' in condition) return condition.providerIn.includes(order.paymentProvider);
  if ('providerNotIn' in condition) return !condition.providerNotIn.includes(order.paymentProvider);
  if ('nothingLeftToRefund' in condition) return order.total - order.refundedTotal <= 0;
  return !order.email;
}

/** Why the order does not allow the action (the API's error code), or null when it does. */
export function orderActionRefusal(action: OrderAction, order: OrderFacts): OrderActionRefusal | null {
  return ORDER_ACTION_RULES[action].find((rule) => applies(rule.when, order))?.code ?? null;
}

/** The actions the order allows, in the order of `ORDER_ACTIONS`. */
export function orderActions(order: OrderFacts): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => orderActionRefusal(action, order) === null);
}
