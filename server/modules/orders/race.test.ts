import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import {
  makeAccount,
  makeCapacityAssignment,
  makeLiveEvent,
  makePromoCode,
  makeTicket,
  type Owner,
} from '../../test/builders';
import { createRushApp, rushOrders, tally } from '../../test/rush';
import { capacityUsed, promoUses, ticketCounts, tierCounts } from '../../test/stock';

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
  ({ t, base } = await createRushApp());
  rounds = t.app.databaseKind === 'postgresql' ? 10 : 2;
  owner = await makeAccount(t.app);
  const { event } = await makeLiveEvent(t.app, owner, {
    title: 'Rush',
    start_date: '2031-10-01T20:00:00Z',
    settings: { offline_payments_enabled: true },
    tickets: [],
  });
  eventId = event.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const ticket = (fields: Omit<Parameters<typeof makeTicket>[2], 'eventId'>) =>
  makeTicket(t.app, owner, { eventId, ...fields });

/** Sends all the orders at once; returns how many were reserved and the other statuses. */
const rush = async (bodies: object[]) => tally(await rushOrders({ base, eventId, bodies }));

const expectExactlyStock = ({ created, others }: { created: number; others: number[] }) => {
  expect(created).toBe(STOCK);
  expect(others).toHaveLength(BUYERS - STOCK);
  expect(new Set(others)).toEqual(new Set([409]));
};

const ticketRow = (id: number) => ticketCounts(t.app.db, id);

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
      expect(await capacityUsed(t.app.db, room.id)).toBe(STOCK);
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
      expect((await tierCounts(t.app.db, early)).quantityReserved).toBe(STOCK);
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
      expect(await promoUses(t.app.db, code.id)).toBe(STOCK);
    }
  }, 120_000);

  it('left no counter above its limit, on any date, as the limits themselves say', async () => {
    const over = await t.app.db.execute(sql`
      select 'ticket' as kind, t.id from ticket_stock s join tickets t on t.id = s.ticket_id
        where coalesce(case when s.own_quantity then s.quantity else t.quantity end, 2147483647)
          < s.quantity_sold + s.quantity_reserved
      union all select 'tier', p.id from tier_stock s join ticket_prices p on p.id = s.price_id
        where p.quantity is not null and s.quantity_sold + s.quantity_reserved > p.quantity
      union all select 'capacity', a.id from capacity_stock s join capacity_assignments a on a.id = s.capacity_assignment_id
        where a.status = 'ACTIVE' and a.capacity is not null and s.used > a.capacity
      union all select 'promo', c.id from promo_code_stock s join promo_codes c on c.id = s.promo_code_id
        where c.usage_limit is not null and s.times_used > c.usage_limit
      union all select 'date', d.id from event_dates d where d.capacity is not null and d.used > d.capacity`);
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
