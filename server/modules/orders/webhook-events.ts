import type { WebhookEventType } from '../../../common/webhooks';
import type { Transaction } from '../../db/client';
import { accountReader } from '../../http/auth-context';
import { enqueueWebhookEvent } from '../webhooks/service';
import { getAdminOrder } from './admin-view';

/**
 * Queues the webhook deliveries of an order's change in the caller's transaction (decision 027),
 * the order as the admin order detail route returns it, read inside that transaction.
 */
export async function queueOrderWebhooks(
  tx: Transaction,
  order: { id: number; accountId: number; eventId: number },
  ...types: WebhookEventType[]
): Promise<void> {
  for (const type of types) {
    await enqueueWebhookEvent(tx, {
      accountId: order.accountId,
      eventId: order.eventId,
      type,
      data: () =>
        getAdminOrder({
          db: tx,
          auth: accountReader(order.accountId),
          eventId: order.eventId,
          orderId: order.id,
        }),
    });
  }
}
