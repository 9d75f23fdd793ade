import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedWebhookResponse } from '../../../common/webhooks';
import { attendees, orders, webhookDeliveries } from '../../db/schema';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';
import type { StripeEvent } from '../../test/stripe-server/state';

// Webhooks of card payments (decision 027): a payment Stripe confirms queues order.completed, a
// refund it settles queues order.refunded (and order.cancelled, then attendee.cancelled for each
// attendee, when it cancels), each with the order or attendee as the API returns it after the change.

let k: StripeKit;
let stripeAccount: string;

beforeAll(async () => {
  k = await createStripeKit({ price: 2000, quantity: 20 });
  stripeAccount = await k.connect();
});
afterAll(async () => {
  await k?.close();
});

const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
  k.kit.as(k.owner.token, { method, url, payload });

it('queues order.completed on payment, then order.refunded, order.cancelled and attendee.cancelled on a refund that cancels', async () => {
  const created = await as('POST', '/api/webhooks', {
    url: 'https://hooks.example.com/tessera',
    event_types: ['order.completed', 'order.refunded', 'order.cancelled', 'attendee.cancelled'],
  });
  expect(created.statusCode, created.body).toBe(201);
  const hook = created.json<CreatedWebhookResponse>();

  const order = await k.orderWithIntent(2, 'card.buyer@example.com');
  await k.stripe.paymentIntents.confirm(
    order.intentId,
    { payment_method: 'pm_card_visa' },
    { stripeAccount },
  );
  for (const event of k.eventsFor(order.intentId)) await k.deliver(event);
  expect(await k.statusOf(order.shortId)).toBe('COMPLETED');
  const [row] = await k.kit.app.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.shortId, order.shortId));
  const url = `/api/events/${k.eventId}/orders/${row?.id}`;

  const refund = await as('POST', `${url}/refund`, { amount: order.total, cancel_order: true });
  expect(refund.statusCode, refund.body).toBe(202);
  await new Promise((resolve) => setTimeout(resolve, 120));
  for (const event of k.stripeServer.events.filter((e) => e.type.startsWith('refund.')))
    await k.deliver(event as StripeEvent);
  expect(await k.statusOf(order.shortId)).toBe('CANCELLED');

  const queued = await k.kit.app.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, hook.id))
    .orderBy(asc(webhookDeliveries.id));
  expect(queued.map((d) => d.type)).toEqual([
    'order.completed',
    'order.refunded',
    'order.cancelled',
    'attendee.cancelled',
    'attendee.cancelled',
  ]);
  const data = queued.map((d) => d.body.data as { status: string; totals: { refunded: number } });
  expect(data[0]).toMatchObject({ status: 'COMPLETED', totals: { refunded: 0 } });
  expect(data[1]).toMatchObject({ status: 'CANCELLED', totals: { refunded: order.total } });
  expect(data[2]).toEqual(data[1]);
  const now = (await as('GET', url)).json();
  expect({ ...data[1], activity: undefined }).toEqual({ ...now, activity: undefined });
  const people = await k.kit.app.db
    .select({ id: attendees.id })
    .from(attendees)
    .where(eq(attendees.orderId, row?.id ?? 0))
    .orderBy(asc(attendees.id));
  expect(queued.slice(3).map((d) => (d.body.data as { id: number }).id)).toEqual(people.map((p) => p.id));
  for (const [i, person] of people.entries()) {
    const attendee = await as('GET', `/api/events/${k.eventId}/attendees/${person.id}`);
    expect(queued[i + 3]?.body.data).toEqual(attendee.json());
    expect(attendee.json()).toMatchObject({ status: 'CANCELLED', order_status: 'CANCELLED' });
  }
});
