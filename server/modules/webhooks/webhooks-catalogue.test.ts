import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedWebhookResponse } from '../../../common/webhooks';
import { attendees, orders, webhookDeliveries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeCheckInList,
  makeEvent,
  makeLiveEvent,
  makeOrder,
  type Owner,
} from '../../test/builders';

// Webhooks of the catalogue and of attendees (decision 027): queued with the change, each with the object as the API answers it, only for endpoints that
// listen to that type and event.

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });

async function hook(body: object): Promise<CreatedWebhookResponse> {
  const res = await call('POST', '/api/webhooks', { url: 'https://hooks.example.com/t', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const queued = (endpointId: number) =>
  t.app.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.id));

it('queues ticket.created, ticket.updated and event.updated with the API’s answers', async () => {
  const event = await makeEvent(t.app, owner, { title: 'Dockside' });
  const elsewhere = await makeEvent(t.app, owner, { title: 'Uptown' });
  const all = await hook({ event_types: ['ticket.created', 'ticket.updated', 'event.updated'] });
  const onlyTickets = await hook({ event_types: ['ticket.created'], event_id: event.id });
  const otherEvent = await hook({ event_types: ['ticket.created', 'event.updated'], event_id: elsewhere.id });

  const created = await call('POST', `/api/events/${event.id}/tickets`, { title: 'Deck', type: 'FREE' });
  expect(created.statusCode, created.body).toBe(201);
  const ticketUrl = `/api/events/${event.id}/tickets/${created.json().id}`;
  const updated = await call('PUT', ticketUrl, { title: 'Upper deck', type: 'FREE' });
  expect(updated.statusCode, updated.body).toBe(200);
  const renamed = await call('PUT', `/api/events/${event.id}`, { title: 'Dockside Live' });
  expect(renamed.statusCode, renamed.body).toBe(200);

  const deliveries = await queued(all.id);
  expect(deliveries.map((d) => d.type)).toEqual(['ticket.created', 'ticket.updated', 'event.updated']);
  expect(deliveries.map((d) => d.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
  expect(deliveries[0]?.body.data).toEqual(created.json());
  expect(deliveries[1]?.body.data).toEqual(updated.json());
  expect(deliveries[2]?.body.data).toEqual(renamed.json());
  expect(deliveries[2]?.body).toMatchObject({ type: 'event.updated', id: expect.stringMatching(/^whevt_/) });

  expect((await queued(onlyTickets.id)).map((d) => d.type)).toEqual(['ticket.created']);
  expect(await queued(otherEvent.id)).toEqual([]);
  // One change, one id, whichever endpoint it goes to.
  expect((await queued(onlyTickets.id))[0]?.webhookId).toBe(deliveries[0]?.webhookId);
});

it('queues product.created and product.updated for products, not ticket.*', async () => {
  const event = await makeEvent(t.app, owner, { title: 'Quay Market' });
  const tickets = await hook({ event_types: ['ticket.created', 'ticket.updated'], event_id: event.id });
  const products = await hook({ event_types: ['product.created', 'product.updated'], event_id: event.id });
  const shirt = { kind: 'PRODUCT', title: 'T-shirt', type: 'PAID', price: 2000 };
  const created = await call('POST', `/api/events/${event.id}/tickets`, shirt);
  expect(created.statusCode, created.body).toBe(201);
  const updated = await call('PUT', `/api/events/${event.id}/tickets/${created.json().id}`, {
    ...shirt,
    title: 'Hoodie',
  });
  expect(updated.statusCode, updated.body).toBe(200);

  const deliveries = await queued(products.id);
  expect(deliveries.map((d) => d.type)).toEqual(['product.created', 'product.updated']);
  expect(deliveries[1]?.body.data).toEqual(updated.json());
  expect(deliveries[1]?.body.data).toMatchObject({ kind: 'PRODUCT', title: 'Hoodie' });
  expect(await queued(tickets.id)).toEqual([]);
});

it('queues attendee.created, .updated, .checked_in (once) and .cancelled with the API’s answers', async () => {
  const { event, tickets } = await makeLiveEvent(t.app, owner, { title: 'Pier Party' });
  const ticketId = tickets[0]?.id ?? 0;
  const all = await hook({
    event_types: ['attendee.created', 'attendee.updated', 'attendee.checked_in', 'attendee.cancelled'],
    event_id: event.id,
  });
  const placed = await makeOrder(t.app, { eventId: event.id, lines: [{ ticket_id: ticketId, quantity: 1 }] });
  const [row] = await t.app.db
    .select({ id: attendees.id })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .where(eq(orders.shortId, placed.short_id));
  const url = `/api/events/${event.id}/attendees/${row?.id}`;
  const fresh = (await call('GET', url)).json();

  const updated = await call('PUT', url, {
    first_name: 'Marta',
    last_name: 'Reis',
    email: 'marta@example.com',
  });
  expect(updated.statusCode, updated.body).toBe(200);
  const list = await makeCheckInList(t.app, owner, { eventId: event.id, ticket_ids: [ticketId] });
  for (let i = 0; i < 2; i++) {
    const scan = await t.app.inject({
      method: 'POST',
      url: `/api/public/check-in-lists/${list.short_id}/check-ins`,
      payload: { attendee_id: row?.id },
    });
    expect(scan.json().outcome, scan.body).toBe(i === 0 ? 'CHECKED_IN' : 'ALREADY_CHECKED_IN');
  }
  const checkedIn = (await call('GET', url)).json();
  const cancelled = await call('POST', `${url}/cancel`);
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  const added = await call('POST', `/api/events/${event.id}/attendees`, {
    ticket_id: ticketId,
    first_name: 'Guest',
    last_name: 'List',
    email: 'guest@example.com',
    send_ticket_email: false,
  });
  expect(added.statusCode, added.body).toBe(201);

  const deliveries = await queued(all.id);
  expect(deliveries.map((d) => d.type)).toEqual([
    'attendee.created',
    'attendee.updated',
    'attendee.checked_in',
    'attendee.cancelled',
    'attendee.created',
  ]);
  expect(deliveries[0]?.body.data).toEqual(fresh);
  expect(deliveries[0]?.body.data).toMatchObject({ status: 'ACTIVE' });
  expect(deliveries[1]?.body.data).toMatchObject({ first_name: 'Marta', email: 'marta@example.com' });
  expect(deliveries[2]?.body.data).toEqual(checkedIn);
  expect(deliveries[3]?.body.data).toEqual(cancelled.json());
  expect(deliveries[4]?.body.data).toEqual(added.json());
});
