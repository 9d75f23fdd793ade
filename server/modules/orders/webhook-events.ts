import type { WebhookEventType } from '../../../common/webhooks';
import type { Transaction } from '../../db/client';
import { accountReader } from '../../http/auth-context';
import { queueAttendeeWebhook } from '../attendee-view/service';
import { enqueueWebhookEvent, listeners } from '../webhooks/service';
import { getAdminOrder } from './admin-view';

type OrderRef = { id: number; accountId: number; eventId: number };

/** The order as the admin order detail route returns it, read inside the change's transaction. */
const adminOrderIn = (tx: Transaction, order: OrderRef) => () =>
  getAdminOrder({ db: tx, auth: accountReader(order.accountId), eventId: order.eventId, orderId: order.id });

/** Queues the webhook deliveries of an order's change in the caller's transaction (decision 027). */
export async function queueOrderWebhooks(
  tx: Transaction,
  order: OrderRef,
  ...types: WebhookEventType[]
): Promise<void> {
  for (const type of types) {
    await enqueueWebhookEvent(tx, {
      accountId: order.accountId,
      eventId: order.eventId,
      type,
      data: adminOrderIn(tx, order),
    });
  }
}

/**
 * `checkout.started` of a new reservation (no buyer yet, and it may be abandoned), to the
 * endpoints its sale catalogue found listening. `order.created` waits for the buyer to place
 * the order (decision 036).
 */
export async function queueCheckoutStarted(
  tx: Transaction,
  order: OrderRef,
  listening: readonly { id: number }[],
): Promise<void> {
  await enqueueWebhookEvent(tx, {
    accountId: order.accountId,
    eventId: order.eventId,
    type: 'checkout.started',
    listeners: listening,
    data: adminOrderIn(tx, order),
  });
}

type AttendeeWebhookType = Extract<WebhookEventType, `attendee.${string}`>;

/**
 * Queues, in the caller's transaction, one attendee webhook per attendee of an order that the
 * order's change changed alike (all created when it completes, all cancelled with it), in the
 * order of their ids. The endpoints listening are looked up once for the order, not once per
 * attendee; nobody listening costs that one query. Call it after the order's own row is
 * written, so each attendee is read as the change left it.
 */
export async function queueOrderAttendeeWebhooks(
  tx: Transaction,
  order: { accountId: number; eventId: number },
  change: { type: AttendeeWebhookType; attendeeIds: readonly number[] },
): Promise<void> {
  if (change.attendeeIds.length === 0) return;
  const { accountId, eventId } = order;
  const listening = await listeners(tx, { accountId, eventId, type: change.type });
  if (listening.length === 0) return;
  const ids = [...change.attendeeIds].sort((a, b) => a - b);
  for (const id of ids)
    await queueAttendeeWebhook(tx, { id, accountId, eventId }, { type: change.type, listeners: listening });
}
