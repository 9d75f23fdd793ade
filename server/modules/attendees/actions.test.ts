import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

// The actions each attendee comes with (`common/attendee-actions.ts`): what the organizer can do
// to the ticket now, in the list and in one attendee, and the calls the server refuses are the
// ones left out.

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
let seat: number;

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  kit.as(owner.token, { method, url: `/api/events/${eventId}${url}`, ...(payload ? { payload } : {}) });

/** One seat at 20 € paid offline, marked paid unless `unpaid`; its attendee as the list shows them. */
async function offlineAttendee(email: string, unpaid = false) {
  const placed = await makeOrder(kit.app, {
    eventId,
    email,
    lines: [{ ticket_id: seat, quantity: 1 }],
    until: 'offline',
  });
  const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, placed.short_id));
  const orderId = row?.id ?? 0;
  if (!unpaid) expect((await api('POST', `/orders/${orderId}/mark-paid`)).statusCode).toBe(200);
  const list = await api('GET', `/attendees?query=${encodeURIComponent(email)}`);
  expect(list.statusCode, list.body).toBe(200);
  return { orderId, attendee: list.json().data[0] };
}

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  const { event, tickets: made } = await makeLiveEvent(kit.app, owner, {
    title: 'Church concert',
    settings: { offline_payments_enabled: true },
    tickets: [{ title: 'Pew', type: 'PAID', price: 2000, quantity_available: 20, tax_and_fee_ids: [] }],
  });
  eventId = event.id;
  seat = made[0]?.id ?? 0;
});
afterAll(async () => {
  await kit?.close();
});

describe('attendee actions', () => {
  it('follow the ticket: resend or cancel a valid one, reactivate a cancelled one', async () => {
    const { attendee } = await offlineAttendee('ivo@example.com');
    expect(attendee).toMatchObject({ status: 'ACTIVE', actions: ['RESEND_TICKET', 'CANCEL'] });
    const one = await api('GET', `/attendees/${attendee.id}`);
    expect(one.json().actions).toEqual(['RESEND_TICKET', 'CANCEL']);

    const cancelled = await api('POST', `/attendees/${attendee.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', actions: ['REACTIVATE'] });
    const resend = await api('POST', `/attendees/${attendee.id}/resend`);
    expect(resend.json().code).toBe('TICKET_EMAIL_NOT_SENT');
  });

  it('leave out reactivating a cancelled ticket of a refunded order, which the server refuses', async () => {
    const { orderId, attendee } = await offlineAttendee('lia@example.com');
    expect((await api('POST', `/attendees/${attendee.id}/cancel`)).statusCode).toBe(200);
    const refund = await api('POST', `/orders/${orderId}/offline-refunds`, {
      amount: 2000,
      note: 'Cash back at the door: the buyer cannot come.',
      notify_buyer: false,
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const one = await api('GET', `/attendees/${attendee.id}`);
    expect(one.json()).toMatchObject({ status: 'CANCELLED', order_status: 'REFUNDED', actions: [] });
    const listed = await api('GET', '/attendees?query=lia@');
    expect(listed.json().data[0]).toMatchObject({ order_status: 'REFUNDED', actions: [] });

    const reactivate = await api('POST', `/attendees/${attendee.id}/reactivate`);
    expect(reactivate.statusCode).toBe(409);
    expect(reactivate.json()).toMatchObject({
      code: 'ATTENDEE_ORDER_CLOSED',
      message: 'This ticket’s order is cancelled or refunded, so the ticket cannot be reactivated.',
    });
    expect((await api('GET', `/attendees/${attendee.id}`)).json().status).toBe('CANCELLED');
  });

  it('offer nothing for a ticket waiting for its payment', async () => {
    const { attendee } = await offlineAttendee('teo@example.com', true);
    expect(attendee).toMatchObject({ status: 'AWAITING_PAYMENT', actions: [] });
    const cancel = await api('POST', `/attendees/${attendee.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('ATTENDEE_AWAITING_PAYMENT');
  });

  it('are described in the OpenAPI document', async () => {
    const document = (await kit.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const { Attendee, AttendeeDetail } = document.components.schemas;
    for (const schema of [Attendee, AttendeeDetail]) {
      expect(schema.required).toContain('actions');
      expect(schema.properties.actions.items.enum).toEqual(['RESEND_TICKET', 'CANCEL', 'REACTIVATE']);
    }
  });
});
