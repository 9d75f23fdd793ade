import { asc, eq, sql } from 'drizzle-orm';
import type { ReportResponse, ReportRow } from '../../../common/reports';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { affiliates, tickets } from '../../db/schema';
import type { EventRow } from '../owned-events/service';
import { noSales, type SalesFigures, salesGroups, soldWithin } from './counted';
import { daysOf, type ReportRange } from './range';
import { col, reportOf, salesCells, salesColumns } from './shape';

/** What an event's report is handed: the event (found among the caller's account's) and its range. */
export interface EventReportContext {
  db: Db;
  event: EventRow;
  range: ReportRange;
}

const byKey = (groups: SalesFigures[]) => new Map(groups.map((g) => [g.key, g]));

/** Sales by day: every day of the range, refunds on the day they went through. */
export async function salesByDay({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  const tz = range.timeZone;
  const groups = byKey(
    await salesGroups(db, {
      scope: { eventId: event.id },
      range,
      saleKey: sql`to_char(o.completed_at at time zone ${tz}, 'YYYY-MM-DD')`,
      refundKey: sql`to_char(r.updated_at at time zone ${tz}, 'YYYY-MM-DD')`,
    }),
  );
  const rows = daysOf(range).map((day) => ({
    day,
    ...salesCells(groups.get(day) ?? noSales(day, event.currency)),
  }));
  return reportOf({
    name: 'sales-by-day',
    range,
    currency: event.currency,
    trend: 'day',
    columns: [col('day', 'day'), ...salesColumns()],
    rows,
  });
}

/**
 * Sales per ticket and product, from the lines of the range's sales: units, and each line's
 * price, discount, fees and taxes. Refunds are the order's, not a line's, so they are not here.
 */
export async function salesByItem({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  const sold = await queryRows<Record<string, unknown>>(
    db,
    sql`select oi.ticket_id as id, count(distinct o.id) as orders, sum(oi.quantity) as units,
        sum(oi.subtotal + oi.discount) as gross, sum(oi.discount) as discounts, sum(oi.fees) as fees,
        sum(oi.taxes) as taxes, sum(oi.total) as total
      from orders o join order_items oi on oi.order_id = o.id
      where ${soldWithin({ eventId: event.id }, range)}
      group by oi.ticket_id`,
  );
  const items = await db
    .select({ id: tickets.id, title: tickets.title, kind: tickets.kind })
    .from(tickets)
    .where(eq(tickets.eventId, event.id))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  const of = new Map(sold.map((r) => [Number(r.id), r]));
  const rows: ReportRow[] = items.map((item) => {
    const r = of.get(item.id);
    const n = (key: string) => Number(r?.[key] ?? 0);
    return {
      item: item.title,
      kind: item.kind,
      orders: n('orders'),
      tickets: n('units'),
      gross: n('gross'),
      discounts: n('discounts'),
      fees: n('fees'),
      taxes: n('taxes'),
      total: n('total'),
    };
  });
  return reportOf({
    name: 'sales-by-item',
    range,
    currency: event.currency,
    columns: [
      col('item', 'text'),
      col('kind', 'text'),
      col('orders', 'count'),
      // Units: tickets and products alike.
      col('tickets', 'count'),
      ...salesColumns(['gross', 'discounts', 'fees', 'taxes', 'total']),
    ],
    rows,
  });
}

/** Sales per date of the event: every date, by its start in the event's time zone. */
export async function salesByDate({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  const groups = byKey(
    await salesGroups(db, { scope: { eventId: event.id }, range, saleKey: sql`o.date_id` }),
  );
  const dates = await queryRows<{ id: string | number; starts: string; label: string | null }>(
    db,
    sql`select id, to_char(starts_at at time zone ${range.timeZone}, 'YYYY-MM-DD HH24:MI') as starts, label
      from event_dates where event_id = ${event.id} order by starts_at, id`,
  );
  const rows = dates.map((d) => ({
    event_date: d.label ? `${d.starts} ${d.label}` : d.starts,
    ...salesCells(groups.get(String(d.id)) ?? noSales(String(d.id), event.currency)),
  }));
  return reportOf({
    name: 'sales-by-date',
    range,
    currency: event.currency,
    columns: [col('event_date', 'text'), ...salesColumns()],
    rows,
  });
}

/** Sales with a promo code, per code as the buyer entered it. */
export async function promoCodeSales({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  const groups = await salesGroups(db, {
    scope: { eventId: event.id },
    range,
    saleKey: sql`o.promo_code`,
    only: sql`o.promo_code is not null`,
  });
  return reportOf({
    name: 'promo-codes',
    range,
    currency: event.currency,
    columns: [col('code', 'text'), ...salesColumns()],
    rows: groups.map((g) => ({ code: g.key, ...salesCells(g) })),
  });
}

/** Sales each affiliate's link brought: every affiliate of the event, with or without sales. */
export async function affiliateSales({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  const groups = byKey(
    await salesGroups(db, {
      scope: { eventId: event.id },
      range,
      saleKey: sql`o.affiliate_id`,
      only: sql`o.affiliate_id is not null`,
    }),
  );
  const list = await db
    .select({ id: affiliates.id, name: affiliates.name, code: affiliates.code })
    .from(affiliates)
    .where(eq(affiliates.eventId, event.id))
    .orderBy(asc(affiliates.name), asc(affiliates.id));
  return reportOf({
    name: 'affiliates',
    range,
    currency: event.currency,
    columns: [col('affiliate', 'text'), col('code', 'text'), ...salesColumns()],
    rows: list.map((a) => ({
      affiliate: a.name,
      code: a.code,
      ...salesCells(groups.get(String(a.id)) ?? noSales('', event.currency)),
    })),
  });
}
