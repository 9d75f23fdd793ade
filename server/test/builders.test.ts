import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeMember, makeOrder, makeQuestion } from './builders';

// The builders make what a user would have made through the API: the API then shows it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('test data builders', () => {
  it('make a confirmed owner, a live event with tickets, a completed order and a check-in list', async () => {
    const owner = await makeAccount(t.app);
    const me = await get(owner.token, '/api/users/me');
    expect(me.json()).toMatchObject({ email: owner.email, email_confirmed: true });

    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'Built',
      // A paid ticket goes on sale only with a way to pay.
      settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
      tickets: [
        { title: 'Seat', type: 'FREE', quantity_available: 5 },
        { title: 'Paid', type: 'PAID', price: 1500 },
      ],
    });
    const [seat, paid] = tickets;
    if (!seat || !paid) throw new Error('tickets missing');
    const diet = await makeQuestion(t.app, owner, { eventId: event.id, title: 'Diet' });
    const order = await makeOrder(t.app, {
      eventId: event.id,
      lines: [{ ticket_id: seat.id, quantity: 2 }],
      buyer: 'Rita',
      attendees: ['Rita', 'Rui'],
    });
    expect(order).toMatchObject({ status: 'COMPLETED', email: 'rita@example.com' });
    expect(order.attendees.map((a) => a.first_name)).toEqual(['Rita', 'Rui']);

    const list = await makeCheckInList(t.app, owner, { eventId: event.id, ticket_ids: [seat.id] });
    const shown = await get(owner.token, `/api/events/${event.id}`);
    expect(shown.json()).toMatchObject({ title: 'Built', status: 'LIVE' });
    const attendees = await get(owner.token, `/api/events/${event.id}/attendees`);
    expect(attendees.json().meta.total).toBe(2);
    const lists = await get(owner.token, `/api/events/${event.id}/check-in-lists`);
    expect(lists.json().data.map((l: { id: number }) => l.id)).toEqual([list.id]);
    const questions = await get(owner.token, `/api/events/${event.id}/questions`);
    expect(questions.json().data.map((q: { title: string }) => q.title)).toContain(diet.title);

    const waiting = await makeOrder(t.app, {
      eventId: event.id,
      lines: [{ ticket_id: seat.id, quantity: 1 }],
      until: 'reserved',
    });
    expect(waiting.status).toBe('RESERVED');
    const offline = await makeOrder(t.app, {
      eventId: event.id,
      lines: [{ ticket_id: paid.id, quantity: 1 }],
      until: 'offline',
    });
    expect(offline).toMatchObject({ status: 'AWAITING_PAYMENT', totals: { total: 1500 } });
  });

  it('leave the e-mail unconfirmed when asked, and keep accounts apart', async () => {
    const owner = await makeAccount(t.app, { confirmed: false });
    const other = await makeAccount(t.app);
    expect((await get(owner.token, '/api/users/me')).json().email_confirmed).toBe(false);
    const { event } = await makeLiveEvent(t.app, other);
    expect((await get(owner.token, `/api/events/${event.id}`)).statusCode).toBe(404);
  });

  it('add a member with a role who accepted the invitation, or one still invited', async () => {
    const owner = await makeAccount(t.app);
    const organizer = await makeMember(t.app, owner, { role: 'ORGANIZER' });
    expect((await get(organizer.token, '/api/users/me')).json()).toMatchObject({
      email: organizer.email,
      role: 'ORGANIZER',
    });
    expect((await get(organizer.token, '/api/users')).statusCode).toBe(403);
    const invited = await makeMember(t.app, owner, { role: 'ADMIN', accept: false });
    expect(invited.token).toBe('');
    const users = await get(owner.token, '/api/users?sort_by=created_at');
    expect(users.json().data.map((u: { id: number; status: string }) => [u.id, u.status])).toEqual([
      [owner.userId, 'ACTIVE'],
      [organizer.userId, 'ACTIVE'],
      [invited.userId, 'INVITED'],
    ]);
  });
});
