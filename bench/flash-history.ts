/**
 * A database with a past: a million orders of another organizer's event, written with SQL in a
 * few statements, for the flash sale that runs on a full `orders` table (`flash-sale-1m-orders`).
 */
import pg from 'pg';
import type { App } from '../server/app';
import { makeAccount, makeLiveEvent } from '../server/test/builders';
import { PRICE } from './flash';

export const PAST_ORDERS = 1_000_000;

/** Another account's live event with one unlimited ticket, to hang the past orders on. */
export async function seedPastEvent(
  app: App,
): Promise<{ accountId: number; eventId: number; ticketId: number }> {
  const owner = await makeAccount(app);
  const { event, tickets } = await makeLiveEvent(app, owner, {
    title: 'Last season',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    tickets: [{ title: 'Season pass', type: 'PAID' as const, price: PRICE }],
  });
  return { accountId: owner.accountId, eventId: event.id, ticketId: tickets[0]?.id ?? 0 };
}

/**
 * `count` orders of `past`, each with one item of 1–4 seats, made over the past year by 100,000
 * addresses (10 orders each; among them the flash-sale buyers' own 10.0.0.1–10.0.0.200): 72 %
 * COMPLETED, 16 % EXPIRED, 10 % CANCELLED and 2 % still RESERVED with `reserved_until` long
 * past (lapsed reservations the sweep has not reached). The ticket's counters are set to what
 * the items hold, as the app keeps them. Then VACUUM ANALYZE, as autovacuum would have done
 * over the year: fresh statistics, and no vacuum of a million new rows during the sale.
 */
export async function seedPastOrders(
  url: string,
  {
    past,
    count = PAST_ORDERS,
  }: { past: { accountId: number; eventId: number; ticketId: number }; count?: number },
): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The rows are consistent by construction: no foreign-key trigger per row (a third of the time).
    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into orders (account_id, event_id, date_id, short_id, reference, status, reserved_until, currency,
         gross, discount, subtotal, fees, taxes, total, first_name, last_name, email, locale,
         client_address, payment_provider, completed_at, created_at, updated_at)
       select $1, $2, (select min(id) from event_dates where event_id = $2),
         -- 128 bits as 22 base64url characters, like the app's short ids.
         rtrim(translate(encode(decode(md5('past-' || i), 'hex'), 'base64'), '+/', '-_'), '='),
         'P' || lpad(to_hex(i), 7, '0'),
         s.status, at + interval '15 minutes', 'EUR',
         q * $3, 0, q * $3, 0, 0, q * $3,
         'Past', 'Buyer ' || i, 'buyer' || (i % 100000) || '@example.com', 'en',
         '10.' || (a >> 16) || '.' || ((a >> 8) & 255) || '.' || ((a & 255) + 1), 'OFFLINE',
         case when s.status = 'COMPLETED' then at + interval '5 minutes' end, at, at
       from generate_series(1, $4::int) as i,
         lateral (select i % 100000 as a, 1 + i % 4 as q,
                         now() - interval '1 year' + (i * 31 % 31104000) * interval '1 second' as at) as v,
         lateral (select case when i % 50 = 0 then 'RESERVED'
                              when i % 10 = 1 then 'CANCELLED'
                              when i % 50 < 10 then 'EXPIRED'
                              else 'COMPLETED' end as status) as s`,
      [past.accountId, past.eventId, PRICE, count],
    );
    if (process.env.DEBUG_SEED) console.log('orders', (performance.now() - started) / 1000);
    await client.query(
      `insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal,
         fees, taxes, total, charges)
       select id, $2, 'Season pass', total / $3, $3, 0, total, 0, 0, total, '[]'
       from orders where event_id = $1`,
      [past.eventId, past.ticketId, PRICE],
    );
    if (process.env.DEBUG_SEED) console.log('items', (performance.now() - started) / 1000);
    await client.query(
      `update ticket_stock t set
         quantity_sold = coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                                   where i.ticket_id = t.ticket_id and o.status = 'COMPLETED'), 0),
         quantity_reserved = coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                                       where i.ticket_id = t.ticket_id and o.status = 'RESERVED'), 0)
       where t.ticket_id = $1`,
      [past.ticketId],
    );
    if (process.env.DEBUG_SEED) console.log('counters', (performance.now() - started) / 1000);
    await client.query(`set session_replication_role = origin`);
    await client.query('vacuum (analyze) orders, order_items, ticket_stock');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}
