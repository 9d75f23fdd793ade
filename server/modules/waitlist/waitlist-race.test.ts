import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, waitlistEntries } from '../../db/schema';
import type { TestApp } from '../../test/app';
import {
  makeAccount,
  makeCapacityAssignment,
  makeLiveEvent,
  makeOrder,
  type Owner,
} from '../../test/builders';
import { createRushApp } from '../../test/rush';
import { capacityUsed, ticketCounts } from '../../test/stock';

// Waiting lists under a rush (decision 030): seats freed by cancellations, ordinary buyers and
// buyers with offers, all at once over real HTTP. On PostgreSQL (CI runs this file there too)
// 200 requests a round really run in parallel; PGlite has one connection and runs fewer. After
// every round the counters must add up: no seat sold or held twice, every held seat is one
// offer or one open order, and while people wait a freed seat never reaches an ordinary buyer.

const STOCK = 40;

let t: TestApp;
let owner: Owner;
let base: string;
let requests: number;

beforeAll(async () => {
  ({ t, base } = await createRushApp());
  requests = t.app.databaseKind === 'postgresql' ? 200 : 60;
  owner = await makeAccount(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function send(method: string, path: string, body?: object, auth = false): Promise<number> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(auth ? { authorization: `Bearer ${owner.token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  await res.arrayBuffer();
  return res.status;
}

/** What must hold for a ticket after any mix of requests. */
async function expectConsistent(ticketId: number, capacityId?: number) {
  const ticket = await ticketCounts(t.app.db, ticketId);
  const held = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.ticketId, ticketId),
        eq(waitlistEntries.status, 'OFFERED'),
        sql`${waitlistEntries.orderId} is null`,
      ),
    );
  const open = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.ticketId, ticketId), inArray(orders.status, ['RESERVED', 'AWAITING_PAYMENT'])));
  const sold = await t.app.db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.ticketId, ticketId), eq(orders.status, 'COMPLETED')));
  const offersOfOneOrder = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.ticketId, ticketId), sql`${waitlistEntries.orderId} is not null`))
    .groupBy(waitlistEntries.orderId)
    .having(sql`count(*) > 1`);
  expect(ticket?.quantitySold).toBe(sold[0]?.n);
  expect(ticket?.quantityReserved).toBe((held[0]?.n ?? 0) + (open[0]?.n ?? 0));
  expect((ticket?.quantitySold ?? 0) + (ticket?.quantityReserved ?? 0)).toBeLessThanOrEqual(STOCK);
  expect(offersOfOneOrder).toEqual([]);
  if (capacityId !== undefined) {
    expect(await capacityUsed(t.app.db, capacityId)).toBe(
      (ticket?.quantitySold ?? 0) + (ticket?.quantityReserved ?? 0),
    );
  }
  return ticket;
}

async function soldOut(withCapacity: boolean) {
  const { event, tickets: made } = await makeLiveEvent(t.app, owner, {
    settings: { waitlist_enabled: true },
    tickets: [{ title: 'Seat', type: 'FREE', quantity_available: withCapacity ? null : STOCK }],
  });
  const ticketId = made[0]?.id ?? 0;
  const room = withCapacity
    ? await makeCapacityAssignment(t.app, owner, {
        eventId: event.id,
        name: 'Hall',
        capacity: STOCK,
        ticket_ids: [ticketId],
      })
    : undefined;
  const sold = [];
  for (let i = 0; i < STOCK; i++)
    sold.push(await makeOrder(t.app, { eventId: event.id, lines: [{ ticket_id: ticketId, quantity: 1 }] }));
  t.app.publicReads.forget();
  const joins = await Promise.all(
    Array.from({ length: STOCK * 2 }, (_, i) =>
      send('POST', `/api/public/events/${event.id}/waitlist`, {
        ticket_id: ticketId,
        first_name: 'Person',
        last_name: `${i}`,
        email: `person${i}@example.com`,
      }),
    ),
  );
  expect(new Set(joins)).toEqual(new Set([201]));
  const ids = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.eventId, event.id));
  return { eventId: event.id, ticketId, capacityId: room?.id, orderIds: ids.map((o) => o.id) };
}

const offeredTokens = async (ticketId: number) =>
  (
    await t.app.db
      .select({ token: waitlistEntries.token })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.ticketId, ticketId),
          eq(waitlistEntries.status, 'OFFERED'),
          sql`${waitlistEntries.orderId} is null`,
        ),
      )
  ).map((r) => r.token);

describe.each([
  ['its own quantity', false],
  ['a capacity assignment', true],
])('a ticket sold out by %s, its seats freed while buyers rush', (_, withCapacity) => {
  it('never oversells, offers each freed seat once, and gives none to ordinary buyers while people wait', async () => {
    const show = await soldOut(withCapacity);
    const orderPath = `/api/public/events/${show.eventId}/orders`;
    const line = [{ ticket_id: show.ticketId, quantity: 1 }];

    // Round 1: half the requests cancel orders, half are ordinary buyers, all at once.
    const cancels = show.orderIds.slice(0, Math.min(STOCK, requests / 2));
    const round1 = await Promise.all([
      ...cancels.map((id) =>
        send('POST', `/api/events/${show.eventId}/orders/${id}/cancel`, { notify_buyer: false }, true),
      ),
      ...Array.from({ length: requests - cancels.length }, () => send('POST', orderPath, { tickets: line })),
    ]);
    expect(round1.slice(0, cancels.length).every((s) => s === 200)).toBe(true);
    // Twice as many people wait as seats freed: every freed seat went to an offer.
    expect(round1.slice(cancels.length).filter((s) => s === 201)).toEqual([]);
    let ticket = await expectConsistent(show.ticketId, show.capacityId);
    const tokens = await offeredTokens(show.ticketId);
    expect(tokens).toHaveLength(cancels.length);
    expect(ticket?.quantityReserved).toBe(cancels.length);

    // Round 2: each offer used twice at once, people leaving, ordinary buyers, at once.
    const leavers = await t.app.db
      .select({ token: waitlistEntries.token })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.ticketId, show.ticketId), eq(waitlistEntries.status, 'WAITING')))
      .limit(10);
    const round2 = await Promise.all([
      ...tokens.flatMap((token) => [
        send('POST', orderPath, { tickets: line, waitlist_offer: token }),
        send('POST', orderPath, { tickets: line, waitlist_offer: token }),
      ]),
      ...leavers.map((l) => send('DELETE', `/api/public/events/${show.eventId}/waitlist/${l.token}`)),
      ...Array.from({ length: Math.max(0, requests - tokens.length * 2 - leavers.length) }, () =>
        send('POST', orderPath, { tickets: line }),
      ),
    ]);
    const offerResults = round2.slice(0, tokens.length * 2);
    expect(offerResults.filter((s) => s === 201)).toHaveLength(tokens.length);
    expect(new Set(offerResults.filter((s) => s !== 201))).toEqual(new Set([409]));
    expect(round2.slice(tokens.length * 2 + leavers.length).filter((s) => s === 201)).toEqual([]);
    ticket = await expectConsistent(show.ticketId, show.capacityId);
    expect(ticket?.quantityReserved).toBe(tokens.length);
  }, 180_000);
});
