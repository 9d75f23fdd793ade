import type { I18n } from '@lingui/core';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { BillingFigures, BillingResponse } from '../../../common/billing';
import { toMajorText } from '../../../common/money';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { cardTransactions, events, orders } from '../../db/schema';
import { type Cell, decimalCell, type Table } from '../../exports/table';
import { AppError } from '../../http/app-error';

/**
 * The account's billing (decision 028): sums of its card transactions, as Stripe booked them,
 * by calendar month in UTC and currency. Platform fees are net of what refunds gave back.
 */
export async function getBilling({
  db,
  accountId,
  platformFeePercent,
}: {
  db: Db;
  accountId: number;
  platformFeePercent: number;
}): Promise<BillingResponse> {
  const month = sql`to_char(${cardTransactions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const payment = sql`${cardTransactions.kind} = 'PAYMENT'`;
  const rows = await queryRows<{
    month: string;
    currency: string;
    payments: number;
    card_sales: number;
    refunds: number;
    platform_fees: number;
    stripe_fees: number;
  }>(
    db,
    sql`select ${month} as month, ${cardTransactions.currency} as currency,
          (count(*) filter (where ${payment}))::int as payments,
          coalesce(sum(${cardTransactions.amount}) filter (where ${payment}), 0)::int as card_sales,
          coalesce(sum(${cardTransactions.amount}) filter (where not ${payment}), 0)::int as refunds,
          coalesce(sum(case when ${payment} then ${cardTransactions.platformFee}
                            else -${cardTransactions.platformFee} end), 0)::int as platform_fees,
          coalesce(sum(${cardTransactions.stripeFee}), 0)::int as stripe_fees
        from ${cardTransactions}
        where ${cardTransactions.accountId} = ${accountId}
        group by 1, 2
        order by 1 desc, 2 asc`,
  );
  const months: BillingResponse['months'] = [];
  for (const row of rows) {
    const figures: BillingFigures = {
      currency: row.currency,
      payments: row.payments,
      card_sales: row.card_sales,
      refunds: row.refunds,
      platform_fees: row.platform_fees,
      stripe_fees: row.stripe_fees,
      net: row.card_sales - row.refunds - row.platform_fees - row.stripe_fees,
    };
    const last = months.at(-1);
    if (last?.month === row.month) last.figures.push(figures);
    else months.push({ month: row.month, figures: [figures] });
  }
  return { platform_fee_percent: platformFeePercent, months };
}

const COLUMNS = Object.freeze([
  /*i18n*/ { id: 'billing.csv.date', message: 'Date (UTC)' },
  /*i18n*/ { id: 'billing.csv.type', message: 'Type' },
  /*i18n*/ { id: 'billing.csv.order', message: 'Order reference' },
  /*i18n*/ { id: 'billing.csv.event', message: 'Event' },
  /*i18n*/ { id: 'billing.csv.currency', message: 'Currency' },
  /*i18n*/ { id: 'billing.csv.amount', message: 'Amount' },
  /*i18n*/ { id: 'billing.csv.platform_fee', message: 'Platform fee' },
  /*i18n*/ { id: 'billing.csv.stripe_fee', message: 'Stripe fee' },
  /*i18n*/ { id: 'billing.csv.net', message: 'Net' },
  /*i18n*/ { id: 'billing.csv.stripe_id', message: 'Stripe reference' },
]);
const PAYMENT = /*i18n*/ { id: 'billing.csv.payment', message: 'Payment' };
const REFUND = /*i18n*/ { id: 'billing.csv.refund', message: 'Refund' };
const TOTAL = /*i18n*/ { id: 'billing.csv.total', message: 'Total' };

/** The first instant of a `YYYY-MM` month in UTC, and of the month after. */
function monthBounds(month: string): { from: Date; to: Date } {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, number - 1, 1)), to: new Date(Date.UTC(year, number, 1)) };
}

/**
 * `GET /api/accounts/billing/statements/{YYYY-MM}.csv`: one line per card payment or refund
 * of the month, oldest first, then a total line per currency. Money is in major units, as
 * numbers with their currency's decimals ("-10.00", "0.20"; none for yen): a refund and what
 * it gave back of the platform fee are negative; the net of a line
 * is its amount less its fees. A month without any is BILLING_STATEMENT_NOT_FOUND.
 */
export async function getBillingStatement({
  db,
  accountId,
  month,
  i18n,
}: {
  db: Db;
  accountId: number;
  month: string;
  i18n: I18n;
}): Promise<Table> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .select({ line: cardTransactions, reference: orders.reference, event: events.title })
    .from(cardTransactions)
    .innerJoin(orders, eq(orders.id, cardTransactions.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        eq(cardTransactions.accountId, accountId),
        gte(cardTransactions.createdAt, from),
        lt(cardTransactions.createdAt, to),
      ),
    )
    .orderBy(asc(cardTransactions.createdAt), asc(cardTransactions.id));
  if (rows.length === 0) throw new AppError('BILLING_STATEMENT_NOT_FOUND');

  const major = (minor: number, currency: string) => decimalCell(toMajorText(minor, currency));
  const totals = new Map<string, { amount: number; platform: number; stripe: number }>();
  const lines: Cell[][] = rows.map(({ line, reference, event }) => {
    const sign = line.kind === 'PAYMENT' ? 1 : -1;
    const amount = sign * line.amount;
    const platform = sign * line.platformFee;
    const total = totals.get(line.currency) ?? { amount: 0, platform: 0, stripe: 0 };
    totals.set(line.currency, {
      amount: total.amount + amount,
      platform: total.platform + platform,
      stripe: total.stripe + line.stripeFee,
    });
    return [
      line.createdAt.toISOString(),
      i18n._(line.kind === 'PAYMENT' ? PAYMENT : REFUND),
      reference,
      event,
      line.currency,
      major(amount, line.currency),
      major(platform, line.currency),
      major(line.stripeFee, line.currency),
      major(amount - platform - line.stripeFee, line.currency),
      line.stripeObjectId,
    ];
  });
  const totalLines: Cell[][] = [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => [
      null,
      i18n._(TOTAL),
      null,
      null,
      currency,
      major(t.amount, currency),
      major(t.platform, currency),
      major(t.stripe, currency),
      major(t.amount - t.platform - t.stripe, currency),
      null,
    ]);
  async function* batches(): AsyncGenerator<Cell[][]> {
    yield [...lines, ...totalLines];
  }
  return { columns: COLUMNS.map((c) => i18n._(c)), batches: batches() };
}
