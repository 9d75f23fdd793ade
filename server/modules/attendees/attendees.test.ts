import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees } from '../../db/schema';
import { makeAccount, makeLiveEvent, makeMember, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { ticketCounts } from '../../test/stock';

// The organizer's attendee calls: the list and its whitelists, manual attendees (a manual
// order that takes a seat and cannot be refunded), cancel and reactivate against the stock,
// resending the ticket, account isolation and the ORGANIZER role.

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
let seat: number;
let vip: number;

const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  kit.as(token, { method, url: `/api/events/${eventId}${url}`, ...(payload ? { payload } : {}) });
const stock = (id: number) => ticketCounts(kit.app.db, id);

/** A free order placed and completed by a buyer through the public checkout. */
async function buy(ticketId: number, people: { first_name: string; email: string }[]): Promise<string> {
  const order = await makeOrder(kit.app, {
    eventId,
    lines: [{ ticket_id: ticketId, quantity: people.length }],
    buyer: 'Bea',
    attendees: people.map((p) => p.first_name),
    emails: people.map((p) => p.email),
  });
  expect(order.status).toBe('COMPLETED');
  return order.reference;
}

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  const { event, tickets: made } = await makeLiveEvent(kit.app, owner, {
    title: 'Door night',
    start_date: '2031-05-01T20:00:00Z',
    tickets: [
      { title: 'Seat', type: 'FREE', quantity_available: 3 },
      { title: 'VIP', type: 'FREE', quantity_available: 1 },
    ],
  });
  eventId = event.id;
  [seat, vip] = made.map((ticket) => ticket.id) as [number, number];
});
afterAll(async () => {
  await kit?.close();
});

