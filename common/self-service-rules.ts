import type { OrderStatus, PaymentProviderKind } from './orders';
import {
  BASIS_POINTS,
  type SelfCancelReason,
  type SelfEditField,
  type SelfServiceSettings,
} from './self-service';

/** The rules of buyers' own edits and cancellations (decision 057), pure, for server and tests. */

const HOUR = 3_600_000;

/** The last moment a buyer may act: `hours` before their order's date starts. */
export const deadlineOf = (startsAt: Date, hours: number) => new Date(startsAt.getTime() - hours * HOUR);

/** Orders whose buyer may edit: placed (paid or waiting for an offline payment), not cancelled. */
export const EDITABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  'AWAITING_PAYMENT',
  'COMPLETED',
  'PARTIALLY_REFUNDED',
];

export type SelfEditRefusal = 'DISABLED' | 'DEADLINE_PASSED' | 'ORDER_NOT_EDITABLE';

/** Why the buyer may not edit this order now, or null. */
export function selfEditRefusal(
  rules: SelfServiceSettings,
  order: { status: OrderStatus; startsAt: Date; now: Date },
): SelfEditRefusal | null {
  if (!rules.edit_enabled || rules.edit_fields.length === 0) return 'DISABLED';
  if (!EDITABLE_ORDER_STATUSES.includes(order.status)) return 'ORDER_NOT_EDITABLE';
  if (order.now >= deadlineOf(order.startsAt, rules.edit_until_hours)) return 'DEADLINE_PASSED';
  return null;
}

export const allows = (rules: SelfServiceSettings, field: SelfEditField) => rules.edit_fields.includes(field);

/** What cancelling keeps: the fixed part plus the share of the total, never more than is left. */
export function cancelFee(rules: SelfServiceSettings, order: { total: number; left: number }): number {
  const share = order.total * rules.cancel_fee_bps;
  // Whole minor units, rounded down, without a fraction ever being made.
  const percent = (share - (share % BASIS_POINTS)) / BASIS_POINTS;
  return Math.min(order.left, rules.cancel_fee_fixed + percent);
}

export interface CancelFacts {
  status: OrderStatus;
  paymentProvider: PaymentProviderKind | null;
  total: number;
  refundedTotal: number;
  startsAt: Date;
  now: Date;
}

/** Statuses a paid order may be cancelled from (money left or not). */
const PAID: readonly OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'REFUNDED'];

/**
 * Whether the buyer may cancel, and what they get back. Free orders and orders still waiting
 * for an offline payment give nothing back; a card payment gives back what is left less the fee;
 * a paid order paid any other way (offline, by hand) is the organizer's to refund.
 */
export function selfCancelQuote(
  rules: SelfServiceSettings,
  order: CancelFacts,
): { reason: SelfCancelReason | null; refund: number; fee: number } {
  const left = order.total - order.refundedTotal;
  const paid = PAID.includes(order.status) && order.total > 0;
  const fee = paid && order.paymentProvider === 'STRIPE' ? cancelFee(rules, { total: order.total, left }) : 0;
  const quote = { refund: paid && order.paymentProvider === 'STRIPE' ? left - fee : 0, fee };
  const refuse = (reason: SelfCancelReason) => ({ reason, refund: 0, fee: 0 });
  if (rules.cancel_mode === 'NEVER') return refuse('DISABLED');
  if (order.status === 'AWAITING_PAYMENT' || PAID.includes(order.status)) {
    if (order.now >= deadlineOf(order.startsAt, rules.cancel_until_hours)) return refuse('DEADLINE_PASSED');
  } else return refuse('NOT_CANCELLABLE');
  if (order.total === 0) return { reason: null, ...quote };
  if (order.status === 'AWAITING_PAYMENT') {
    return rules.cancel_mode === 'FREE_ONLY' ? refuse('FREE_ONLY') : { reason: null, ...quote };
  }
  if (rules.cancel_mode === 'FREE_ONLY') return refuse('FREE_ONLY');
  if (order.paymentProvider !== 'STRIPE') return refuse('PAID_OFFLINE');
  return { reason: null, ...quote };
}
