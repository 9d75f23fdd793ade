import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capacityAssignments, promoCodes, ticketPrices, tickets, users } from '../../db/schema';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

// The inventory design (docs/architecture.md#inventory), proved: many buyers at once over real
// HTTP, against each kind of counter. On PostgreSQL (CI runs this file there too) the requests
// really run in parallel on a pool of connections; PGlite has one connection, so there the rounds
// are fewer and check the counting.

const BUYERS = 200;
const STOCK = 50;

let kit: IdentityKit;
let owner: Awaited<ReturnType<IdentityKit['register']>>;
let eventId: number;
let base: string;
let rounds: number;

beforeAll(async () => {
  // Hundreds of buyers a round, all from 127.0.0.1: the limits on orders would stop the race
  // before it starts (they are tested in server/http/abuse-limits.test.ts).
  kit = await createIdentityKit({
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_EVENT_PER_MINUTE: '100000',
    OPEN_ORDERS_PER_ADDRESS: '100000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  });
  rounds = kit.app.databaseKind === 'postgresql' ? 10 : 2;
  owner = await kit.register();
  await kit.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, owner.userId));
  eventId = (
    await kit.createEvent(owner.token, {
      title: 'Rush',
      start_date: '2031-10-01T20:00:00Z',
      settings: { offline_payments_enabled: true },
    })
  ).id;
  await kit.as(owner.token, {
    method: 'PUT',
    url: `/api/events/${eventId}/status`,
    payload: { status: 'LIVE' },
  });
  await kit.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await kit?.close();
});

async function post<T>(url: string, payload: object): Promise<T> {
  const res = await kit.as(owner.token, { method: 'POST', url: `/api/events/${eventId}${url}`, payload });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as T;
}

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

const ticketRow = async (id: number) =>
  (await kit.app.db.select().from(tickets).where(eq(tickets.id, id)))[0];

describe(`${BUYERS} buyers at once against a stock of ${STOCK}`, () => {
  it('a ticket', async () => {
    for (let round = 0; round < rounds; round++) {
      const t = await post<{ id: number }>('/tickets', {
        title: `T${round}`,
        type: 'FREE',
        quantity_available: STOCK,
      });
      expectExactlyStock(
        await rush(Array.from({ length: BUYERS }, () => ({ tickets: [{ ticket_id: t.id, quantity: 1 }] }))),
      );
      expect(await ticketRow(t.id)).toMatchObject({ quantityReserved: STOCK, quantitySold: 0 });
    }
  }, 120_000);

  it('a capacity assignment shared by two tickets', async () => {
    for (let round = 0; round < rounds; round++) {
      const a = await post<{ id: number }>('/tickets', { title: `A${round}`, type: 'FREE' });
      const b = await post<{ id: number }>('/tickets', { title: `B${round}`, type: 'FREE' });
      const room = await post<{ id: number }>('/capacity-assignments', {
        name: `Room ${round}`,
        capacity: STOCK,
        ticket_ids: [a.id, b.id],
      });
      const bodies = Array.from({ length: BUYERS }, (_, i) => ({
        tickets: [{ ticket_id: i % 2 === 0 ? a.id : b.id, quantity: 1 }],
      }));
      expectExactlyStock(await rush(bodies));
      const [row] = await kit.app.db
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
      const t = await post<{ id: number; prices: { id: number }[] }>('/tickets', {
        title: `Tiered ${round}`,
        type: 'TIERED',
        prices: [
          { label: 'Early', price: 1000, quantity_available: STOCK },
          { label: 'Late', price: 2000 },
        ],
      });
      const early = t.prices[0]?.id ?? 0;
      expectExactlyStock(
        await rush(
          Array.from({ length: BUYERS }, () => ({
            tickets: [{ ticket_id: t.id, price_id: early, quantity: 1 }],
          })),
        ),
      );
      const [tier] = await kit.app.db.select().from(ticketPrices).where(eq(ticketPrices.id, early));
      expect(tier?.quantityReserved).toBe(STOCK);
      expect((await ticketRow(t.id))?.quantityReserved).toBe(STOCK);
    }
  }, 120_000);

  it('a promo code’s usage limit', async () => {
    for (let round = 0; round < rounds; round++) {
      const t = await post<{ id: number }>('/tickets', { title: `P${round}`, type: 'PAID', price: 1000 });
      const code = await post<{ id: number; code: string }>('/promo-codes', {
        code: `RUSH${round}`,
        discount_type: 'PERCENTAGE',
        discount: 50,
        max_allowed_usages: STOCK,
      });
      expectExactlyStock(
        await rush(
          Array.from({ length: BUYERS }, () => ({
            tickets: [{ ticket_id: t.id, quantity: 1 }],
            promo_code: code.code,
          })),
        ),
      );
      const [row] = await kit.app.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
      expect(row?.timesUsed).toBe(STOCK);
    }
  }, 120_000);

  it('left no counter above its limit', async () => {
    const over = await kit.app.db.execute(sql`
      select 'ticket' as kind, id from tickets where quantity is not null and quantity_sold + quantity_reserved > quantity
      union all select 'tier', id from ticket_prices where quantity is not null and quantity_sold + quantity_reserved > quantity
      union all select 'capacity', id from capacity_assignments where capacity is not null and used > capacity
      union all select 'promo', id from promo_codes where usage_limit is not null and times_used > usage_limit`);
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
