import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import {
  makeAccount,
  makeEvent,
  makeMember,
  makeOrder,
  makeQuestion,
  makeTicket,
  type Owner,
  setEventStatus,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { ticketCounts } from '../../test/stock';

// The organizer's orders: the list and its whitelists, the order screen, marking an offline
// order paid, cancelling (stock back, buyer told), resending, notes, the activity log, export.

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
let free: number;
let paid: number;
let company: number;

const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  kit.as(token, { method, url: `/api/events/${eventId}${url}`, ...(payload ? { payload } : {}) });
const sold = (id: number) => ticketCounts(kit.app.db, id);

/** An order through the public checkout, completed or left awaiting an offline payment. */
async function place(ticketId: number, buyer: string, names: string[], offline = false) {
  const order = await makeOrder(kit.app, {
    eventId,
    lines: [{ ticket_id: ticketId, quantity: names.length }],
    buyer,
    attendees: names,
    emails: names.map((name) => `${name}@example.com`),
    answers: [{ question_id: company, answer: `${buyer} Lda` }],
    until: offline ? 'offline' : 'complete',
  });
  const [row] = await kit.app.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.shortId, order.short_id));
  return { id: row?.id ?? 0, reference: order.reference };
}

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  eventId = (
    await makeEvent(kit.app, owner, {
      title: 'Orders night',
      start_date: '2031-04-01T20:00:00Z',
      settings: { offline_payments_enabled: true, offline_payment_instructions: 'Transfer to PT50.' },
    })
  ).id;
  free = (await makeTicket(kit.app, owner, { eventId, title: 'Free', type: 'FREE', quantity_available: 10 }))
    .id;
  paid = (
    await makeTicket(kit.app, owner, {
      eventId,
      title: 'Paid',
      type: 'PAID',
      price: 1200,
      tax_and_fee_ids: [],
    })
  ).id;
  company = (
    await makeQuestion(kit.app, owner, { eventId, title: 'Company', type: 'SINGLE_LINE', scope: 'PER_ORDER' })
  ).id;
  await setEventStatus(kit.app, owner, { id: eventId, status: 'LIVE' });
});
afterAll(async () => {
  await kit?.close();
});

