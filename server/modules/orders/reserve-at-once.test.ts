import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { queryRows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, type Owner } from '../../test/builders';

// A plain reservation (no promo code, affiliate, waiting-list offer, webhook or shared capacity)
// is one statement without BEGIN or COMMIT (decision 044): all of it is written or none of it.

let t: TestApp;
let owner: Owner;
let sent: string[] | null = null;
let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;

let warmUp: { eventId: number; ticketId: number };

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => sent?.push(text) });
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, { title: 'Warm-up' });
  warmUp = { eventId: event.id, ticketId: tickets[0]?.id ?? 0 };
});
afterAll(async () => {
  await t?.close();
});

const reserve = (
  eventId: number,
  tickets: { ticket_id: number; price_id?: number; quantity: number }[],
  from = newAddress(),
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/orders`,
    payload: { tickets },
    remoteAddress: from,
  });

/** The stock counters and rows a reservation moves, to compare before and after. */
const counters = async (eventId: number) => ({
  tickets: await queryRows(
    t.app.db,
    sql`select s.ticket_id as id, s.quantity_reserved from ticket_stock s join tickets t on t.id = s.ticket_id
        where t.event_id = ${eventId} order by s.ticket_id`,
  ),
  tiers: await queryRows(
    t.app.db,
    sql`select p.id, s.quantity_reserved from tier_stock s join ticket_prices p on p.id = s.price_id
        join tickets t on t.id = p.ticket_id where t.event_id = ${eventId} order by p.id`,
  ),
  orders: await queryRows(t.app.db, sql`select id from orders where event_id = ${eventId}`),
  items: await queryRows(
    t.app.db,
    sql`select i.id from order_items i join orders o on o.id = i.order_id where o.event_id = ${eventId}`,
  ),
});

/** An address that reserved once: its lanes are made (its first reservation, a transaction, makes them). */
async function knownAddress(): Promise<string> {
  const from = newAddress();
  const res = await reserve(warmUp.eventId, [{ ticket_id: warmUp.ticketId, quantity: 1 }], from);
  expect(res.statusCode, res.body).toBe(201);
  return from;
}

const writes = (texts: string[]) =>
  texts.filter((text) => /^\s*(with|insert|update|delete|begin)\b/i.test(text));

describe('a plain reservation', () => {
  it('is one statement, which takes the lane and the seats and writes the order with its items', async () => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'One statement',
      tickets: [
        { title: 'Stalls', type: 'FREE', quantity_available: 10 },
        { title: 'Balcony', type: 'FREE', quantity_available: 10 },
      ],
    });
    const [stalls, balcony] = tickets.map((ticket) => ticket.id) as [number, number];
    const from = await knownAddress();
    sent = [];
    const res = await reserve(
      event.id,
      [
        { ticket_id: stalls, quantity: 2 },
        { ticket_id: balcony, quantity: 1 },
      ],
      from,
    );
    const texts = sent;
    sent = null;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items.map((item: { quantity: number }) => item.quantity)).toEqual([2, 1]);
    const [statement, ...others] = writes(texts);
    expect(
      others.map((text) => text.slice(0, 80)),
      'statements that write besides the one',
    ).toEqual([]);
    expect(statement).toMatch(/update address_lanes/);
    expect(statement).toMatch(/insert into orders/);
    const after = await counters(event.id);
    expect(after.tickets.map((row) => Number(row.quantity_reserved))).toEqual([2, 1]);
    expect(after.items).toHaveLength(2);
  });

  it('makes an address’s lanes on its first reservation, or counts its open orders when it holds some', async () => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'First time',
      tickets: [{ title: 'Door', type: 'FREE', quantity_available: 100 }],
    });
    const door = tickets[0]?.id ?? 0;
    const lanes = async (address: string) =>
      (
        await queryRows<{ held: number }>(
          t.app.db,
          sql`select held from address_lanes where address = ${address} order by lane`,
        )
      ).map((row) => Number(row.held));
    const from = newAddress();
    sent = [];
    const first = await reserve(event.id, [{ ticket_id: door, quantity: 1 }], from);
    const texts = sent;
    sent = null;
    expect(first.statusCode, first.body).toBe(201);
    expect(writes(texts).map((text) => text.slice(0, 40))).toEqual([expect.stringMatching(/^with lane as/)]);
    expect(await lanes(from)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    // Lanes gone while the address holds an open order (as before migration 0037): counted,
    // and the count of two spread within the lanes' shares of the cap of 10.
    await t.app.db.execute(sql`delete from address_lanes where address = ${from}`);
    expect((await reserve(event.id, [{ ticket_id: door, quantity: 1 }], from)).statusCode).toBe(201);
    expect(await lanes(from)).toEqual([2, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('writes nothing when one of its counters has no room, though those before it had', async () => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'All or nothing',
      settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
      tickets: [
        {
          title: 'Early',
          type: 'TIERED',
          prices: [{ label: 'Member', price: 1000, quantity_available: 5 }],
          quantity_available: 20,
        },
        { title: 'Late', type: 'FREE', quantity_available: 1 },
      ],
    });
    const [early, late] = tickets as [(typeof tickets)[number], (typeof tickets)[number]];
    const tier = early.prices[0]?.id ?? 0;
    const before = await counters(event.id);
    const from = await knownAddress();
    sent = [];
    const res = await reserve(
      event.id,
      [
        { ticket_id: early.id, price_id: tier, quantity: 2 },
        { ticket_id: late.id, quantity: 2 },
      ],
      from,
    );
    const texts = sent;
    sent = null;
    expect(res.statusCode, res.body).toBe(409);
    // Refused by the one statement, not by a transaction.
    expect(writes(texts).filter((text) => /^\s*with lane as/.test(text))).toHaveLength(1);
    expect(
      writes(texts).filter(
        (text) => /insert into orders|update ticket_stock/.test(text) && !/^\s*with lane/.test(text),
      ),
    ).toEqual([]);
    expect(res.json().code).toBe('NOT_ENOUGH_AVAILABLE');
    // The tier and the first ticket were moved by the statement, then rolled back with it.
    expect(await counters(event.id)).toEqual(before);
    const ok = await reserve(event.id, [
      { ticket_id: early.id, price_id: tier, quantity: 2 },
      { ticket_id: late.id, quantity: 1 },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    const after = await counters(event.id);
    expect(after.tiers.map((row) => Number(row.quantity_reserved))).toEqual([2]);
    expect(after.tickets.map((row) => Number(row.quantity_reserved))).toEqual([2, 1]);
  });

  it('counts a capacity limit that was shared after the event was last read', async () => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'Shared late',
      tickets: [{ title: 'Floor', type: 'FREE', quantity_available: 50 }],
    });
    const floor = tickets[0]?.id ?? 0;
    // Read and remembered by the sale's shared catalogue.
    expect((await reserve(event.id, [{ ticket_id: floor, quantity: 1 }])).statusCode).toBe(201);
    // Written behind the app's back, as another instance would: this instance's catalogue
    // still says the ticket shares nothing.
    const [limit] = await queryRows<{ id: string | number }>(
      t.app.db,
      sql`insert into capacity_assignments (account_id, event_id, name, capacity)
          values (${owner.accountId}, ${event.id}, 'Hall', 2) returning id`,
    );
    await t.app.db.execute(
      sql`insert into capacity_assignment_tickets (capacity_assignment_id, ticket_id) values (${limit?.id}, ${floor})`,
    );
    await t.app.db.execute(
      sql`insert into capacity_stock (date_id, capacity_assignment_id, capacity, used)
          select date_id, ${limit?.id}, 2, 1 from ticket_stock where ticket_id = ${floor}`,
    );
    // The one statement finds the limit, undoes itself, and the transaction counts it.
    const from = await knownAddress();
    expect((await reserve(event.id, [{ ticket_id: floor, quantity: 1 }], from)).statusCode).toBe(201);
    const full = await reserve(event.id, [{ ticket_id: floor, quantity: 1 }], from);
    expect(full.json().code).toBe('NOT_ENOUGH_AVAILABLE');
    const [hall] = await queryRows(
      t.app.db,
      sql`select used from capacity_stock where capacity_assignment_id = ${limit?.id}`,
    );
    expect(Number(hall?.used)).toBe(2);
  });

  it('takes the transactional way when PostgreSQL ends it to break a deadlock', async () => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'Deadlock',
      tickets: [{ title: 'Pit', type: 'FREE', quantity_available: 10 }],
    });
    const pit = tickets[0]?.id ?? 0;
    const from = await knownAddress();
    if (!t.url) {
      // One connection: nothing runs beside a statement, so nothing waits in a circle.
      expect((await reserve(event.id, [{ ticket_id: pit, quantity: 1 }], from)).statusCode).toBe(201);
      return;
    }
    // Another transaction holds the ticket's row; the statement takes the address's first free
    // lane and waits for that row; the transaction then waits for the statement's lane.
    const other = await openDatabase({ kind: 'postgresql', url: t.url, poolSize: 1 });
    let pending: ReturnType<typeof reserve> | undefined;
    try {
      await other.db.transaction(async (tx) => {
        // This side waits longer before it looks for a circle: the statement is the one ended.
        await tx.execute(sql`set local deadlock_timeout = '10s'`);
        await tx.execute(sql`select ticket_id from ticket_stock where ticket_id = ${pit} for update`);
        pending = reserve(event.id, [{ ticket_id: pit, quantity: 1 }], from);
        let waiting = 0;
        for (let i = 0; i < 200 && waiting === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const [row] = await queryRows<{ waiting: number }>(
            t.app.db,
            sql`select count(*)::int as waiting from pg_stat_activity
                where wait_event_type = 'Lock' and query ~ '^\s*with lane as'`,
          );
          waiting = Number(row?.waiting);
        }
        expect(waiting, 'the statement waits for the ticket').toBe(1);
        // Lane 0 has room (one place taken of its two): the statement holds it.
        await tx.execute(sql`select lane from address_lanes where address = ${from} and lane = 0 for update`);
      });
      const answer = await pending;
      expect(answer?.statusCode, answer?.body).toBe(201);
    } finally {
      await pending;
      await other.close();
    }
    const [ticket] = await queryRows(
      t.app.db,
      sql`select quantity_reserved from ticket_stock where ticket_id = ${pit}`,
    );
    expect(Number(ticket?.quantity_reserved)).toBe(1);
  });
});
