import { OPEN_ORDER_STATUSES as OPEN, type OrderStatus } from '../../../common/order-statuses';
import type { PublicOrderResponse } from '../../../common/orders';

/** The four pages of checkout, as in `/checkout/{eventId}/{shortId}/{stage}` (decision 008). */
export const STAGES = ['details', 'payment', 'summary', 'payment_return'] as const;
export type Stage = (typeof STAGES)[number];

/** Why checkout cannot go on with an order, each with a screen of its own. */
export type OrderProblem = 'not_found' | 'expired' | 'cancelled' | 'already_processed';

export type StageDecision =
  | { kind: 'show' }
  | { kind: 'go'; stage: Stage }
  | { kind: 'problem'; problem: OrderProblem };

type OrderState = Pick<PublicOrderResponse, 'status' | 'email' | 'totals'> & {
  /** Milliseconds left on the reservation (server clock); null when it has no end. */
  remaining: number | null;
};

/**
 * Where the buyer belongs for the order's state: an open reservation fills in details, then
 * pays; once checked out the summary is the place; an ended reservation gets its screen.
 */
export function decideStage(stage: Stage, order: OrderState): StageDecision {
  const { status } = order;
  if (status === 'EXPIRED') return { kind: 'problem', problem: 'expired' };
  if (status === 'ABANDONED' || status === 'CANCELLED') return { kind: 'problem', problem: 'cancelled' };
  if (OPEN.includes(status)) {
    if (order.remaining !== null && order.remaining <= 0) return { kind: 'problem', problem: 'expired' };
    if (stage === 'summary') return { kind: 'go', stage: 'details' };
    if (stage === 'payment' && (!order.email || order.totals.total === 0))
      return { kind: 'go', stage: 'details' };
    // The return page is where a failed card payment is noticed; it sends the buyer back itself.
    return { kind: 'show' };
  }
  // Checked out: awaiting payment, processing, completed or anything after.
  if (stage === 'payment_return' && status === 'PROCESSING') return { kind: 'show' };
  return stage === 'summary' ? { kind: 'show' } : { kind: 'go', stage: 'summary' };
}

/** What the return page does with the order it polled: keep waiting, or where to go. */
export function afterPaymentReturn(
  status: OrderStatus,
  redirectStatus: string | null,
  attempt: number,
): 'wait' | 'summary' | 'failed' {
  if (!OPEN.includes(status) && status !== 'PROCESSING') return 'summary';
  if (status === 'PAYMENT_FAILED' && (redirectStatus === 'failed' || attempt >= 3)) return 'failed';
  // Stripe said it failed, yet the webhook has not marked it yet: a few more looks settle it.
  if (status === 'RESERVED' && redirectStatus === 'failed' && attempt >= 3) return 'failed';
  return 'wait';
}

/** The API's error codes that mean the order cannot be worked on any more. */
export function problemOfError(code: string | undefined, status: number | undefined): OrderProblem | null {
  if (code === 'ORDER_NOT_FOUND' || (status === 404 && code === 'NOT_FOUND')) return 'not_found';
  if (code === 'ORDER_EXPIRED' || status === 410) return 'expired';
  if (code === 'ORDER_ALREADY_PROCESSED') return 'already_processed';
  return null;
}
