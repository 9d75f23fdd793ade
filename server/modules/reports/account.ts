import { sql } from 'drizzle-orm';
import type { ReportResponse, ReportRow } from '../../../common/reports';
import { percentText } from '../../../common/reports';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { CHARGE_COLUMNS, chargeRows } from './charges';
import { noSales, salesGroups } from './counted';
import { monthsOf, type ReportRange, within } from './range';
import { col, reportOf, salesCells, salesColumns } from './shape';

/** What an account's report is handed: the account, its default currency and the range in its time zone. */
export interface AccountReportContext {
  db: Db;
  account: { id: number; currency: string };
  range: ReportRange;
}

const n = (value: unknown) => Number(value ?? 0);

/** Revenue per month and currency: every month of the range, for each currency sold in. */
export async function revenueByMonth({ db, account, range }: AccountReportContext): Promise<ReportResponse> {
  const tz = range.timeZone;
  const groups = await salesGroups(db, {
    scope: { accountId: account.id },
    range,
    saleKey: sql`to_char(o.completed_at at time zone ${tz}, 'YYYY-MM')`,
    refundKey: sql`to_char(r.updated_at at time zone ${tz}, 'YYYY-MM')`,
  });
  const currencies = [...new Set(groups.map((g) => g.currency))];
  if (currencies.length === 0) currencies.push(account.currency);
  const of = new Map(groups.map((g) => [`${g.key} ${g.currency}`, g]));
  const rows = currencies.flatMap((currency) =>
    monthsOf(range).map((month) => ({
      month,
      currency,
      ...salesCells(of.get(`${month} ${currency}`) ?? noSales(month, currency)),
    })),
  );
  return reportOf({
    name: 'revenue-by-month',
    range,
    currency: null,
    trend: 'month',
    columns: [col('month', 'month'), col('currency', 'text'), ...salesColumns()],
    rows,
  });
}

/** Revenue per event: the events with sales or refunds in the range. */
export async function revenueByEvent({ db, account, range }: AccountReportContext): Promise<ReportResponse> {
  const groups = await salesGroups(db, { scope: { accountId: account.id }, range, saleKey: sql`o.event_id` });
  const titles = await eventTitles(db, account.id);
  const rows = groups
    .map((g) => ({ event: titles.get(g.key) ?? '', currency: g.currency, ...salesCells(g) }))
    .sort((a, b) => a.event.localeCompare(b.event) || a.currency.localeCompare(b.currency));
  return reportOf({
    name: 'revenue-by-event',
    range,
    currency: null,
    columns: [col('event', 'text'), col('currency', 'text'), ...salesColumns()],
    rows,
  });
}

export async function accountCharges({ db, account, range }: AccountReportContext): Promise<ReportResponse> {
  return reportOf({
    name: 'taxes-and-fees',
    range,
    currency: null,
    columns: [col('currency', 'text'), ...CHARGE_COLUMNS],
    rows: await chargeRows(db, { scope: { accountId: account.id }, range, withCurrency: true }),
  });
}

/**
 * Card payments and what they cost, per month (in the account's time zone) and currency, from
 * the rows Stripe booked (`card_transactions`, decision 028): sales, refunds, the platform's fees
 * net of those given back, Stripe's fees, and what was paid out.
 */
export async function cardFees({ db, account, range }: AccountReportContext): Promise<ReportResponse> {
  const found = await queryRows<Record<string, unknown>>(
    db,
    sql`select to_char(ct.created_at at time zone ${range.timeZone}, 'YYYY-MM') as month, ct.currency,
        sum(case when ct.kind = 'PAYMENT' then ct.amount else 0 end) as sales,
        sum(case when ct.kind = 'REFUND' then ct.amount else 0 end) as refunds,
        sum(case when ct.kind = 'PAYMENT' then ct.platform_fee else -ct.platform_fee end) as platform,
        sum(ct.stripe_fee) as stripe
      from card_transactions ct
      where ct.account_id = ${account.id} and ${within(sql`ct.created_at`, range)}
      group by 1, 2 order by 1, 2`,
  );
  const rows: ReportRow[] = found.map((r) => {
    const [sales, refunds, platform, stripe] = [n(r.sales), n(r.refunds), n(r.platform), n(r.stripe)];
    return {
      month: String(r.month),
      currency: String(r.currency),
      card_sales: sales,
      card_refunds: refunds,
      platform_fees: platform,
      stripe_fees: stripe,
      payout: sales - refunds - platform - stripe,
    };
  });
  return reportOf({
    name: 'card-fees',
    range,
    currency: null,
    columns: [
      col('month', 'month'),
      col('currency', 'text'),
      col('card_sales', 'money'),
      col('card_refunds', 'money'),
      col('platform_fees', 'money'),
      col('stripe_fees', 'money'),
      col('payout', 'money'),
    ],
    rows,
  });
}

/**
 * How each event did in the range: its sales, the visits of its page and the orders per visit,
 * for every event of the account that is not archived or had sales or visits in the range.
 */
export async function eventsPerformance({
  db,
  account,
  range,
}: AccountReportContext): Promise<ReportResponse> {
  const groups = await salesGroups(db, { scope: { accountId: account.id }, range, saleKey: sql`o.event_id` });
  const events = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.id, e.title, e.currency, e.status,
        to_char(e.start_date at time zone e.timezone, 'YYYY-MM-DD HH24:MI') as starts,
        (select coalesce(sum(v.views), 0) from event_page_views v
          where v.event_id = e.id and v.day >= ${range.from}::date and v.day <= ${range.to}::date) as views
      from events e where e.account_id = ${account.id} order by e.start_date, e.id`,
  );
  const rows: ReportRow[] = [];
  for (const e of events) {
    const id = String(e.id);
    const currency = String(e.currency);
    const own = groups.filter((g) => g.key === id);
    const views = n(e.views);
    if (e.status === 'ARCHIVED' && own.length === 0 && views === 0) continue;
    for (const figures of own.length > 0 ? own : [noSales(id, currency)]) {
      rows.push({
        event: String(e.title),
        starts_at: String(e.starts),
        currency: figures.currency,
        orders: figures.orders,
        tickets: figures.tickets,
        net: figures.net,
        page_views: views,
        conversion: percentText(figures.orders, views),
      });
    }
  }
  return reportOf({
    name: 'events-performance',
    range,
    currency: null,
    columns: [
      col('event', 'text'),
      col('starts_at', 'text'),
      col('currency', 'text'),
      ...salesColumns(['orders', 'tickets', 'net']),
      col('page_views', 'count'),
      col('conversion', 'percent'),
    ],
    rows,
    ratios: [{ key: 'conversion', part: 'orders', whole: 'page_views' }],
  });
}

async function eventTitles(db: Db, accountId: number): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string | number; title: string }>(
    db,
    sql`select id, title from events where account_id = ${accountId}`,
  );
  return new Map(rows.map((r) => [String(r.id), r.title]));
}
