import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

// `order.created` is an order its buyer placed (awaiting payment or completed, with the buyer),
// not a checkout that merely started: that is `checkout.started` (decision 036).

let t: TestApp;
let owner: Owner;
let receiver: WebhookReceiver;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });

/** The bodies the receiver got since the last call, in the order they were sent. */
async function delivered(): Promise<{ type: string; data: Record<string, unknown> }[]> {
  await runAllDueJobs(t.app);
  const bodies = receiver.received.map((r) => JSON.parse(r.body));
  receiver.received.length = 0;
  return bodies;
}

async function listenTo(eventId: number) {
  const res = await call('POST', '/api/webhooks', {
    url: receiver.url,
    event_types: ['checkout.started', 'order.created', 'order.completed'],
    event_id: eventId,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const orderIdOf = async (shortId: string) => {
  const [row] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.shortId, shortId));
  return row?.id;
};

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

it('sends checkout.started for a reservation, and order.created only once the buyer places it', async () => {
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    settings: { offline_payments_enabled: true },
    tickets: [{ title: 'Seat', type: 'PAID', price: 2500 }],
  });
  const ticketId = tickets[0]?.id ?? 0;
  await listenTo(event.id);

  const reserved = await makeOrder(t.app, {
    eventId: event.id,
    lines: [{ ticket_id: ticketId, quantity: 1 }],
    until: 'reserved',
  });
  const started = await delivered();
  expect(started.map((b) => b.type)).toEqual(['checkout.started']);
  expect(started[0]?.data).toMatchObject({ status: 'RESERVED', email: null });

  // Abandoned: nothing reaches the CRM as an order.
  const abandoned = await t.app.inject({
    method: 'POST',
    url: `/api/public/events/${event.id}/orders/${reserved.short_id}/abandon`,
  });
  expect(abandoned.statusCode, abandoned.body).toBe(200);
  expect(await delivered()).toEqual([]);

  // Placed, to be paid offline: order.created, with the buyer.
  const placed = await makeOrder(t.app, {
    eventId: event.id,
    lines: [{ ticket_id: ticketId, quantity: 1 }],
    until: 'offline',
    buyer: 'Ana',
    email: 'ana@example.com',
  });
  const id = await orderIdOf(placed.short_id);
  const sent = await delivered();
  expect(sent.map((b) => b.type)).toEqual(['checkout.started', 'order.created']);
  expect(sent[1]?.data).toMatchObject({
    id,
    status: 'AWAITING_PAYMENT',
    first_name: 'Ana',
    email: 'ana@example.com',
  });

  // Paid later: completed, and not created a second time.
  const paid = await call('POST', `/api/events/${event.id}/orders/${id}/mark-paid`, {});
  expect(paid.statusCode, paid.body).toBe(200);
  const completed = await delivered();
  expect(completed.map((b) => b.type)).toEqual(['order.completed']);
  expect(completed[0]?.data).toMatchObject({ id, status: 'COMPLETED', email: 'ana@example.com' });
});

it('sends order.created then order.completed for an order completed at once', async () => {
  const { event, tickets } = await makeLiveEvent(t.app, owner);
  await listenTo(event.id);
  const placed = await makeOrder(t.app, {
    eventId: event.id,
    lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 2 }],
    email: 'free@example.com',
  });
  const sent = await delivered();
  expect(sent.map((b) => b.type)).toEqual(['checkout.started', 'order.created', 'order.completed']);
  const id = await orderIdOf(placed.short_id);
  for (const body of sent.slice(1)) expect(body.data).toMatchObject({ id, email: 'free@example.com' });
});
