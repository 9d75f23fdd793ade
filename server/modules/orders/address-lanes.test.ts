import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { queryRows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent } from '../../test/builders';
import { purgeIdleAddressLanes, takeAddressLane } from './address-lanes';

// The cap on the reservations one client address holds open (decision 018), kept in lanes
// (decision 043): exact, and without making the address's reservations wait for each other.

const MAX = 3;
let t: TestApp;
let eventId: number;
let ticketId: number;
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  t = await createTestApp({
    env: { OPEN_ORDERS_PER_ADDRESS: String(MAX), ORDER_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  const owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Lanes',
    tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 1000 }],
  });
  eventId = event.id;
  ticketId = tickets[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

const reserve = (from: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/orders`,
    payload: { tickets: [{ ticket_id: ticketId, quantity: 1 }] },
    remoteAddress: from,
  });

const lanes = async (address: string) =>
  (
    await queryRows<{ lane: number; held: number }>(
      t.app.db,
      sql`select lane, held from address_lanes where address = ${address} order by lane`,
    )
  ).map((row) => Number(row.held));

describe('the open reservations of one address', () => {
  it('are counted in lanes, each within its share of the cap, and counted exactly when the lanes are full', async () => {
    const from = newAddress();
    const first = await reserve(from);
    expect(first.statusCode).toBe(201);
    // The first reservation counts the address once and makes its lanes.
    expect(await lanes(from)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect((await reserve(from)).statusCode).toBe(201);
    expect((await reserve(from)).statusCode).toBe(201);
    expect(await lanes(from)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    expect((await reserve(from)).json().code).toBe('TOO_MANY_OPEN_ORDERS');

    // A reservation given up leaves its lane counting it, until the next full count.
    const shortId = first.json().short_id;
    const url = `/api/public/events/${eventId}/orders/${shortId}/abandon`;
    expect((await t.app.inject({ method: 'POST', url, remoteAddress: from })).statusCode).toBe(200);
    expect(await lanes(from)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    expect((await reserve(from)).statusCode).toBe(201);
    expect(await lanes(from)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    expect((await reserve(from)).json().code).toBe('TOO_MANY_OPEN_ORDERS');
    // Another address has lanes of its own.
    expect((await reserve(newAddress())).statusCode).toBe(201);
  });

  it('go ahead while another reservation of the same address is still being made', async () => {
    const from = newAddress();
    expect((await reserve(from)).statusCode).toBe(201);
    // A reservation of the address in the middle of its transaction holds a lane; another one
    // of the address goes ahead meanwhile. (The embedded database is one connection, where
    // nothing runs beside an open transaction: there the two run one after the other.)
    const takeLane = (tx: Parameters<typeof takeAddressLane>[0]) =>
      takeAddressLane(tx, { address: from, max: MAX, now: new Date() });
    if (t.url) {
      const other = await openDatabase({ kind: 'postgresql', url: t.url, poolSize: 2 });
      try {
        await other.db.transaction(async (tx) => {
          await takeLane(tx);
          const started = performance.now();
          expect((await reserve(from)).statusCode).toBe(201);
          expect(performance.now() - started).toBeLessThan(2_000);
        });
      } finally {
        await other.close();
      }
    } else {
      await t.app.db.transaction(takeLane);
      expect((await reserve(from)).statusCode).toBe(201);
    }
    // The lane taken above stood for an order never written: the exact count, once all lanes
    // are full, finds two open orders and room for one more, not for two.
    expect(await lanes(from)).toEqual([1, 1, 1, 0, 0, 0, 0, 0]);
    expect((await reserve(from)).statusCode).toBe(201);
    expect((await reserve(from)).json().code).toBe('TOO_MANY_OPEN_ORDERS');
  });

  it('lose their lanes once the address has reserved nothing for two days', async () => {
    const idle = newAddress();
    const busy = newAddress();
    expect((await reserve(idle)).statusCode).toBe(201);
    expect((await reserve(busy)).statusCode).toBe(201);
    await t.app.db.execute(
      sql`update address_lanes set touched_at = now() - interval '49 hours' where address = ${idle}`,
    );
    expect(await purgeIdleAddressLanes(t.app.db)).toBeGreaterThanOrEqual(8);
    expect(await lanes(idle)).toEqual([]);
    expect(await lanes(busy)).toHaveLength(8);
    // Its next reservation counts again and makes them anew.
    expect((await reserve(idle)).statusCode).toBe(201);
    expect(await lanes(idle)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
  });
});
