import { eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrdersExportQuery } from '../../../common/admin-orders';
import { toMajorText } from '../../../common/money';
import { rowFromJson } from '../../db/rows';
import { orderItems, orders, tickets } from '../../db/schema';
import type { Cell, Table } from '../../exports/table';
import { listWhere } from '../../http/list';
import { askedDate, DATE_COLUMN, dateCellText, eventDateRefs } from '../owned-events/dates';
import type { EventListContext } from '../owned-events/service';
import { orderList } from './admin-view';
import { shownStatus } from './open-checkouts';
import { type OrderCells, orderBatches } from './order-batches';

type Context = EventListContext<z.output<typeof OrdersExportQuery>>;

/** What both order exports start from: the list's filters, and each order's date cell. */
export async function orderExportScope({
  db,
  event,
  query,
}: Pick<Context, 'db' | 'event' | 'query'>): Promise<{
  where: SQL | undefined;
  now: Date;
  /** The date column's header and each order's cell, once the event has more than one date. */
  dateColumn: boolean;
  dateCells: (o: { dateId: number }) => Cell[];
}> {
  const now = new Date();
  const dateId = query.params.date_id;
  await askedDate(db, { eventId: event.id, dateId });
  const where = listWhere(query, orderList(db, { eventId: event.id, dateId, query, now }));
  const dates = await eventDateRefs(db, event.id);
  const dateColumn = dates.size > 1;
  return {
    where,
    now,
    dateColumn,
    dateCells: (o) => (dateColumn ? [dateCellText(dates.get(o.dateId), event.timezone)] : []),
  };
}

const HEAD = Object.freeze([
  /*i18n*/ { id: 'export.order_reference', message: 'Order reference' },
  /*i18n*/ { id: 'export.order_status', message: 'Order status' },
]);
const COLUMNS = Object.freeze([
  /*i18n*/ { id: 'export.first_name', message: 'First name' },
  /*i18n*/ { id: 'export.last_name', message: 'Last name' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.currency', message: 'Currency' },
  /*i18n*/ { id: 'export.line_kind', message: 'Kind' },
  /*i18n*/ { id: 'export.line_item', message: 'Item' },
  /*i18n*/ { id: 'export.line_variant', message: 'Variant or tier' },
  /*i18n*/ { id: 'export.line_quantity', message: 'Quantity' },
  /*i18n*/ { id: 'export.line_unit_price', message: 'Unit price' },
  /*i18n*/ { id: 'export.discount', message: 'Discount' },
  /*i18n*/ { id: 'export.subtotal', message: 'Subtotal' },
  /*i18n*/ { id: 'export.fees', message: 'Fees' },
  /*i18n*/ { id: 'export.taxes', message: 'Taxes' },
  /*i18n*/ { id: 'export.total', message: 'Total' },
  /*i18n*/ { id: 'export.created_at', message: 'Created (UTC)' },
]);
const KIND = Object.freeze({
  TICKET: /*i18n*/ { id: 'export.kind_ticket', message: 'Ticket' },
  PRODUCT: /*i18n*/ { id: 'export.kind_product', message: 'Product' },
});

/**
 * `GET /api/events/{id}/orders/export?params[rows]=lines`: the orders the list shows, a row per
 * line (a ticket or a product, decision 051) with its kind and variant or tier, its quantity and
 * its amounts as plain decimals in the order's currency; the lines of an order add up to its
 * subtotal, fees, taxes and total.
 */
export async function exportOrderLines({
  db,
  event,
  query,
  i18n,
}: Pick<Context, 'db' | 'event' | 'query' | 'i18n'>): Promise<Table> {
  const scope = await orderExportScope({ db, event, query });
  const kinds = new Map(
    (
      await db
        .select({ id: tickets.id, kind: tickets.kind })
        .from(tickets)
        .where(eq(tickets.eventId, event.id))
    ).map((t) => [t.id, t.kind]),
  );
  const amount = toMajorText;
  const cellsOf = ([orderJson, itemJson]: OrderCells): Cell[][] => {
    const o = rowFromJson(orders, orderJson);
    return itemJson.map((json) => {
      const item = rowFromJson(orderItems, json);
      return [
        o.reference,
        shownStatus(o, scope.now),
        ...scope.dateCells(o),
        o.firstName,
        o.lastName,
        o.email,
        o.currency,
        i18n._(KIND[kinds.get(item.ticketId) ?? 'TICKET']),
        item.title,
        item.priceLabel,
        item.quantity,
        amount(item.unitPrice, o.currency),
        amount(item.discount, o.currency),
        amount(item.subtotal, o.currency),
        amount(item.fees, o.currency),
        amount(item.taxes, o.currency),
        amount(item.total, o.currency),
        o.createdAt.toISOString(),
      ];
    });
  };
  return {
    columns: [
      ...HEAD.map((c) => i18n._(c)),
      ...(scope.dateColumn ? [i18n._(DATE_COLUMN)] : []),
      ...COLUMNS.map((c) => i18n._(c)),
    ],
    batches: orderBatches(db, { where: scope.where, cellsOf }),
  };
}
