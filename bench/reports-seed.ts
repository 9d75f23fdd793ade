import { sql } from 'drizzle-orm';
import type { App } from '../server/app';
import { queryRows } from '../server/db/rows';
import {
  makeAccount,
  makeAffiliate,
  makeCheckInList,
  makeLiveEvent,
  makePromoCode,
  makeTaxOrFee,
  type Owner,
} from '../server/test/builders';

/** What the reports bench reads: an event of 100,000 orders and the account around it. */
export interface ReportsWorld {
  owner: Owner;
  eventId: number;
  orders: number;
}

const run = (app: App, query: ReturnType<typeof sql>) => app.db.execute(query);

/**
 * The orders of one event in bulk SQL: `count` orders over the year before now, 1–4 seats each
 * (23 % VAT and a €1.50 fee per seat), a taxed product in every fourth, a promo code in every
 * tenth, an affiliate in every seventh, a third on the second date; 2 % partially refunded, 1 %
 * cancelled after payment, 5 % expired (no sale); one attendee per order, 40 % checked in; card
 * payments booked for half. The money of each order is the sum of its lines.
 */
async function seedOrders(
  app: App,
  ids: {
    accountId: number;
    eventId: number;
    dates: number[];
    seat: number;
    book: number;
    affiliate: number;
    list: number;
  },
  count: number,
) {
  const [d1, d2] = ids.dates;
  const vat = sql`jsonb_build_object('id', 1, 'name', 'VAT', 'kind', 'TAX', 'calculation', 'PERCENTAGE', 'rate', '23', 'amount', `;
  await run(
    app,
    sql`insert into orders (account_id, event_id, date_id, short_id, reference, status, currency, gross, discount,
        subtotal, fees, taxes, total, promo_code, affiliate_id, payment_provider, completed_at, created_at)
      select ${ids.accountId}, ${ids.eventId}, case when i % 3 = 0 then ${d2 ?? d1}::bigint else ${d1}::bigint end,
        md5('order' || ${ids.eventId} || '-' || i), upper(lpad(to_hex(i), 8, '0')),
        case when i % 20 = 0 then 'EXPIRED' when i % 50 = 0 then 'PARTIALLY_REFUNDED' when i % 100 = 1 then 'CANCELLED' else 'COMPLETED' end,
        'EUR', 0, 0, 0, 0, 0, 0,
        case when i % 10 = 0 then 'SPRING10' end, case when i % 7 = 0 then ${ids.affiliate}::bigint end, 'OFFLINE',
        case when i % 20 = 0 then null else now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute' end,
        now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute' - interval '5 minutes'
      from generate_series(1, ${count}) as i`,
  );
  // Seats: 1–4, 10 % off with the code; a fee of 150 per seat; VAT on the price after the discount.
  await run(
    app,
    sql`insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal, fees, taxes, total, charges)
      select o.id, ${ids.seat}, 'Seat', q, 4000, d, q * 4000 - d, q * 150, round((q * 4000 - d) * 0.23)::int,
        q * 4000 - d + q * 150 + round((q * 4000 - d) * 0.23)::int,
        jsonb_build_array(${vat} round((q * 4000 - d) * 0.23)::int),
          jsonb_build_object('id', 2, 'name', 'Booking fee', 'kind', 'FEE', 'calculation', 'FIXED', 'rate', '150', 'amount', q * 150))
      from (select id, 1 + id % 4 as q, case when promo_code is null then 0 else (1 + id % 4) * 400 end as d
        from orders where event_id = ${ids.eventId}) o`,
  );
  await run(
    app,
    sql`insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal, fees, taxes, total, charges)
      select o.id, ${ids.book}, 'Book', 1, 2000, 0, 2000, 0, 120, 2120,
        jsonb_build_array(jsonb_build_object('id', 3, 'name', 'VAT reduced', 'kind', 'TAX', 'calculation', 'PERCENTAGE', 'rate', '6', 'amount', 120))
      from orders o where o.event_id = ${ids.eventId} and o.id % 4 = 0`,
  );
  await run(
    app,
    sql`update orders o set gross = s.gross, discount = s.discount, subtotal = s.subtotal, fees = s.fees, taxes = s.taxes,
        total = s.total, refunded_total = case when o.status = 'PARTIALLY_REFUNDED' then 1000 else 0 end
      from (select order_id, sum(quantity * unit_price) as gross, sum(discount) as discount, sum(subtotal) as subtotal,
          sum(fees) as fees, sum(taxes) as taxes, sum(total) as total
        from order_items group by order_id) s
      where s.order_id = o.id and o.event_id = ${ids.eventId}`,
  );
  await run(
    app,
    sql`insert into refunds (order_id, amount, status, method, note, created_at, updated_at)
      select id, 1000, 'SUCCEEDED', 'OFFLINE', 'Bench', completed_at + interval '2 days', completed_at + interval '2 days'
      from orders where event_id = ${ids.eventId} and status = 'PARTIALLY_REFUNDED'`,
  );
  await run(
    app,
    sql`insert into attendees (account_id, event_id, date_id, order_id, ticket_id, short_id, first_name, last_name, email, status)
      select account_id, event_id, date_id, id, ${ids.seat}, md5('attendee' || id), 'Guest', 'Number ' || id,
        'guest' || id || '@example.com', case when status in ('COMPLETED', 'PARTIALLY_REFUNDED') then 'ACTIVE' else 'CANCELLED' end
      from orders where event_id = ${ids.eventId}`,
  );
  await run(
    app,
    sql`insert into check_ins (check_in_list_id, attendee_id, event_id, checked_in_at)
      select ${ids.list}, a.id, a.event_id, o.completed_at + interval '1 hour'
      from attendees a join orders o on o.id = a.order_id
      where a.event_id = ${ids.eventId} and a.status = 'ACTIVE' and a.id % 5 < 2`,
  );
  await run(
    app,
    sql`insert into card_transactions (account_id, order_id, kind, amount, currency, platform_fee, stripe_fee,
        stripe_payment_intent_id, stripe_object_id, created_at)
      select account_id, id, 'PAYMENT', total, 'EUR', total / 100, 25 + total * 15 / 1000, 'pi_' || id, 'ch_' || id, completed_at
      from orders where event_id = ${ids.eventId} and completed_at is not null and id % 2 = 0 and total > 0`,
  );
  await run(
    app,
    sql`insert into event_page_views (event_id, day, views)
      select ${ids.eventId}, (now() - i * interval '1 day')::date, 1000 + i from generate_series(0, 364) as i`,
  );
}

