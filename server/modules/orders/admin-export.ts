import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrdersExportQuery } from '../../../common/admin-orders';
import { toMajorText } from '../../../common/money';
import { type ChargeRow, orderBreakdown } from '../../../common/order-breakdown';
import { chargeLabel, describeBreakdown } from '../../../common/order-breakdown-text';
import type { Calculation } from '../../../common/pricing';
import type { Db } from '../../db/client';
import { queryRows, rowFromJson } from '../../db/rows';
import { orderItems, orders, questions } from '../../db/schema';
import { answerCell, type Cell, type Table } from '../../exports/table';
import { DATE_COLUMN } from '../owned-events/dates';
import type { EventListContext } from '../owned-events/service';
import { exportOrderLines, orderExportScope } from './lines-export';
import { shownStatus } from './open-checkouts';
import { type OrderCells, orderBatches } from './order-batches';
import { toItemResponse } from './presenter';

const COLUMNS = Object.freeze([
  /*i18n*/ { id: 'export.order_reference', message: 'Order reference' },
  /*i18n*/ { id: 'export.order_status', message: 'Order status' },
  /*i18n*/ { id: 'export.first_name', message: 'First name' },
  /*i18n*/ { id: 'export.last_name', message: 'Last name' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.currency', message: 'Currency' },
  /*i18n*/ { id: 'export.tickets', message: 'Tickets' },
  /*i18n*/ { id: 'export.ticket_prices', message: 'Ticket prices' },
  /*i18n*/ { id: 'export.discount', message: 'Discount' },
  /*i18n*/ { id: 'export.subtotal', message: 'Subtotal' },
]);
/** Then one column per fee and tax charged (`chargeColumns`), then these. */
const TOTAL_COLUMNS = Object.freeze([
  /*i18n*/ { id: 'export.fees', message: 'Fees' },
  /*i18n*/ { id: 'export.taxes', message: 'Taxes' },
  /*i18n*/ { id: 'export.total', message: 'Total' },
  /*i18n*/ { id: 'export.refunded', message: 'Refunded' },
  /*i18n*/ { id: 'export.payment', message: 'Payment' },
  /*i18n*/ { id: 'export.promo_code', message: 'Promo code' },
  /*i18n*/ { id: 'export.created_at', message: 'Created (UTC)' },
]);

type ChargeKey = Pick<ChargeRow, 'kind' | 'id' | 'name' | 'calculation' | 'rate'>;
const keyOf = (c: ChargeKey) => JSON.stringify([c.kind, c.id, c.name, c.calculation, c.rate]);

/** Every fee and tax the listed orders were charged, fees first, each once: a column each. */
async function chargeColumns(db: Db, where: SQL | undefined): Promise<ChargeKey[]> {
  const rows = await queryRows<{
    kind: 'FEE' | 'TAX';
    id: string;
    name: string;
    calculation: Calculation | null;
    rate: string | null;
  }>(
    db,
    sql`select distinct c->>'kind' as kind, c->>'id' as id, c->>'name' as name,
          c->>'calculation' as calculation, c->>'rate' as rate
        from ${orderItems}
        inner join ${orders} on ${orders.id} = ${orderItems.orderId}
        cross join lateral jsonb_array_elements(coalesce(${orderItems.charges}, '[]'::jsonb)) as c
        where ${where ?? sql`true`}`,
  );
  return rows
    .map((r) => ({ ...r, id: Number(r.id) }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.id - b.id || a.name.localeCompare(b.name));
}

/**
 * `GET /api/events/{id}/orders/export`: the orders the list shows with the same search and
 * filters, amounts as plain decimals in the order's currency, then one column per question asked
 * of the whole order. Read in id order, a batch of orders with their items and answers per
 * statement, after the last id read (as the attendee export). The amounts
 * are the order's price breakdown (`common/order-breakdown.ts`) at base prices, so that they add
 * up across the row: ticket prices − discount = subtotal; subtotal + each fee and tax = total.
 */
export async function exportOrders({
  db,
  event,
  query,
  i18n,
}: EventListContext<z.output<typeof OrdersExportQuery>>): Promise<Table> {
  if (query.params.rows === 'lines') return exportOrderLines({ db, event, query, i18n });
  const eventId = event.id;
  const asked = await db
    .select({ id: questions.id, title: questions.title })
    .from(questions)
    .where(
      and(eq(questions.eventId, eventId), eq(questions.scope, 'PER_ORDER'), isNull(questions.defaultKey)),
    )
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  // The date of each order, in a column of its own once the event has more than one.
  const { where, now, dateColumn, dateCells } = await orderExportScope({ db, event, query });
  const charges = await chargeColumns(db, where);
  const column = new Map(charges.map((c, i) => [keyOf(c), i]));
  // Exact decimal text without symbol or grouping, which spreadsheets read as numbers.
  const amount = toMajorText;

  /** An order and its items, as read, turned into the export's cells. */
  const cellsOf = ([orderJson, itemJson, answers]: OrderCells): Cell[][] => {
    const o = rowFromJson(orders, orderJson);
    const breakdown = orderBreakdown({
      // Amounts only: the lines' attendees are not named here.
      items: itemJson.map((item) => toItemResponse(rowFromJson(orderItems, item), { names: new Map() })),
      promo_code: o.promoCode,
      price_display_mode: 'EXCLUSIVE',
    });
    const byCharge: Cell[] = charges.map(() => null);
    let ticketPrices = 0;
    for (const row of breakdown.rows) {
      if (row.kind === 'LINE') ticketPrices += row.amount;
      if (row.kind !== 'FEE' && row.kind !== 'TAX') continue;
      const at = column.get(keyOf(row));
      if (at !== undefined) byCharge[at] = amount(row.amount, o.currency);
    }
    return [
      [
        o.reference,
        shownStatus(o, now),
        ...dateCells(o),
        o.firstName,
        o.lastName,
        o.email,
        o.currency,
        describeBreakdown(breakdown, { i18n, currency: o.currency })
          .rows.filter((r) => r.kind === 'LINE')
          .map((r) => r.label)
          .join('; '),
        amount(ticketPrices, o.currency),
        amount(o.discount, o.currency),
        amount(o.subtotal, o.currency),
        ...byCharge,
        amount(o.fees, o.currency),
        amount(o.taxes, o.currency),
        amount(o.total, o.currency),
        amount(o.refundedTotal, o.currency),
        o.paymentProvider,
        o.promoCode,
        o.createdAt.toISOString(),
        ...asked.map((q) => answerCell(answers[String(q.id)])),
      ],
    ];
  };

  return {
    columns: [
      ...COLUMNS.slice(0, 2).map((c) => i18n._(c)),
      ...(dateColumn ? [i18n._(DATE_COLUMN)] : []),
      ...COLUMNS.slice(2).map((c) => i18n._(c)),
      ...charges.map((c) => chargeLabel(c, i18n)),
      ...TOTAL_COLUMNS.map((c) => i18n._(c)),
      ...asked.map((q) => q.title),
    ],
    batches: orderBatches(db, { where, cellsOf }),
  };
}
