import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { type ReportRange, within } from './range';

// What a report counts, decided here and nowhere else (decision 054):
//
// - A sale is an order that was completed: `completed_at` is set (paid by card, marked paid,
//   added by hand). It counts on the day it was completed, in the report's time zone, whatever
//   its status since: refunded, partially refunded, cancelled after payment. Orders never
//   completed (reserved, expired, abandoned, awaiting an offline payment, cancelled unpaid, a
//   card payment that came after its seats were gone) are no sale.
// - A refund counts on the day it went through (`refunds.updated_at` of a SUCCEEDED refund), in
//   the group of its order, whether or not the order's sale falls within the range. Refunds of
//   orders that were no sale are left out.
// - gross = tickets and products at their price (quantity × unit price), before discounts;
//   total = gross − discounts + fees + taxes, what buyers paid; net = total − refunds.

/** The orders a report reads: an event's or an account's, `o` being the orders table. */
export type ReportScope = { eventId: number } | { accountId: number };

export const inScope = (scope: ReportScope): SQL =>
  'eventId' in scope ? sql`o.event_id = ${scope.eventId}` : sql`o.account_id = ${scope.accountId}`;

/** The sales of a scope within a range, over `orders o`. */
export const soldWithin = (scope: ReportScope, range: ReportRange): SQL =>
  sql`${inScope(scope)} and ${within(sql`o.completed_at`, range)}`;

/** The refunds counted within a range, over `refunds r join orders o`. */
export const refundedWithin = (scope: ReportScope, range: ReportRange): SQL =>
  sql`${inScope(scope)} and o.completed_at is not null and r.status = 'SUCCEEDED' and ${within(sql`r.updated_at`, range)}`;

/** The figures of a group of sales, in minor units of `currency`. */
export interface SalesFigures {
  key: string;
  currency: string;
  orders: number;
  tickets: number;
  gross: number;
  discounts: number;
  fees: number;
  taxes: number;
  total: number;
  refunds: number;
  net: number;
}

export const SALES_MEASURES = [
  'orders',
  'tickets',
  'gross',
  'discounts',
  'fees',
  'taxes',
  'total',
  'refunds',
  'net',
] as const;

export interface SalesGrouping {
  scope: ReportScope;
  range: ReportRange;
  /** The group of a sale, as text, over `orders o`. */
  saleKey: SQL;
  /** The group of a refund, as text, over `refunds r join orders o`; the sale's key when left out. */
  refundKey?: SQL;
  /** More conditions on the orders (`o`), for sales and refunds alike. */
  only?: SQL;
}

const n = (value: unknown) => Number(value ?? 0);

/**
 * The sales and refunds of a scope within a range, grouped by a key and the currency: four
 * aggregates in one statement (the orders' money, the tickets in them, the refunds), so the
 * database reads each order once and hands over one row per group.
 */
export async function salesGroups(db: Db, grouping: SalesGrouping): Promise<SalesFigures[]> {
  const { scope, range, saleKey, only } = grouping;
  const refundKey = grouping.refundKey ?? saleKey;
  const more = only ? sql` and ${only}` : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with s as (
        select coalesce((${saleKey})::text, '') as k, o.currency as cur, o.id, o.gross, o.discount, o.fees, o.taxes, o.total
        from orders o where ${soldWithin(scope, range)}${more}
      ), m as (
        select k, cur, count(*) as orders, sum(gross) as gross, sum(discount) as discounts, sum(fees) as fees,
          sum(taxes) as taxes, sum(total) as total
        from s group by k, cur
      ), t as (
        select s.k, s.cur, sum(oi.quantity) as tickets
        from s join order_items oi on oi.order_id = s.id
        join tickets tk on tk.id = oi.ticket_id and tk.kind = 'TICKET'
        group by s.k, s.cur
      ), f as (
        select coalesce((${refundKey})::text, '') as k, o.currency as cur, sum(r.amount) as refunds
        from refunds r join orders o on o.id = r.order_id
        where ${refundedWithin(scope, range)}${more}
        group by 1, 2
      )
      select coalesce(m.k, f.k) as key, coalesce(m.cur, f.cur) as currency, m.orders, t.tickets, m.gross,
        m.discounts, m.fees, m.taxes, m.total, f.refunds
      from m full join f on f.k = m.k and f.cur = m.cur
      left join t on t.k = m.k and t.cur = m.cur
      order by 1, 2`,
  );
  return rows.map((row) => {
    const total = n(row.total);
    const refunds = n(row.refunds);
    return {
      key: String(row.key ?? ''),
      currency: String(row.currency),
      orders: n(row.orders),
      tickets: n(row.tickets),
      gross: n(row.gross),
      discounts: n(row.discounts),
      fees: n(row.fees),
      taxes: n(row.taxes),
      total,
      refunds,
      net: total - refunds,
    };
  });
}

/** A group without sales or refunds. */
export const noSales = (key: string, currency: string): SalesFigures => ({
  key,
  currency,
  orders: 0,
  tickets: 0,
  gross: 0,
  discounts: 0,
  fees: 0,
  taxes: 0,
  total: 0,
  refunds: 0,
  net: 0,
});