describe('orders for the organizer', () => {
  it('list the orders that reached checkout, searched, filtered and sorted within the whitelist', async () => {
    const ana = await place(free, 'Ana', ['ana']);
    await place(paid, 'Bruno', ['bruno', 'bia'], true);
    // A reservation abandoned is not listed unless asked for by status.
    const left = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: free, quantity: 1 }],
      until: 'reserved',
    });
    await kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/orders/${left.short_id}/abandon`,
    });
    const all = (await api(owner.token, 'GET', '/orders?sort_by=total&sort_direction=desc')).json();
    expect(all.data.map((o: { first_name: string }) => o.first_name)).toEqual(['Bruno', 'Ana']);
    expect(all.data[0]).toMatchObject({
      status: 'AWAITING_PAYMENT',
      total: 2400,
      attendee_count: 2,
      payment_provider: 'OFFLINE',
    });
    const abandoned = (await api(owner.token, 'GET', '/orders?filter_fields[status][eq]=ABANDONED')).json();
    expect(abandoned.meta.total).toBe(1);

    expect((await api(owner.token, 'GET', '/orders?query=bruno@')).json().meta.total).toBe(1);
    expect((await api(owner.token, 'GET', '/orders?query=ana silva')).json().data[0].id).toBe(ana.id);
    expect(
      (await api(owner.token, 'GET', `/orders?query=${ana.reference.toLowerCase()}`)).json().meta.total,
    ).toBe(1);
    expect((await api(owner.token, 'GET', '/orders?per_page=1&page=2')).json()).toMatchObject({
      data: [{ first_name: 'Ana' }],
      meta: { total: 2, last_page: 2 },
    });
    const bad = await api(owner.token, 'GET', '/orders?sort_by=email');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['sort_by']);

    const stranger = await makeAccount(kit.app);
    expect((await api(stranger.token, 'GET', '/orders')).statusCode).toBe(404);
    expect((await api(stranger.token, 'GET', `/orders/${ana.id}`)).statusCode).toBe(404);
    const organizer = await makeMember(kit.app, owner, { role: 'ORGANIZER' });
    expect((await api(organizer.token, 'GET', `/orders/${ana.id}`)).statusCode).toBe(200);
  });

  it('mark an offline order paid: tickets valid, mails sent, written down', async () => {
    const order = await place(paid, 'Carla', ['carla'], true);
    const before = await sold(paid);
    const detail = (await api(owner.token, 'GET', `/orders/${order.id}`)).json();
    expect(detail).toMatchObject({
      payment_instructions: 'Transfer to PT50.',
      totals: { total: 1200, refunded: 0, remaining: 1200 },
      attendees: [{ first_name: 'carla', status: 'AWAITING_PAYMENT', ticket_title: 'Paid' }],
      answers: [{ title: 'Company', attendee_id: null, answer: 'Carla Lda' }],
    });
    const marked = await api(owner.token, 'POST', `/orders/${order.id}/mark-paid`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'COMPLETED', attendees: [{ status: 'ACTIVE' }] });
    expect(marked.json().activity).toMatchObject([{ kind: 'MARKED_PAID', by: 'Ada Lovelace' }]);
    expect((await sold(paid))?.quantitySold).toBe((before?.quantitySold ?? 0) + 1);
    await kit.deliverMail();
    // Carla holds her own ticket: her confirmation, now paid, carries it (decision 035).
    const [confirmation] = kit.smtp
      .to('carla@example.com')
      .filter((m) => m.text.includes('Your payment has been received'));
    expect(confirmation?.subject).toBe('Your order for Orders night');
    expect(confirmation?.text).toContain('Your ticket is in this e-mail');
    const again = await api(owner.token, 'POST', `/orders/${order.id}/mark-paid`);
    expect(again.json().code).toBe('ORDER_NOT_AWAITING_PAYMENT');
  });

  it('cancel an order: every seat back once, even after a ticket was cancelled alone; the buyer told', async () => {
    const start = (await sold(free))?.quantitySold ?? 0;
    const order = await place(free, 'Duarte', ['duarte', 'dina']);
    expect((await sold(free))?.quantitySold).toBe(start + 2);
    const [dina] = (await api(owner.token, 'GET', '/attendees?query=dina@')).json().data;
    await api(owner.token, 'POST', `/attendees/${dina.id}/cancel`);
    expect((await sold(free))?.quantitySold).toBe(start + 1);

    const cancelled = await api(owner.token, 'POST', `/orders/${order.id}/cancel`, { notify_buyer: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(cancelled.json().attendees.every((a: { status: string }) => a.status === 'CANCELLED')).toBe(true);
    expect((await sold(free))?.quantitySold).toBe(start);
    await kit.deliverMail();
    expect(kit.smtp.to('duarte@example.com').at(-1)?.subject).toBe(
      `Your order ${order.reference} has been cancelled`,
    );
    const twice = await api(owner.token, 'POST', `/orders/${order.id}/cancel`, { notify_buyer: false });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ORDER_ALREADY_CANCELLED');

    // An order awaiting payment gives its held seats back.
    const owing = await place(paid, 'Eva', ['eva'], true);
    const held = (await sold(paid))?.quantityReserved ?? 0;
    await api(owner.token, 'POST', `/orders/${owing.id}/cancel`, { notify_buyer: false });
    expect((await sold(paid))?.quantityReserved).toBe(held - 1);
  });

  it('resend the confirmation, edit the buyer and keep notes, all in the activity log', async () => {
    const order = await place(free, 'Filipa', ['filipa']);
    expect((await api(owner.token, 'POST', `/orders/${order.id}/resend`)).statusCode).toBe(202);
    expect((await api(owner.token, 'POST', `/orders/${order.id}/resend`)).statusCode).toBe(202);
    await kit.deliverMail();
    const confirmations = kit.smtp
      .to('filipa@example.com')
      .filter((m) => m.subject === 'Your order for Orders night');
    expect(confirmations).toHaveLength(3);

    const edited = await api(owner.token, 'PUT', `/orders/${order.id}`, {
      first_name: 'Filipa',
      last_name: 'Sá',
      email: 'FILIPA.SA@example.com',
    });
    expect(edited.json()).toMatchObject({ last_name: 'Sá', email: 'filipa.sa@example.com' });
    expect((await api(owner.token, 'PUT', `/orders/${order.id}`, { first_name: '' })).statusCode).toBe(422);
    // Both names are required, as the form marks them; a refusal changes nothing.
    const unnamed = await api(owner.token, 'PUT', `/orders/${order.id}`, {
      first_name: 'Filipa',
      last_name: ' ',
      email: 'filipa.sa@example.com',
    });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors).toEqual({ last_name: ['This field is required.'] });
    expect((await api(owner.token, 'GET', `/orders/${order.id}`)).json().last_name).toBe('Sá');
    const noted = await api(owner.token, 'POST', `/orders/${order.id}/notes`, {
      note: 'Called about parking.',
    });
    expect(noted.statusCode).toBe(201);
    expect(noted.json().activity.map((a: { kind: string }) => a.kind)).toEqual([
      'NOTE',
      'BUYER_UPDATED',
      'CONFIRMATION_RESENT',
      'CONFIRMATION_RESENT',
    ]);
    expect(noted.json().activity[0]).toMatchObject({ note: 'Called about parking.', by: 'Ada Lovelace' });
    expect((await api(owner.token, 'POST', `/orders/${order.id}/notes`, { note: ' ' })).statusCode).toBe(422);
  });

  it('leave the buyer of a checkout still in progress to the buyer', async () => {
    const reserved = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: free, quantity: 1 }],
      until: 'reserved',
    });
    const [reservedRow] = await kit.app.db.select().from(orders).where(eq(orders.shortId, reserved.short_id));
    const refused = await api(owner.token, 'PUT', `/orders/${reservedRow?.id}`, {
      first_name: 'Someone',
      last_name: 'Else',
      email: 'someone@example.com',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_BUYER_NOT_EDITABLE' });
    const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, reserved.short_id));
    expect(row?.email ?? null).toBeNull();
  });

  it('offer on the order screen exactly the actions the API accepts', async () => {
    const actions = async (id: number) => (await api(owner.token, 'GET', `/orders/${id}`)).json().actions;
    const refused = async (id: number, action: string) => {
      const res = await api(
        owner.token,
        'POST',
        `/orders/${id}/${action}`,
        action === 'refund' ? { amount: 100 } : {},
      );
      expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
      return res.json().code;
    };

    const owing = await place(paid, 'Gil', ['gil'], true);
    expect(await actions(owing.id)).toEqual(['MARK_PAID', 'RESEND_CONFIRMATION', 'CANCEL']);
    expect(await refused(owing.id, 'refund')).toBe('ORDER_NOT_REFUNDABLE');

    const gift = await place(free, 'Hugo', ['hugo']);
    expect(await actions(gift.id)).toEqual(['RESEND_CONFIRMATION', 'CANCEL']);
    expect(await refused(gift.id, 'mark-paid')).toBe('ORDER_NOT_AWAITING_PAYMENT');
    expect(await refused(gift.id, 'refund')).toBe('ORDER_NOT_REFUNDABLE');

    await api(owner.token, 'POST', `/orders/${gift.id}/cancel`, { notify_buyer: false });
    expect(await actions(gift.id)).toEqual([]);
    expect(await refused(gift.id, 'mark-paid')).toBe('ORDER_NOT_AWAITING_PAYMENT');
    expect(await refused(gift.id, 'resend')).toBe('ORDER_EMAIL_NOT_SENT');
    expect(await refused(gift.id, 'cancel')).toBe('ORDER_ALREADY_CANCELLED');

    // A checkout in progress is not an order the organizer can act on yet.
    await makeOrder(kit.app, { eventId, lines: [{ ticket_id: paid, quantity: 1 }], until: 'reserved' });
    const [held] = (await api(owner.token, 'GET', '/orders?filter_fields[status][eq]=RESERVED')).json().data;
    expect(await actions(held.id)).toEqual([]);
    expect(await refused(held.id, 'cancel')).toBe('ORDER_NOT_CANCELLABLE');
    expect(await refused(held.id, 'resend')).toBe('ORDER_EMAIL_NOT_SENT');
  });

  it('export the listed orders with amounts and the order questions', async () => {
    const res = await api(
      owner.token,
      'GET',
      '/orders/export?format=csv&filter_fields[status][eq]=COMPLETED',
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order reference,Order status,First name,Last name,E-mail,Currency,Tickets,Ticket prices,Discount,Subtotal,Fees,Taxes,Total,Refunded,Payment,Promo code,Created (UTC),Company',
    );
    const carla = lines.find((l) => l.includes('carla@example.com'));
    expect(carla).toMatch(
      /,COMPLETED,Carla,Silva,carla@example.com,EUR,1 × Paid,12.00,0.00,12.00,0.00,0.00,12.00,0.00,OFFLINE,,[\dT:.Z-]+,Carla Lda$/,
    );
    expect(lines.every((l, i) => i === 0 || l.includes(',COMPLETED,'))).toBe(true);
  });
});
