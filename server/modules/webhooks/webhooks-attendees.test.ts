import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CreatedWebhookResponse } from '../../../common/webhooks';
import { attendees, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

// attendee.cancelled when a whole order is cancelled by its organizer (decision 027): one per
// attendee the cancellation voids, after the order's own order.cancelled, each with the
// attendee as the API answers it afterwards. Attendees cancelled one by one before had theirs.
// (A settled refund that cancels is in webhooks-payments.test.ts.)

let t: TestApp;
let owner: Owner;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  owner = await makeAccount(t.app);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  await runAllDueJobs(t.app);
  receiver.received.length = 0;
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });

async function hook(body: object): Promise<CreatedWebhookResponse> {
  const res = await call('POST', '/api/webhooks', { url: receiver.url, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** What the receiver got, parsed, in the order it arrived. */
const bodies = () =>
  receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: { id: number } });

async function orderIds(shortId: string) {
  const rows = await t.app.db
    .select({ orderId: orders.id, attendeeId: attendees.id })
    .from(orders)
    .innerJoin(attendees, eq(attendees.orderId, orders.id))
    .where(eq(orders.shortId, shortId))
    .orderBy(asc(attendees.id));
  return { orderId: rows[0]?.orderId, attendeeIds: rows.map((r) => r.attendeeId) };
}

it('posts attendee.cancelled for each attendee a cancelled order voids, not again for one cancelled before', async () => {
  const { event, tickets } = await makeLiveEvent(t.app, owner, { title: 'Quay Sessions' });
  const ticketId = tickets[0]?.id ?? 0;
  await hook({ event_types: ['order.cancelled', 'attendee.cancelled'], event_id: event.id });
  // Listens to other things, or to another event: nothing of this order reaches it.
  await hook({ event_types: ['attendee.created'], event_id: event.id });
  const { event: elsewhere } = await makeLiveEvent(t.app, owner, { title: 'Elsewhere' });
  await hook({ event_types: ['attendee.cancelled'], event_id: elsewhere.id });

  const placed = await makeOrder(t.app, {
    eventId: event.id,
    lines: [{ ticket_id: ticketId, quantity: 3 }],
    attendees: ['Ana', 'Bea', 'Caio'],
  });
  const { orderId, attendeeIds } = await orderIds(placed.short_id);
  const [first, ...rest] = attendeeIds;
  const attendeeUrl = (id: number | undefined) => `/api/events/${event.id}/attendees/${id}`;
  expect((await call('POST', `${attendeeUrl(first)}/cancel`)).statusCode).toBe(200);
  await runAllDueJobs(t.app);
  receiver.received.length = 0;

  const cancel = await call('POST', `/api/events/${event.id}/orders/${orderId}/cancel`, {
    notify_buyer: false,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await runAllDueJobs(t.app);

  const got = bodies();
  expect(got.map((b) => b.type)).toEqual(['order.cancelled', 'attendee.cancelled', 'attendee.cancelled']);
  expect(got.slice(1).map((b) => b.data.id)).toEqual(rest);
  expect(new Set(got.map((b) => b.id)).size).toBe(3);
  for (const [i, id] of rest.entries()) {
    const now = await call('GET', attendeeUrl(id));
    expect(got[i + 1]?.data).toEqual(now.json());
    expect(got[i + 1]?.data).toMatchObject({ status: 'CANCELLED', order_status: 'CANCELLED' });
  }
});

it('posts attendee.cancelled for the attendees of an order awaiting an offline payment that is cancelled', async () => {
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Pay at the Door',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Bank transfer.' },
    tickets: [{ title: 'Seat', type: 'PAID', price: 1200 }],
  });
  await hook({ event_types: ['attendee.cancelled'], event_id: event.id });
  const placed = await makeOrder(t.app, {
    eventId: event.id,
    lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 2 }],
    until: 'offline',
  });
  expect(placed.status).toBe('AWAITING_PAYMENT');
  const { orderId, attendeeIds } = await orderIds(placed.short_id);

  const cancel = await call('POST', `/api/events/${event.id}/orders/${orderId}/cancel`, {
    notify_buyer: false,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await runAllDueJobs(t.app);

  const got = bodies();
  expect(got.map((b) => [b.type, b.data.id])).toEqual(attendeeIds.map((id) => ['attendee.cancelled', id]));
  expect(got[0]?.data).toMatchObject({ status: 'CANCELLED', order_status: 'CANCELLED' });
});