/** An account with a live event of `count` orders, and another account with as many, on the same tables. */
export async function seedReports(app: App, count: number): Promise<ReportsWorld> {
  const owner = await makeAccount(app, { timezone: 'Europe/Lisbon' });
  const world = await seedEvent(app, owner, count);
  const other = await makeAccount(app);
  await seedEvent(app, other, count);
  await run(app, sql`analyze`);
  return { owner, eventId: world, orders: count };
}

async function seedEvent(app: App, owner: Owner, count: number): Promise<number> {
  const vat = await makeTaxOrFee(app, owner, {
    name: 'VAT',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: 23,
  });
  const { event, tickets } = await makeLiveEvent(app, owner, {
    title: 'Summer season',
    start_date: '2031-06-20T19:00:00Z',
    timezone: 'Europe/Lisbon',
    settings: { offline_payments_enabled: true },
    tickets: [
      { title: 'Seat', type: 'PAID', price: 4000, tax_and_fee_ids: [vat.id] },
      { title: 'Book', kind: 'PRODUCT', type: 'PAID', price: 2000 },
    ],
  });
  const [seat, book] = tickets;
  if (!seat || !book) throw new Error('tickets missing');
  await makePromoCode(app, owner, { eventId: event.id, code: 'SPRING10' });
  const affiliate = await makeAffiliate(app, owner, { eventId: event.id, name: 'Radio', code: 'RADIO' });
  const list = await makeCheckInList(app, owner, {
    eventId: event.id,
    ticket_ids: [seat.id],
    name: 'Main door',
  });
  await run(
    app,
    sql`insert into event_dates (account_id, event_id, starts_at, label)
      values (${owner.accountId}, ${event.id}, '2031-06-27T19:00:00Z', 'Second night')`,
  );
  const dates = await queryRows<{ id: number }>(
    app.db,
    sql`select id from event_dates where event_id = ${event.id} order by starts_at`,
  );
  await seedOrders(
    app,
    {
      accountId: owner.accountId,
      eventId: event.id,
      dates: dates.map((d) => Number(d.id)),
      seat: seat.id,
      book: book.id,
      affiliate: affiliate.id,
      list: list.id,
    },
    count,
  );
  return event.id;
}
