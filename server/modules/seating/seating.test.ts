import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeatingPlan } from '../../../common/seating-plan';
import { queryRows } from '../../db/rows';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { pdfText } from '../../test/pdf';
import { hallPlan, makeSeatingPlan, seatEvent } from '../../test/seating';
import { sweepExpiredReservations } from '../orders/service';

// Seats as inventory (issue 42, decision 067): an event sells the seats of its copy of a plan;
// each seat is reserved with its order, sold once, freed on expiry, cancel and refund; blocked
// seats are never sold; bad input is refused with nothing written.

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
let stalls: number;
let balcony: number;
let standing: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  kit.as(owner.token, { method, url: `/api/events/${eventId}${url}`, ...(payload ? { payload } : {}) });
const order = (tickets: object[], headers: Record<string, string> = {}) =>
  kit.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/orders`,
    payload: { tickets },
    headers,
  });
const seatsOf = async (status?: string) =>
  (
    await queryRows<{ seat_key: string }>(
      kit.app.db,
      sql`select seat_key from event_seats where event_id = ${eventId}
          and (${status ?? null}::text is null or status = ${status ?? null}) order by position`,
    )
  ).map((r) => r.seat_key);
const stockOf = async (ticketId: number) =>
  (
    await queryRows<{ quantity: number; seated: boolean; quantityReserved: number }>(
      kit.app.db,
      sql`select quantity, seated, quantity_reserved as "quantityReserved" from ticket_stock where ticket_id = ${ticketId}`,
    )
  )[0];
const orderRows = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        kit.app.db,
        sql`select count(*)::int as n from orders where event_id = ${eventId}`,
      )
    )[0]?.n,
  );

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Gala',
    settings: { offline_payments_enabled: true },
    tickets: [
      { title: 'Stalls', type: 'PAID', price: 3000, tax_and_fee_ids: [] },
      { title: 'Balcony', type: 'PAID', price: 2000, tax_and_fee_ids: [] },
      { title: 'Standing', type: 'FREE', quantity_available: 10 },
    ],
  });
  eventId = event.id;
  [stalls, balcony, standing] = tickets.map((t) => t.id) as [number, number, number];
  // Section 1 (stalls): 3 rows of 8 with an aisle after seat 4; section 2 (balcony) likewise.
  await seatEvent(kit.app, owner, {
    eventId,
    plan: hallPlan({ sections: 2, rows: 3, seatsPerRow: 8, aisleAfter: 4 }),
    ticketIds: [stalls, balcony],
  });
});
afterAll(async () => {
  await kit?.close();
});

describe('an event sold by seat', () => {
  it('shows its plan and which seats are taken; a seated ticket counts its seats', async () => {
    const seating = await kit.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/seating` });
    expect(seating.statusCode).toBe(200);
    expect(seating.json().categories).toEqual([
      expect.objectContaining({ key: 'cat-1', ticket_id: stalls }),
      expect.objectContaining({ key: 'cat-2', ticket_id: balcony }),
    ]);
    const availability = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/seating/availability`,
    });
    expect(availability.json().unavailable).toEqual([]);
    expect(await stockOf(stalls)).toMatchObject({ quantity: 24, seated: true });
    expect(await stockOf(standing)).toMatchObject({ quantity: 10, seated: false });
  });

  it('sells a named seat once; the second buyer is refused and nothing of theirs is written', async () => {
    const first = await order([{ ticket_id: stalls, quantity: 2, seats: ['S1-1-1', 'S1-1-2'] }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().items[0].seats.map((s: { key: string }) => s.key)).toEqual(['S1-1-1', 'S1-1-2']);
    const before = await orderRows();
    const second = await order([{ ticket_id: stalls, quantity: 2, seats: ['S1-1-2', 'S1-1-3'] }], {
      'accept-language': 'de',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('SEAT_TAKEN');
    expect(second.json().message).not.toMatch(/Someone else/);
    expect(await orderRows()).toBe(before);
    expect(await seatsOf('RESERVED')).toEqual(['S1-1-1', 'S1-1-2']);
    expect(await stockOf(stalls)).toMatchObject({ quantityReserved: 2 });
    const availability = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/seating/availability`,
    });
    expect(availability.json().unavailable).toEqual(['S1-1-1', 'S1-1-2']);
  });

  it('refuses bad seat choices with a field error and writes nothing', async () => {
    const before = await orderRows();
    const cases: [object, string][] = [
      [
        { ticket_id: stalls, quantity: 1, seats: ['Z9-9-9'] },
        'This seat is not part of this event’s seating plan.',
      ],
      [{ ticket_id: stalls, quantity: 1, seats: ['S2-1-1'] }, 'This seat is not sold with this ticket.'],
      [{ ticket_id: stalls, quantity: 2, seats: ['S1-2-1'] }, 'Choose one seat for each ticket.'],
      [{ ticket_id: stalls, quantity: 2, seats: ['S1-2-1', 'S1-2-1'] }, 'The same seat is chosen twice.'],
      [{ ticket_id: standing, quantity: 1, seats: ['S1-2-1'] }, 'This ticket is not sold by seat.'],
    ];
    for (const [line, message] of cases) {
      const res = await order([line]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors['tickets.0.seats']).toEqual([message]);
    }
    expect(await orderRows()).toBe(before);
    expect(await seatsOf('RESERVED')).toEqual(['S1-1-1', 'S1-1-2']);
  });

  it('gives the best seats side by side: the front row, near the middle, never across an aisle', async () => {
    const res = await order([{ ticket_id: balcony, quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(201);
    // Row 1 of the balcony is 1-4 | 5-8: three together sit within one side, nearest the middle.
    expect(res.json().items[0].seats.map((s: { key: string }) => s.key)).toEqual([
      'S2-1-2',
      'S2-1-3',
      'S2-1-4',
    ]);
    const five = await order([{ ticket_id: balcony, quantity: 5 }]);
    expect(five.statusCode).toBe(409);
    expect(five.json().code).toBe('SEATS_NOT_TOGETHER');
  });

  it('never sells a blocked seat, and sells it again once released', async () => {
    const blocked = await api('POST', '/seating/blocks', { seats: ['S1-3-1', 'S1-3-2'], blocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().counts).toMatchObject({ blocked: 2 });
    expect(await stockOf(stalls)).toMatchObject({ quantity: 22 });
    const named = await order([{ ticket_id: stalls, quantity: 1, seats: ['S1-3-1'] }]);
    expect(named.json().code).toBe('SEAT_TAKEN');
    const held = await api('POST', '/seating/blocks', { seats: ['S1-1-1'], blocked: true });
    expect(held.json().code).toBe('SEAT_NOT_FREE');
    const released = await api('POST', '/seating/blocks', { seats: ['S1-3-1'], blocked: false });
    expect(released.json().counts).toMatchObject({ blocked: 1 });
    const again = await order([{ ticket_id: stalls, quantity: 1, seats: ['S1-3-1'] }]);
    expect(again.statusCode).toBe(201);
  });

  it('frees exactly an order’s seats on expiry, cancel and refund', async () => {
    const expiring = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: stalls, quantity: 2, seats: ['S1-2-5', 'S1-2-6'] }],
      until: 'reserved',
    });
    await kit.app.db.execute(
      sql`update orders set reserved_until = now() - interval '1 minute' where short_id = ${expiring.short_id}`,
    );
    const taken = await seatsOf('RESERVED');
    await sweepExpiredReservations(kit.app.db);
    expect(await seatsOf('RESERVED')).toEqual(taken.filter((k) => k !== 'S1-2-5' && k !== 'S1-2-6'));

    const paid = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: stalls, quantity: 2, seats: ['S1-2-7', 'S1-2-8'] }],
      until: 'offline',
    });
    const cancelled = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: balcony, quantity: 1, seats: ['S2-3-8'] }],
      until: 'offline',
    });
    const idOf = async (shortId: string) =>
      Number(
        (
          await queryRows<{ id: number }>(kit.app.db, sql`select id from orders where short_id = ${shortId}`)
        )[0]?.id,
      );
    const paidId = await idOf(paid.short_id);
    expect((await api('POST', `/orders/${paidId}/mark-paid`)).statusCode).toBe(200);
    expect(await seatsOf('SOLD')).toEqual(['S1-2-7', 'S1-2-8']);
    const refund = await api('POST', `/orders/${paidId}/offline-refunds`, {
      amount: 6000,
      note: 'Cannot come',
      cancel_order: true,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await seatsOf('SOLD')).toEqual([]);
    const cancel = await api('POST', `/orders/${await idOf(cancelled.short_id)}/cancel`, {
      notify_buyer: false,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await seatsOf('RESERVED')).not.toContain('S2-3-8');
    expect(
      (await order([{ ticket_id: stalls, quantity: 4, seats: ['S1-2-5', 'S1-2-6', 'S1-2-7', 'S1-2-8'] }]))
        .statusCode,
    ).toBe(201);
  });

  it('seats each attendee, shows who holds each seat, and moves an attendee', async () => {
    const placed = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: balcony, quantity: 2, seats: ['S2-2-1', 'S2-2-2'] }],
      attendees: ['Ana', 'Rui'],
      until: 'offline',
    });
    const seats = (await api('GET', '/seating/seats')).json();
    const ana = seats.seats.find((s: { key: string }) => s.key === 'S2-2-1');
    expect(ana).toMatchObject({
      status: 'RESERVED',
      order: { short_id: placed.short_id },
      attendee: { name: 'Ana Silva' },
    });
    const moved = await api('PUT', `/attendees/${ana.attendee.id}/seat`, { seat: 'S2-2-8' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json().seats;
    expect(after.find((s: { key: string }) => s.key === 'S2-2-8')).toMatchObject({
      status: 'RESERVED',
      attendee: { name: 'Ana Silva' },
    });
    expect(after.find((s: { key: string }) => s.key === 'S2-2-1')).toMatchObject({
      status: 'AVAILABLE',
      attendee: null,
    });
    expect((await api('PUT', `/attendees/${ana.attendee.id}/seat`, { seat: 'S1-1-8' })).statusCode).toBe(422);
  });

  it('shows each seat on the ticket page, the PDF, the export and the order', async () => {
    const placed = await makeOrder(kit.app, {
      eventId,
      lines: [{ ticket_id: stalls, quantity: 1, seats: ['S1-3-5'] }],
      attendees: ['Iva'],
      until: 'offline',
    });
    const [row] = await queryRows<{ id: number }>(
      kit.app.db,
      sql`select id from orders where short_id = ${placed.short_id}`,
    );
    expect((await api('POST', `/orders/${row?.id}/mark-paid`)).statusCode).toBe(200);
    const ticket = placed.attendees[0];
    expect(ticket?.seat).toEqual({
      key: 'S1-3-5',
      section: 'Section 1',
      row: '3',
      row_kind: 'row',
      seat: '5',
    });
    const page = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/attendees/${ticket?.short_id}`,
    });
    expect(page.json().seat).toMatchObject({ section: 'Section 1', row: '3', seat: '5' });
    const pdf = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${placed.short_id}/tickets.pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect((await pdfText(pdf.rawPayload))[0]).toContain('Section 1, row 3, seat 5');
    const csv = await api('GET', '/attendees/export?format=csv');
    expect(csv.body.split('\n')[0]).toContain('Section,Row or table,Seat');
    expect(csv.body).toMatch(/Iva,Silva,[^\n]*,Section 1,3,5,/);
  });

  it('seats a holder added by hand on the seat named, or on the best free one', async () => {
    const holder = (seat?: string) =>
      api('POST', '/attendees', {
        ticket_id: balcony,
        first_name: 'Guest',
        last_name: seat ?? 'Best',
        email: 'guest@example.com',
        send_ticket_email: false,
        ...(seat ? { seat } : {}),
      });
    expect((await holder('S2-3-1')).statusCode).toBe(201);
    expect((await holder('S2-3-1')).json().code).toBe('SEAT_TAKEN');
    expect((await holder()).statusCode).toBe(201);
    const seats = (await api('GET', '/seating/seats')).json().seats as {
      key: string;
      status: string;
      attendee: { name: string } | null;
    }[];
    expect(seats.find((s) => s.key === 'S2-3-1')).toMatchObject({
      status: 'SOLD',
      attendee: { name: 'Guest S2-3-1' },
    });
    expect(seats.filter((s) => s.attendee?.name === 'Guest Best')).toHaveLength(1);
  });

  it('refuses a plan whose category has no ticket, or another event’s ticket, and keeps the one it has', async () => {
    const planId = await makeSeatingPlan(kit.app, owner, hallPlan({ sections: 2, rows: 1, seatsPerRow: 4 }));
    const other = await makeLiveEvent(kit.app, owner, {
      title: 'Other',
      tickets: [{ title: 'X', type: 'FREE' }],
    });
    const missing = await api('PUT', '/seating', {
      plan_id: planId,
      categories: [{ category: 'cat-1', ticket_id: stalls }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['categories.cat-2']).toEqual([
      'Choose the ticket sold for the seats of this price category.',
    ]);
    const foreign = await api('PUT', '/seating', {
      plan_id: planId,
      categories: [
        { category: 'cat-1', ticket_id: stalls },
        { category: 'cat-2', ticket_id: other.tickets[0]?.id },
      ],
    });
    expect(foreign.json().errors['categories.1.ticket_id']).toEqual(['Choose a ticket of this event.']);
    const held = await api('PUT', '/seating', {
      plan_id: planId,
      categories: [
        { category: 'cat-1', ticket_id: stalls },
        { category: 'cat-2', ticket_id: balcony },
      ],
    });
    expect(held.json().code).toBe('SEATING_IN_USE');
    expect((await api('GET', '/seating')).json().seating.seat_count).toBe(48);
  });

  it('a plan round-trips through its JSON format', () => {
    const plan = hallPlan({ sections: 2, rows: 3, seatsPerRow: 8, aisleAfter: 4 });
    expect(SeatingPlan.parse(JSON.parse(JSON.stringify(plan)))).toEqual(plan);
  });
});
