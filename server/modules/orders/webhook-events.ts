import type { WebhookEventType } from '../../../common/webhooks';
import type { Transaction } from '../../db/client';
import type { AuthContext } from '../../http/auth';
import { enqueueWebhookEvent } from '../webhooks/service';
import { getAdminOrder } from './admin-view';

/** The order's account, read as an ADMIN would: the order as `GET …/orders/{orderId}` answers it. */
const accountReader = (accountId: number): AuthContext => ({
  userId: 0,
  accountId,
  role: 'ADMIN',
  isOwner: false,
  sessionId: null,
  apiKeyId: null,
  emailConfirmed: true,
});

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