describe('attendees', () => {
  it('list those who checked out, searched, filtered and sorted within the whitelist', async () => {
    const reference = await buy(seat, [
      { first_name: 'Zoe', email: 'zoe@example.com' },
      { first_name: 'Adam', email: 'adam@example.com' },
    ]);
    // A reservation nobody finished is not an attendee.
    await makeOrder(kit.app, { eventId, lines: [{ ticket_id: seat, quantity: 1 }], until: 'reserved' });

    const all = await as(owner.token, 'GET', '/attendees?sort_by=first_name&sort_direction=asc');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.map((a: { first_name: string }) => a.first_name)).toEqual(['Adam', 'Zoe']);
    expect(all.json().meta).toMatchObject({ total: 2, current_page: 1 });
    expect(all.json().data[0]).toMatchObject({
      ticket_title: 'Seat',
      order_reference: reference,
      order_status: 'COMPLETED',
      status: 'ACTIVE',
      is_manual: false,
    });

    const search = await as(owner.token, 'GET', '/attendees?query=ZOE@');
    expect(search.json().data.map((a: { email: string }) => a.email)).toEqual(['zoe@example.com']);
    const byReference = await as(owner.token, 'GET', `/attendees?query=${reference}`);
    expect(byReference.json().meta.total).toBe(2);
    const byTicket = await as(owner.token, 'GET', `/attendees?filter_fields[ticket_id][eq]=${vip}`);
    expect(byTicket.json().data).toEqual([]);

    const badSort = await as(owner.token, 'GET', '/attendees?sort_by=password');
    expect(badSort.statusCode).toBe(422);
    expect(Object.keys(badSort.json().errors)).toEqual(['sort_by']);
    const badFilter = await as(owner.token, 'GET', '/attendees?filter_fields[email][eq]=x');
    expect(badFilter.statusCode).toBe(422);
  });

  it('add an attendee by hand: a seat taken, a manual order that cannot be refunded, a ticket mailed', async () => {
    const before = await stock(vip);
    const added = await as(owner.token, 'POST', '/attendees', {
      ticket_id: vip,
      first_name: 'Mia',
      last_name: 'Manual',
      email: 'mia@example.com',
      send_ticket_email: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const mia = added.json();
    expect(mia).toMatchObject({
      status: 'ACTIVE',
      is_manual: true,
      order_status: 'COMPLETED',
      ticket_title: 'VIP',
    });
    expect(mia.ticket_url).toBe(`/ticket/${eventId}/${mia.short_id}`);
    expect((await stock(vip))?.quantitySold).toBe((before?.quantitySold ?? 0) + 1);

    await kit.deliverMail();
    const [mail] = kit.smtp.to('mia@example.com');
    expect(mail?.subject).toBe('Your ticket for Door night');
    expect(mail?.text).toContain(mia.ticket_url);

    // The only VIP place is gone: another manual attendee is refused and nothing is written.
    const full = await as(owner.token, 'POST', '/attendees', {
      ticket_id: vip,
      first_name: 'Max',
      last_name: 'Manual',
      email: 'max@example.com',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('ATTENDEE_NO_STOCK');
    expect((await as(owner.token, 'GET', '/attendees?query=max@')).json().meta.total).toBe(0);

    const unknown = await as(owner.token, 'POST', '/attendees', {
      ticket_id: 999999,
      first_name: 'Ida',
      last_name: '',
      email: 'not an e-mail',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      last_name: ['This field is required.'],
      email: ['Enter a valid e-mail address.'],
    });

    const refund = await as(owner.token, 'POST', `/orders/${mia.order_id}/refund`, {
      amount: 1,
      notify_buyer: false,
      cancel_order: false,
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().code).toBe('ORDER_MANUAL_NOT_REFUNDABLE');
  });

  it('cancel a ticket to free its seat, and reactivate it only while a seat is free', async () => {
    const [mia] = (await as(owner.token, 'GET', '/attendees?query=mia@')).json().data;
    const sold = (await stock(vip))?.quantitySold ?? 0;

    const cancelled = await as(owner.token, 'POST', `/attendees/${mia.id}/cancel`);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect((await stock(vip))?.quantitySold).toBe(sold - 1);
    const again = await as(owner.token, 'POST', `/attendees/${mia.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ATTENDEE_ALREADY_CANCELLED');
    const resend = await as(owner.token, 'POST', `/attendees/${mia.id}/resend`);
    expect(resend.json().code).toBe('TICKET_EMAIL_NOT_SENT');

    // Someone else takes the freed place; reactivating finds none.
    await buy(vip, [{ first_name: 'Noa', email: 'noa@example.com' }]);
    const noRoom = await as(owner.token, 'POST', `/attendees/${mia.id}/reactivate`);
    expect(noRoom.statusCode).toBe(409);
    expect(noRoom.json().code).toBe('ATTENDEE_NO_STOCK');
    expect((await as(owner.token, 'GET', `/attendees/${mia.id}`)).json().status).toBe('CANCELLED');

    const [noa] = (await as(owner.token, 'GET', '/attendees?query=noa@')).json().data;
    await as(owner.token, 'POST', `/attendees/${noa.id}/cancel`);
    const back = await as(owner.token, 'POST', `/attendees/${mia.id}/reactivate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().status).toBe('ACTIVE');
    expect((await stock(vip))?.quantitySold).toBe(1);
    const active = await as(owner.token, 'POST', `/attendees/${mia.id}/reactivate`);
    expect(active.json().code).toBe('ATTENDEE_NOT_CANCELLED');
  });

  it('edit the holder and resend the ticket to the new address', async () => {
    const [zoe] = (await as(owner.token, 'GET', '/attendees?query=zoe@')).json().data;
    const edited = await as(owner.token, 'PUT', `/attendees/${zoe.id}`, {
      first_name: 'Zoë',
      last_name: 'Guest',
      email: 'ZOE.NEW@example.com',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ first_name: 'Zoë', email: 'zoe.new@example.com' });
    expect((await as(owner.token, 'PUT', `/attendees/${zoe.id}`, { first_name: '' })).statusCode).toBe(422);
    const unnamed = await as(owner.token, 'PUT', `/attendees/${zoe.id}`, {
      first_name: 'Zoë',
      last_name: '',
      email: 'zoe.new@example.com',
    });
    expect(unnamed.json().errors).toEqual({ last_name: ['This field is required.'] });
    expect((await as(owner.token, 'GET', `/attendees/${zoe.id}`)).json().last_name).toBe('Guest');

    // Sent twice: two mails, not one retried job.
    expect((await as(owner.token, 'POST', `/attendees/${zoe.id}/resend`)).statusCode).toBe(202);
    expect((await as(owner.token, 'POST', `/attendees/${zoe.id}/resend`)).statusCode).toBe(202);
    await kit.deliverMail();
    expect(kit.smtp.to('zoe.new@example.com').map((m) => m.subject)).toEqual([
      'Your ticket for Door night',
      'Your ticket for Door night',
    ]);
  });

  it('still load a holder saved with an empty last name before both names were required', async () => {
    const [adam] = (await as(owner.token, 'GET', '/attendees?query=adam@')).json().data;
    await kit.app.db.update(attendees).set({ lastName: '' }).where(eq(attendees.id, adam.id));
    const list = await as(owner.token, 'GET', '/attendees?query=adam@');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({ first_name: 'Adam', last_name: '' });
    const one = await as(owner.token, 'GET', `/attendees/${adam.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().last_name).toBe('');
    const order = await as(owner.token, 'GET', `/orders/${adam.order_id}`);
    expect(order.statusCode, order.body).toBe(200);
  });

  it('are hidden from other accounts and open to the ORGANIZER role', async () => {
    const stranger = await makeAccount(kit.app);
    const [zoe] = (await as(owner.token, 'GET', '/attendees?query=zoe')).json().data;
    expect((await as(stranger.token, 'GET', '/attendees')).statusCode).toBe(404);
    expect((await as(stranger.token, 'GET', `/attendees/${zoe.id}`)).statusCode).toBe(404);
    expect((await as(stranger.token, 'POST', `/attendees/${zoe.id}/cancel`)).statusCode).toBe(404);
    expect(
      (await kit.app.inject({ method: 'GET', url: `/api/events/${eventId}/attendees` })).statusCode,
    ).toBe(401);

    const organizer = await makeMember(kit.app, owner, { role: 'ORGANIZER' });
    const list = await as(organizer.token, 'GET', '/attendees');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBeGreaterThan(0);
  });
});
