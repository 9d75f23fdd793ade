import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import type { TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makePromoCode, type Owner } from '../../test/builders';
import { createRushApp, rushOrders, tally } from '../../test/rush';
import { addDate, firstDateOf } from '../../test/stock';

// Stock per date (issue 36, decision 049), proved over real HTTP: buyers of one date's last
// seats race each other while another date of the same event sells freely. On PostgreSQL the
// requests run in parallel on a pool of connections; PGlite has one, so there it checks counting.

const BUYERS = 200;
const STOCK = 50;

let t: TestApp;
let owner: Owner;
let base: string;
let rounds: number;

beforeAll(async () => {
  ({ t, base } = await createRushApp());
  rounds = t.app.databaseKind === 'postgresql' ? 5 : 1;
  owner = await makeAccount(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A live event with two dates: its own (the first) and one a week later. */
async function twoDates(
  title: string,
  tickets: NonNullable<Parameters<typeof makeLiveEvent>[2]>['tickets'],
  second: { capacity?: number } = {},
) {
  const { event, tickets: made } = await makeLiveEvent(t.app, owner, {
    title,
    start_date: '2031-10-01T20:00:00Z',
    settings: { offline_payments_enabled: true },
    tickets,
  });
  const first = await firstDateOf(t.app.db, event.id);
  const later = await addDate(t.app, owner, {
    eventId: event.id,
    starts_at: '2031-10-08T20:00:00Z',
    capacity: second.capacity ?? null,
  });
  return { eventId: event.id, tickets: made, first, second: later };
}

/** Sends all the orders at once; answers the statuses per date asked for. */
async function rush(eventId: number, bodies: { date_id: number }[]) {
  const statuses = await rushOrders({ base, eventId, bodies });
  return (dateId: number) => statuses.filter((_, i) => bodies[i]?.date_id === dateId);
}

const created = (statuses: number[]) => tally(statuses).created;

/** Seats sold and held per date of a ticket, and the orders' seats per date, to compare. */
async function perDate(ticketId: number) {
  const stock = await queryRows<{ date_id: string | number; taken: number }>(
    t.app.db,
    sql`select date_id, (quantity_sold + quantity_reserved)::int as taken from ticket_stock
        where ticket_id = ${ticketId} order by date_id`,
  );
  const ordered = await queryRows<{ date_id: string | number; seats: number }>(
    t.app.db,
    sql`select o.date_id, sum(i.quantity)::int as seats from order_items i join orders o on o.id = i.order_id
        where i.ticket_id = ${ticketId} and o.status = 'RESERVED' group by o.date_id order by o.date_id`,
  );
  return {
    stock: Object.fromEntries(stock.map((r) => [Number(r.date_id), r.taken])),
    ordered: Object.fromEntries(ordered.map((r) => [Number(r.date_id), r.seats])),
  };
}

describe(`${BUYERS} buyers for one date's last ${STOCK} seats while another date sells`, () => {
  it('sells exactly the stock of the raced date and every seat asked of the other', async () => {
    for (let round = 0; round < rounds; round++) {
      const e = await twoDates(`Dates ${round}`, [
        { title: 'Seat', type: 'FREE', quantity_available: STOCK, max_per_order: 10 },
      ]);
      const seat = e.tickets[0]?.id ?? 0;
      const line = { tickets: [{ ticket_id: seat, quantity: 1 }] };
      const bodies = [
        ...Array.from({ length: BUYERS }, () => ({ ...line, date_id: e.first })),
        ...Array.from({ length: 40 }, () => ({ ...line, date_id: e.second })),
      ].sort(() => Math.random() - 0.5);
      const of = await rush(e.eventId, bodies);
      expect(created(of(e.first))).toBe(STOCK);
      expect(new Set(of(e.first).filter((s) => s !== 201))).toEqual(new Set([409]));
      expect(of(e.second)).toEqual(Array.from({ length: 40 }, () => 201));
      const counted = await perDate(seat);
      expect(counted.stock).toEqual({ [e.first]: STOCK, [e.second]: 40 });
      expect(counted.ordered).toEqual(counted.stock);
    }
  }, 180_000);

  it("keeps a date's capacity across its tickets, and a promo code's limit per date", async () => {
    for (let round = 0; round < rounds; round++) {
      const e = await twoDates(
        `Capped ${round}`,
        [
          { title: 'Stalls', type: 'FREE', quantity_available: STOCK },
          { title: 'Circle', type: 'FREE', quantity_available: STOCK },
        ],
        { capacity: 30 },
      );
      const [stalls, circle] = e.tickets.map((x) => x.id);
      const code = await makePromoCode(t.app, owner, {
        eventId: e.eventId,
        code: `LIMIT${round}`,
        discount_type: 'NONE',
        max_allowed_usages: 10,
      });
      // The second date has a capacity of 30 over both tickets; buyers with the code take the
      // transactional way, the others the one statement.
      const bodies = Array.from({ length: BUYERS }, (_, i) => ({
        tickets: [{ ticket_id: i % 2 === 0 ? (stalls ?? 0) : (circle ?? 0), quantity: 1 }],
        date_id: e.second,
        ...(i % 4 === 0 ? { promo_code: code.code } : {}),
      }));
      const withCode = Array.from({ length: 20 }, () => ({
        tickets: [{ ticket_id: stalls ?? 0, quantity: 1 }],
        date_id: e.first,
        promo_code: code.code,
      }));
      const of = await rush(e.eventId, [...bodies, ...withCode]);
      expect(created(of(e.second))).toBe(30);
      // The code's 10 uses hold on each date on its own.
      expect(created(of(e.first))).toBe(10);
      const [date] = await queryRows<{ used: number }>(
        t.app.db,
        sql`select used from event_dates where id = ${e.second}`,
      );
      expect(date?.used).toBe(30);
      const uses = await queryRows<{ date_id: string | number; times_used: number }>(
        t.app.db,
        sql`select date_id, times_used from promo_code_stock where promo_code_id = ${code.id} order by date_id`,
      );
      expect(uses.map((u) => [Number(u.date_id), u.times_used])).toEqual([
        [e.first, 10],
        [e.second, expect.any(Number)],
      ]);
      expect(uses[1]?.times_used).toBeLessThanOrEqual(10);
    }
  }, 180_000);
});
