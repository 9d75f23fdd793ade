import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityAssignments, promoCodes, ticketPrices, tickets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeCapacityAssignment,
  makeLiveEvent,
  makePromoCode,
  makeTicket,
  type Owner,
} from '../../test/builders';

// The inventory design (docs/architecture.md#inventory), proved: many buyers at once over real
// HTTP, against each kind of counter. On PostgreSQL (CI runs this file there too) the requests
// really run in parallel on a pool of connections; PGlite has one connection, so there the rounds
// are fewer and check the counting.

const BUYERS = 200;
const STOCK = 50;

let t: TestApp;
let owner: Owner;
let eventId: number;
let base: string;
let rounds: number;

beforeAll(async () => {
  // Hundreds of buyers a round, all from 127.0.0.1: the limits on orders would stop the race
  // before it starts (they are tested in server/http/abuse-limits.test.ts).
  t = await createTestApp({
    env: {
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
      ORDER_RATE_LIMIT_PER_EVENT_PER_MINUTE: '100000',
      OPEN_ORDERS_PER_ADDRESS: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  rounds = t.app.databaseKind === 'postgresql' ? 10 : 2;
  owner = await makeAccount(t.app);
  const { event } = await makeLiveEvent(t.app, owner, {
    title: 'Rush',
    start_date: '2031-10-01T20:00:00Z',
    settings: { offline_payments_enabled: true },
    tickets: [],
  });
  eventId = event.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const ticket = (fields: Omit<Parameters<typeof makeTicket>[2], 'eventId'>) =>
  makeTicket(t.app, owner, { eventId, ...fields });

/** Sends all the orders at once; returns how many were reserved and the other statuses. */
async function rush(bodies: object[]): Promise<{ created: number; others: number[] }> {
  const statuses = await Promise.all(
    bodies.map(async (body) => {
      const res = await fetch(`${base}/api/public/events/${eventId}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  return { created: statuses.filter((s) => s === 201).length, others: statuses.filter((s) => s !== 201) };
}

const expectExactlyStock = ({ created, others }: { created: number; others: number[] }) => {
  expect(created).toBe(STOCK);
  expect(others).toHaveLength(BUYERS - STOCK);
  expect(new Set(others)).toEqual(new Set([409]));
};

const ticketRow = async (id: number) => (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0];

describe(`${BUYERS} buyers at once against a stock of ${STOCK}`, () => {
  it('a ticket', async () => {
    for (let round = 0; round < rounds; round++) {
      const seat = await ticket({ title: `T${round}`, type: 'FREE', quantity_available: STOCK });
      expectExactlyStock(
        await rush(
          Array.from({ length: BUYERS }, () => ({ tickets: [{ ticket_id: seat.id, quantity: 1 }] })),
        ),
      );
      expect(await ticketRow(seat.id)).toMatchObject({ quantityReserved: STOCK, quantitySold: 0 });
    }
  }, 120_000);

  it('a capacity assignment shared by two tickets', async () => {
    for (let round = 0; round < rounds; round++) {
      const a = await ticket({ title: `A${round}`, type: 'FREE' });
      const b = await ticket({ title: `B${round}`, type: 'FREE' });
      const room = await makeCapacityAssignment(t.app, owner, {
        eventId,
        name: `Room ${round}`,
        capacity: STOCK,
        ticket_ids: [a.id, b.id],
      });
      const bodies = Array.from({ length: BUYERS }, (_, i) => ({
        tickets: [{ ticket_id: i % 2 === 0 ? a.id : b.id, quantity: 1 }],
      }));
      expectExactlyStock(await rush(bodies));
      const [row] = await t.app.db
        .select()
        .from(capacityAssignments)
        .where(eq(capacityAssignments.id, room.id));
      expect(row?.used).toBe(STOCK);
      const reserved =
        ((await ticketRow(a.id))?.quantityReserved ?? 0) + ((await ticketRow(b.id))?.quantityReserved ?? 0);
      expect(reserved).toBe(STOCK);
    }
  }, 120_000);

  it('a price tier', async () => {
    for (let round = 0; round < rounds; round++) {
      const tiered = await ticket({
        title: `Tiered ${round}`,
        type: 'TIERED',
        prices: [
          { label: 'Early', price: 1000, quantity_available: STOCK },
          { label: 'Late', price: 2000 },
        ],
      });
      const early = tiered.prices[0]?.id ?? 0;
      expectExactlyStock(
        await rush(
          Array.from({ length: BUYERS }, () => ({
            tickets: [{ ticket_id: tiered.id, price_id: early, quantity: 1 }],
          })),
        ),
      );
      const [tier] = await t.app.db.select().from(ticketPrices).where(eq(ticketPrices.id, early));
      expect(tier?.quantityReserved).toBe(STOCK);
      expect((await ticketRow(tiered.id))?.quantityReserved).toBe(STOCK);
    }
  }, 120_000);

  it('a promo code’s usage limit', async () => {
    for (let round = 0; round < rounds; round++) {
      const paid = await ticket({ title: `P${round}`, type: 'PAID', price: 1000 });
      const code = await makePromoCode(t.app, owner, {
        eventId,
        code: `RUSH${round}`,
        discount_type: 'PERCENTAGE',
        discount: 50,
        max_allowed_usages: STOCK,
      });
      expectExactlyStock(
        await rush(
          Array.from({ length: BUYERS }, () => ({
            tickets: [{ ticket_id: paid.id, quantity: 1 }],
            promo_code: code.code,
          })),
        ),
      );
      const [row] = await t.app.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
      expect(row?.timesUsed).toBe(STOCK);
    }
  }, 120_000);

  it('left no counter above its limit', async () => {
    const over = await t.app.db.execute(sql`
      select 'ticket' as kind, id from tickets where quantity is not null and quantity_sold + quantity_reserved > quantity
      union all select 'tier', id from ticket_prices where quantity is not null and quantity_sold + quantity_reserved > quantity
      union all select 'capacity', id from capacity_assignments where capacity is not null and used > capacity
      union all select 'promo', id from promo_codes where usage_limit is not null and times_used > usage_limit`);
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
