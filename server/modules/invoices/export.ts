import type { I18n } from '@lingui/core';
import { and, asc, gt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountInvoicesExportQuery, InvoicesExportQuery } from '../../../common/invoices';
import { toMajorText } from '../../../common/money';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import { type Cell, decimalCell, type Table } from '../../exports/table';
import type { AuthContext } from '../../http/auth';
import { listWhere } from '../../http/list';
import type { EventListContext } from '../owned-events/service';
import { dayIn } from './document';
import { type InvoiceScope, invoiceColumns, invoiceList } from './list';

const COLUMNS = Object.freeze([
  /*i18n*/ { id: 'export.invoice.number', message: 'Number' },
  /*i18n*/ { id: 'export.invoice.kind', message: 'Kind' },
  /*i18n*/ { id: 'export.invoice.issued', message: 'Date of issue' },
  /*i18n*/ { id: 'export.invoice.due', message: 'Payment due' },
  /*i18n*/ { id: 'export.invoice.status', message: 'Status' },
  /*i18n*/ { id: 'export.invoice.credits', message: 'Credits invoice' },
  /*i18n*/ { id: 'export.invoice.buyer', message: 'Buyer' },
  /*i18n*/ { id: 'export.invoice.company', message: 'Company' },
  /*i18n*/ { id: 'export.invoice.buyer_tax_id', message: 'Buyer’s VAT number' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.order_reference', message: 'Order reference' },
  /*i18n*/ { id: 'export.invoice.event', message: 'Event' },
  /*i18n*/ { id: 'export.currency', message: 'Currency' },
  /*i18n*/ { id: 'export.invoice.net', message: 'Net' },
  /*i18n*/ { id: 'export.fees', message: 'Fees' },
  /*i18n*/ { id: 'export.taxes', message: 'Taxes' },
  /*i18n*/ { id: 'export.total', message: 'Total' },
]);

const KINDS = {
  INVOICE: /*i18n*/ { id: 'export.invoice.kind_invoice', message: 'Invoice' },
  CREDIT_NOTE: /*i18n*/ { id: 'export.invoice.kind_credit_note', message: 'Credit note' },
} as const;
const STATUSES = {
  PAID: /*i18n*/ { id: 'export.invoice.paid', message: 'Paid' },
  UNPAID: /*i18n*/ { id: 'export.invoice.unpaid', message: 'Unpaid' },
  CREDIT: /*i18n*/ { id: 'export.invoice.credit', message: 'Credit' },
} as const;

/** Read per statement: a batch of documents after the last id read. */
const BATCH = 500;

/** The frozen totals and the buyer's VAT number, which the list's rows leave out. */
const EXTRA = {
  subtotal: sql<number>`((${invoices.document} #>> '{totals,subtotal}')::int)`,
  fees: sql<number>`((${invoices.document} #>> '{totals,fees}')::int)`,
  taxes: sql<number>`((${invoices.document} #>> '{totals,taxes}')::int)`,
  buyerTaxId: sql<string | null>`(${invoices.document} #>> '{buyer,tax_id}')`,
};

/** The next batch after the id `after`, in the order the documents were issued. */
const batchAfter = (db: Db, { where, after }: { where: SQL | undefined; after: number }) =>
  db
    .select({ ...invoiceColumns, ...EXTRA })
    .from(invoices)
    .where(and(where, gt(invoices.id, after)))
    .orderBy(asc(invoices.id))
    .limit(BATCH);
type ExportRow = Awaited<ReturnType<typeof batchAfter>>[number];

/**
 * One line per document, in the order they were issued. Amounts are decimals in the document's
 * currency; a credit note's are negative, so that a column's sum is what was invoiced net of what
 * was credited.
 */
function cellsOf(row: ExportRow, i18n: I18n): Cell[] {
  const sign = row.kind === 'CREDIT_NOTE' ? -1 : 1;
  const amount = (minor: number) => decimalCell(toMajorText(sign * minor, row.currency));
  return [
    row.reference,
    i18n._(KINDS[row.kind]),
    dayIn(row.issuedAt, row.eventTimezone ?? 'UTC'),
    row.dueDate,
    i18n._(STATUSES[row.status]),
    row.creditsInvoice,
    row.buyerName,
    row.buyerCompany,
    row.buyerTaxId,
    row.buyerEmail,
    row.orderReference,
    row.eventTitle,
    row.currency,
    amount(row.subtotal),
    amount(row.fees),
    amount(row.taxes),
    amount(row.total),
  ];
}

async function* batches(db: Db, { where, i18n }: { where: SQL | undefined; i18n: I18n }) {
  let after = 0;
  for (;;) {
    const rows = await batchAfter(db, { where, after });
    if (rows.length > 0) yield rows.map((row) => cellsOf(row, i18n));
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last.id;
  }
}

function invoiceTable(
  db: Db,
  { scope, query, i18n }: { scope: InvoiceScope; query: InvoiceQueryOf; i18n: I18n },
) {
  const where = listWhere(query, invoiceList(db, scope));
  return {
    columns: COLUMNS.map((c) => i18n._(c)),
    batches: batches(db, { where, i18n }),
  } satisfies Table;
}
type InvoiceQueryOf = Pick<z.output<typeof AccountInvoicesExportQuery>, 'filters' | 'query'>;

/** `GET /api/events/{id}/invoices/export`: the event's documents the list shows, searched and filtered alike. */
export async function exportEventInvoices({
  db,
  event,
  query,
  i18n,
}: EventListContext<z.output<typeof InvoicesExportQuery>>): Promise<Table> {
  return invoiceTable(db, { scope: { accountId: event.accountId, eventId: event.id }, query, i18n });
}

/** `GET /api/accounts/current/invoices/export`: the same over the account's events. */
export async function exportAccountInvoices({
  db,
  auth,
  query,
  i18n,
}: {
  db: Db;
  auth: AuthContext;
  query: z.output<typeof AccountInvoicesExportQuery>;
  i18n: I18n;
}): Promise<Table> {
  return invoiceTable(db, { scope: { accountId: auth.accountId }, query, i18n });
}
