import type { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import { orderActionRefusal } from '../../../common/order-actions';
import type { RecordRefundRequest } from '../../../common/payments';
import type { Database } from '../../db/client';
import { refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import { recordActivity } from './activity';
import { lockAdminOrderRow, type OrderRef } from './admin-view';
import { applyRefund } from './refunded';

/**
 * `POST …/orders/{orderId}/offline-refunds`: the organizer gave (part of) an offline payment back
 * themselves (cash, a bank transfer) and records it, with why. The rules of a card refund apply
 * (`RECORD_REFUND` in `common/order-actions.ts`: paid, money left, never more than what is left,
 * one at a time as the order is locked), and so does what follows it (`applyRefund`): the
 * order's status, cancelling if asked, the `order.refunded` webhook, the buyer's mail. Nothing
 * waits for a payment provider, so the refund is SUCCEEDED at once.
 */
export async function recordOfflineRefund({
  db,
  input,
  appUrl,
  now = new Date(),
  ...ref
}: OrderRef & {
  db: Database;
  input: z.output<typeof RecordRefundRequest>;
  appUrl: string;
  now?: Date;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const order = await lockAdminOrderRow({ tx, ...ref });
    const refused = orderActionRefusal('RECORD_REFUND', order);
    if (refused) throw new AppError(refused);
    if (input.amount > order.total - order.refundedTotal)
      throw fieldError('amount', VALIDATION.refundTooLarge);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amount: input.amount,
        status: 'SUCCEEDED',
        method: 'OFFLINE',
        note: input.note,
        notifyBuyer: input.notify_buyer,
        cancelOrder: input.cancel_order,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!refund) throw new Error('refund insert returned nothing');
    await recordActivity(tx, {
      orderId: order.id,
      userId: ref.auth.userId,
      kind: 'REFUND_RECORDED',
      note: input.note,
      data: { amount: input.amount, cancel_order: input.cancel_order },
    });
    await applyRefund({ tx, order, refund, appUrl, now });
  });
}
