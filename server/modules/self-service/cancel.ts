import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { ErrorCode } from '../../../common/errors';
import type { SelfCancelReason, SelfCancelResponse } from '../../../common/self-service';
import { selfCancelQuote } from '../../../common/self-service-rules';
import type { Database, Transaction } from '../../db/client';
import { orderActivities } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { recordActivity } from '../orders/activity';
import { cancelLockedOrder } from '../orders/admin-actions';
import { askStripeForRefund, writeCardRefund } from '../payments/refunds';
import type { BuyerOrderRef } from './edit';
import { orderContext } from './state';

const CANCEL_ERRORS: Record<SelfCancelReason, ErrorCode> = {
  DISABLED: 'SELF_CANCEL_DISABLED',
  FREE_ONLY: 'SELF_CANCEL_FREE_ONLY',
  DEADLINE_PASSED: 'SELF_CANCEL_CLOSED',
  PAID_OFFLINE: 'SELF_CANCEL_PAID_OFFLINE',
  NOT_CANCELLABLE: 'SELF_CANCEL_NOT_CANCELLABLE',
};

/** The buyer's cancel of this order, if they made one: a repeated request answers it again. */
async function earlierCancel(tx: Transaction, orderId: number) {
  const [done] = await tx
    .select({ data: orderActivities.data })
    .from(orderActivities)
    .where(and(eq(orderActivities.orderId, orderId), eq(orderActivities.kind, 'BUYER_CANCELLED')))
    .orderBy(desc(orderActivities.id))
    .limit(1);
  return done?.data as { refund: number; fee: number } | undefined;
}

/**
 * `POST …/orders/{shortId}/cancel`: the buyer cancels their order where the event allows it
 * (decision 057), through the organizer's own paths: a card payment is refunded less the fee and
 * cancelled by the refund (`writeCardRefund`, settled by Stripe's webhook, which voids the
 * tickets, returns the seats to sale and the waiting list, credits the invoice and mails the
 * buyer); anything else is cancelled as the organizer cancels (`cancelLockedOrder`). The order
 * row is locked meanwhile, so a second click or a racing request finds it cancelled (or its
 * refund pending) and answers what the first did: one refund, ever.
 */
export async function cancelMyOrder({
  db,
  stripe,
  ref,
  appUrl,
}: {
  db: Database;
  stripe: Stripe | null;
  ref: BuyerOrderRef;
  appUrl: string;
}): Promise<SelfCancelResponse> {
  const now = ref.now ?? new Date();
  const done = await inTransaction(db, async (tx) => {
    const { order, rules, startsAt } = await orderContext({ tx, eventId: ref.eventId, shortId: ref.shortId });
    const before = await earlierCancel(tx, order.id);
    // A refund that failed leaves the order REFUND_FAILED: the buyer may ask again.
    if (before && (order.status === 'CANCELLED' || order.status === 'REFUND_PENDING'))
      return { status: order.status, ...before, refundId: null };
    const quote = selfCancelQuote(rules, { ...order, startsAt, now });
    if (quote.reason) throw new AppError(CANCEL_ERRORS[quote.reason]);
    await recordActivity(tx, {
      orderId: order.id,
      userId: null,
      kind: 'BUYER_CANCELLED',
      data: { by: 'BUYER', refund: quote.refund, fee: quote.fee },
    });
    if (quote.refund > 0) {
      const refund = await writeCardRefund(tx, {
        order,
        userId: null,
        refund: { amount: quote.refund, notifyBuyer: true, cancelOrder: true },
        now,
      });
      return { status: 'REFUND_PENDING', refund: quote.refund, fee: quote.fee, refundId: refund.id };
    }
    await cancelLockedOrder(tx, { row: order, userId: null, notifyBuyer: true, links: { appUrl } });
    return { status: 'CANCELLED', refund: 0, fee: quote.fee, refundId: null };
  });
  if (done.refundId !== null) await askStripeForRefund({ db, stripe, refundId: done.refundId, appUrl });
  return { status: done.status, refund: done.refund, fee: done.fee };
}
