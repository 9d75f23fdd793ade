import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import type { TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, type Owner } from '../../test/builders';
import { createRushApp } from '../../test/rush';
import { hallPlan, seatEvent } from '../../test/seating';

// The seat inventory under a rush (issue 42, decision 067): many buyers at once over real HTTP
// for the same few seats, by name and as "the best N together". On PostgreSQL the requests run
// in parallel on a pool; PGlite has one connection and checks the counting.

const BUYERS = 300;

let t: TestApp;
let owner: Owner;
let base: string;

beforeAll(async () => {
  ({ t, base } = await createRushApp());
  owner = await makeAccount(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A live event selling one plan's seats with one ticket. */
async function seatedEvent(plan: ReturnType<typeof hallPlan>) {
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Opening night',
    tickets: [{ title: 'Seat', type: 'FREE', max_per_order: 10 }],
  });
  const ticketId = tickets[0]?.id ?? 0;
  await seatEvent(t.app, owner, { eventId: event.id, plan, ticketIds: [ticketId] });
  return { eventId: event.id, ticketId };
}

/** Sends every body at once; answers each order's status and, when made, its seats. */
function rush(eventId: number, bodies: object[]) {
  return Promise.all(
    bodies.map(async (body) => {
      const res = await fetch(`${base}/api/public/events/${eventId}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code?: string; items?: { seats: { key: string }[] }[] };
      return {
        status: res.status,
        code: json.code,
        seats: json.items?.flatMap((i) => i.seats.map((s) => s.key)) ?? [],
      };
    }),
  );
}

/** What the database holds: each held seat's order, and each order's seats. */
async function held(eventId: number) {
  const seats = await queryRows<{
    seat_key: string;
    order_id: string | number;
    block: number;
    position: number;
  }>(
    t.app.db,
    sql`select seat_key, order_id, block, position from event_seats
        where event_id = ${eventId} and status = 'RESERVED' order by position`,
  );
  const [stock] = await queryRows<{ reserved: number }>(
    t.app.db,
    sql`select sum(quantity_reserved)::int as reserved from ticket_stock s join tickets k on k.id = s.ticket_id
        where k.event_id = ${eventId}`,
  );
  const recorded = await queryRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from order_seats s join orders o on o.id = s.order_id where o.event_id = ${eventId}`,
  );
  return { seats, reserved: stock?.reserved ?? 0, recorded: recorded[0]?.n ?? 0 };
}

describe(`${BUYERS} buyers at once`, () => {
  it('for the same 20 seats by name: each seat sold once, no order with part of its seats', async () => {
    const { eventId, ticketId } = await seatedEvent(hallPlan({ rows: 2, seatsPerRow: 10 }));
    const keys = Array.from({ length: 20 }, (_, i) => `S1-${Math.floor(i / 10) + 1}-${(i % 10) + 1}`);
    // Each buyer wants one or two of the same 20 seats, overlapping one another.
    const wants = Array.from({ length: BUYERS }, (_, b) => {
      const first = keys[(b * 7) % 20] as string;
      const second = keys[(b * 7 + 1 + (b % 3)) % 20] as string;
      return b % 2 === 0 ? [first] : [first, second];
    });
    const results = await rush(
      eventId,
      wants.map((seats) => ({ tickets: [{ ticket_id: ticketId, quantity: seats.length, seats }] })),
    );
    const made = results.filter((r) => r.status === 201);
    // Refused: a seat went, or (once all 20 went) the ticket itself is sold out.
    for (const r of results)
      if (r.status !== 201) expect(['SEAT_TAKEN', 'NOT_ENOUGH_AVAILABLE']).toContain(r.code);
    // Each order got exactly the seats it asked for.
    for (const [i, r] of results.entries()) if (r.status === 201) expect(r.seats).toEqual(wants[i]);
    const sold = made.flatMap((r) => r.seats);
    expect(new Set(sold).size).toBe(sold.length);
    const db = await held(eventId);
    expect(db.seats.map((s) => s.seat_key).sort()).toEqual([...sold].sort());
    expect(db.reserved).toBe(sold.length);
    expect(db.recorded).toBe(sold.length);
    expect(sold.length).toBeGreaterThanOrEqual(10);
  }, 180_000);

  it('for "the best 4 together" of 40 seats: 8 orders, each 4 side by side, no seat twice', async () => {
    // 4 rows of 10, an aisle after seat 5: each row holds two runs of 4 (seats 1-4 or 2-5, 6-9 or 7-10).
    const { eventId, ticketId } = await seatedEvent(hallPlan({ rows: 4, seatsPerRow: 10, aisleAfter: 5 }));
    const results = await rush(
      eventId,
      Array.from({ length: BUYERS }, () => ({ tickets: [{ ticket_id: ticketId, quantity: 4 }] })),
    );
    const made = results.filter((r) => r.status === 201);
    expect(made).toHaveLength(8);
    expect(new Set(results.filter((r) => r.status !== 201).map((r) => r.code))).toEqual(
      new Set(['SEATS_NOT_TOGETHER']),
    );
    const db = await held(eventId);
    expect(db.seats).toHaveLength(32);
    expect(db.reserved).toBe(32);
    const byOrder = new Map<string, typeof db.seats>();
    for (const seat of db.seats)
      byOrder.set(String(seat.order_id), [...(byOrder.get(String(seat.order_id)) ?? []), seat]);
    expect(byOrder.size).toBe(8);
    for (const seats of byOrder.values()) {
      expect(seats).toHaveLength(4);
      expect(new Set(seats.map((s) => s.block)).size).toBe(1);
      expect(seats.map((s) => s.position - (seats[0]?.position ?? 0))).toEqual([0, 1, 2, 3]);
    }
  }, 180_000);
});
