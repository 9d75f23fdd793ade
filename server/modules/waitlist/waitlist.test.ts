import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicTicketsResponse } from '../../../common/public-tickets';
import type { PublicWaitlistEntry } from '../../../common/waitlist';
import { jobs, orders, waitlistEntries } from '../../db/schema';
import { makeOrder } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import { startWaitlistKit } from '../../test/waitlist-kit';
import { sweepExpiredReservations } from '../orders/service';

// Waiting lists (decision 030): joining only a sold-out ticket, one entry per e-mail, freed seats
// held for the next person and bought with the offer, offers that lapse moving on, seats added
// by the organizer. The organizer's own list is in waitlist-organizer.test.ts.

const k = startWaitlistKit();
const { pub, soldOutShow, join, entry, stock, cancel } = k;

describe('joining a waiting list', () => {
  it('is refused while the ticket is on sale, and taken once it is sold out', async () => {
    const { eventId, ticketId } = await soldOutShow();
    const early = await join(eventId, { ticket_id: ticketId, email: 'early@example.com' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('WAITLIST_NOT_OPEN');

    await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const shown = (await pub('GET', `/api/public/events/${eventId}/tickets`)).json() as PublicTicketsResponse;
    expect(shown.data[0]).toMatchObject({ sale_state: 'SOLD_OUT', waitlist: true });

    const joined = await join(eventId, {
      ticket_id: ticketId,
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'Ana@Example.com',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({
      status: 'WAITING',
      position: 1,
      name: 'Ana Lima',
      ticket_title: 'Seat',
    });
    expect(joined.json().token).toMatch(/^[\w-]{22}$/);
    const second = await join(eventId, { ticket_id: ticketId, email: 'bruno@example.com' });
    expect(second.json().position).toBe(2);
  });

  it('takes one entry per e-mail and ticket, whatever its case', async () => {
    const { eventId, ticketId } = await soldOutShow();
    await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    expect((await join(eventId, { ticket_id: ticketId, email: 'carla@example.com' })).statusCode).toBe(201);
    const again = await join(eventId, { ticket_id: ticketId, email: 'CARLA@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'WAITLIST_ALREADY_JOINED',
      errors: { email: [expect.any(String)] },
    });
  });

  it('is refused when neither the event nor the ticket opens a list, and checks its fields', async () => {
    const { eventId, ticketId } = await soldOutShow({ settings: { waitlist_enabled: false } });
    await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const shown = (await pub('GET', `/api/public/events/${eventId}/tickets`)).json() as PublicTicketsResponse;
    expect(shown.data[0]).toMatchObject({ sale_state: 'SOLD_OUT', waitlist: false });
    expect((await join(eventId, { ticket_id: ticketId, email: 'dora@example.com' })).json().code).toBe(
      'WAITLIST_NOT_OPEN',
    );
    const bad = await pub('POST', `/api/public/events/${eventId}/waitlist`, {
      ticket_id: ticketId,
      first_name: 'Dora',
      last_name: ' ',
      email: 'not-an-address',
    });
    expect(bad.statusCode).toBe(422);
    // Both names, as checkout asks them.
    expect(bad.json().errors).toEqual({
      last_name: ['This field is required.'],
      email: ['Enter a valid e-mail address.'],
    });
  });

  it('mails a confirmation with the link to the entry', async () => {
    const { eventId, ticketId } = await soldOutShow();
    await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const joined = (await join(eventId, { ticket_id: ticketId, email: 'eva@example.com' })).json();
    await runAllDueJobs(k.app());
    const mails = await k.app().db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
    const mail = mails.find((j) => (j.payload as { to: string }).to === 'eva@example.com');
    expect(mail?.payload).toMatchObject({
      template: 'waitlistJoined',
      data: { position: 1, url: `${k.app().config.appUrl}/waitlist/${eventId}/${joined.token}` },
    });
  });
});

describe('offers', () => {
  it('holds a cancelled order’s seat for the next person, who buys it with the offer', async () => {
    const { eventId, ticketId } = await soldOutShow();
    const first = await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const ana = (await join(eventId, { ticket_id: ticketId, email: 'ana@example.com' })).json();
    const bruno = (await join(eventId, { ticket_id: ticketId, email: 'bruno@example.com' })).json();

    await cancel(eventId, first.short_id);
    const offered = await entry(eventId, ana.token);
    expect(offered.status).toBe('OFFERED');
    expect(new Date(offered.offer_expires_at ?? 0).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await entry(eventId, bruno.token)).position).toBe(1);
    // The seat is held: the page still says sold out, and an ordinary order finds nothing.
    expect(await stock(ticketId)).toEqual({ sold: 0, reserved: 1 });
    k.app().publicReads.forget();
    const shown = (await pub('GET', `/api/public/events/${eventId}/tickets`)).json() as PublicTicketsResponse;
    expect(shown.data[0]?.sale_state).toBe('SOLD_OUT');
    const refreshed = await pub('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticketId, quantity: 1 }],
    });
    expect(refreshed.json().code).toBe('NOT_ENOUGH_AVAILABLE');

    await runAllDueJobs(k.app());
    const mails = await k.app().db.select().from(jobs).where(eq(jobs.type, 'mail.send'));
    const offers = mails.filter((j) => (j.payload as { template: string }).template === 'waitlistOffered');
    expect(offers.map((j) => j.payload)).toContainEqual(
      expect.objectContaining({
        to: 'ana@example.com',
        data: expect.objectContaining({ url: `${k.app().config.appUrl}/waitlist/${eventId}/${ana.token}` }),
      }),
    );

    // Someone else's token, two tickets, or another ticket: refused.
    const twice = await pub('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticketId, quantity: 2 }],
      waitlist_offer: ana.token,
    });
    expect(twice.statusCode).toBe(422);
    const wrong = await pub('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticketId, quantity: 1 }],
      waitlist_offer: bruno.token,
    });
    expect(wrong.json().code).toBe('WAITLIST_OFFER_INVALID');

    const bought = await makeOrder(k.app(), {
      eventId,
      lines: [{ ticket_id: ticketId, quantity: 1 }],
      waitlist_offer: ana.token,
    });
    expect(bought.status).toBe('COMPLETED');
    expect(await entry(eventId, ana.token)).toMatchObject({
      status: 'PURCHASED',
      order_short_id: bought.short_id,
    });
    expect(await stock(ticketId)).toEqual({ sold: 1, reserved: 0 });
    const used = await pub('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticketId, quantity: 1 }],
      waitlist_offer: ana.token,
    });
    expect(used.json().code).toBe('WAITLIST_OFFER_INVALID');
  });

  it('fills in checkout with the person whose offer it is, until they give their own details', async () => {
    const { eventId, ticketId } = await soldOutShow();
    const first = await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const marta = (
      await join(eventId, {
        ticket_id: ticketId,
        first_name: 'Marta',
        last_name: 'Reis',
        email: 'Marta.Reis@example.com',
      })
    ).json();
    await cancel(eventId, first.short_id);
    const created = await pub('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticketId, quantity: 1 }],
      waitlist_offer: marta.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const known = { first_name: 'Marta', last_name: 'Reis', email: 'marta.reis@example.com' };
    expect(created.json()).toMatchObject({ first_name: null, email: null, prefill: known });
    const url = `/api/public/events/${eventId}/orders/${created.json().short_id}`;
    expect((await pub('GET', url)).json().prefill).toEqual(known);
    // Nothing is taken as given: the order still needs its details before it can complete.
    expect((await pub('POST', `${url}/complete`, {})).json().code).toBe('ORDER_DETAILS_MISSING');
    const person = { first_name: 'Marta', last_name: 'Reis Lopes', email: 'marta@example.org' };
    const saved = await pub('PUT', url, { ...person, attendees: [{ ticket_id: ticketId, ...person }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...person, prefill: null });
  });

  it('knows only the e-mail of an entry made when the list asked for one name', async () => {
    const { eventId, ticketId } = await soldOutShow();
    const first = await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const old = (await join(eventId, { ticket_id: ticketId, email: 'old@example.com' })).json();
    await k
      .app()
      .db.update(waitlistEntries)
      .set({ name: 'Old Timer', firstName: null, lastName: null })
      .where(eq(waitlistEntries.token, old.token));
    await cancel(eventId, first.short_id);
    expect((await entry(eventId, old.token)).name).toBe('Old Timer');
    const created = await pub('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticketId, quantity: 1 }],
      waitlist_offer: old.token,
    });
    expect(created.json().prefill).toEqual({ first_name: '', last_name: '', email: 'old@example.com' });
  });

  it('moves an offer that lapsed on to the next person, and one whose order lapsed', async () => {
    const { eventId, ticketId } = await soldOutShow();
    const first = await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const people: PublicWaitlistEntry[] = [];
    for (const email of ['p1@example.com', 'p2@example.com', 'p3@example.com'])
      people.push((await join(eventId, { ticket_id: ticketId, email })).json() as PublicWaitlistEntry);
    await cancel(eventId, first.short_id);
    expect((await entry(eventId, people[0]?.token ?? '')).status).toBe('OFFERED');

    await k
      .app()
      .db.update(waitlistEntries)
      .set({ offerExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(waitlistEntries.token, people[0]?.token ?? ''));
    await sweepExpiredReservations(k.app().db);
    expect((await entry(eventId, people[0]?.token ?? '')).status).toBe('EXPIRED');
    expect((await entry(eventId, people[1]?.token ?? '')).status).toBe('OFFERED');
    expect(await stock(ticketId)).toEqual({ sold: 0, reserved: 1 });

    // The second person starts a checkout with the offer and lets it lapse: the seat moves on.
    const started = await makeOrder(k.app(), {
      eventId,
      lines: [{ ticket_id: ticketId, quantity: 1 }],
      waitlist_offer: people[1]?.token,
      until: 'reserved',
    });
    expect(await stock(ticketId)).toEqual({ sold: 0, reserved: 1 });
    await k
      .app()
      .db.update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.shortId, started.short_id));
    await sweepExpiredReservations(k.app().db);
    expect((await entry(eventId, people[1]?.token ?? '')).status).toBe('EXPIRED');
    expect((await entry(eventId, people[2]?.token ?? '')).status).toBe('OFFERED');
    expect(await stock(ticketId)).toEqual({ sold: 0, reserved: 1 });
  });

  it('gives the seat of someone who leaves to the next person', async () => {
    const { eventId, ticketId } = await soldOutShow();
    const first = await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const ana = (await join(eventId, { ticket_id: ticketId, email: 'ana@example.com' })).json();
    const bruno = (await join(eventId, { ticket_id: ticketId, email: 'bruno@example.com' })).json();
    await cancel(eventId, first.short_id);
    const left = await pub('DELETE', `/api/public/events/${eventId}/waitlist/${ana.token}`);
    expect(left.json().status).toBe('REMOVED');
    expect((await entry(eventId, bruno.token)).status).toBe('OFFERED');
    expect(await stock(ticketId)).toEqual({ sold: 0, reserved: 1 });
    expect((await pub('GET', `/api/public/events/${eventId}/waitlist/nope`)).statusCode).toBe(404);
  });
});

describe('seats added by the organizer', () => {
  it('go to the people waiting when the quantity is raised', async () => {
    const { eventId, ticketId } = await soldOutShow();
    await makeOrder(k.app(), { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    k.app().publicReads.forget();
    const ana = (await join(eventId, { ticket_id: ticketId, email: 'ana@example.com' })).json();
    const bruno = (await join(eventId, { ticket_id: ticketId, email: 'bruno@example.com' })).json();
    const carla = (await join(eventId, { ticket_id: ticketId, email: 'carla@example.com' })).json();
    const raised = await k.app().inject({
      method: 'PUT',
      url: `/api/events/${eventId}/tickets/${ticketId}`,
      payload: { title: 'Seat', type: 'FREE', quantity_available: 3 },
      headers: { authorization: `Bearer ${k.owner().token}` },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await entry(eventId, ana.token)).status).toBe('OFFERED');
    expect((await entry(eventId, bruno.token)).status).toBe('OFFERED');
    expect(await entry(eventId, carla.token)).toMatchObject({ status: 'WAITING', position: 1 });
    expect(await stock(ticketId)).toEqual({ sold: 1, reserved: 2 });
  });
});
