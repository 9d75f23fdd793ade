import { eq, sql } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import { isLocale } from '../../../common/i18n/locales';
import { translate } from '../../../common/i18n/translate';
import type { Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { events, invoiceSequences, invoices, type orders } from '../../db/schema';
import { i18nFor } from '../../i18n';
import { creditNoteDocument } from './document';
import { type InvoiceRow, invoiceOfLockedOrder, queueInvoiceWebhook, takeNumber } from './service';
import { readInvoiceSettings } from './settings';

type OrderRow = typeof orders.$inferSelect;

const PART_LINE = /*i18n*/ {
  id: 'invoice.credit_note.part_line',
  message: 'Credit on order {reference}',
};

/** What the invoice's credit notes credit so far, in minor units. */
async function creditedOn(tx: Transaction, invoice: InvoiceRow): Promise<number> {
  const [row] = await queryRows<{ credited: string | number }>(
    tx,
    sql`select coalesce(sum(total), 0) as credited from invoices
        where order_id = ${invoice.orderId} and invoice_id = ${invoice.id} and kind = 'CREDIT_NOTE'`,
  );
  return Number(row?.credited ?? 0);
}

/**
 * The prefix a new document of the invoice's series is printed with: the event's own, for an
 * event that keeps its own series, else the account's (as they are now: a seller who starts a
 * new prefix each year prints this year's).
 */
async function seriesPrefix(tx: Transaction, invoice: InvoiceRow): Promise<string> {
  const [row] = await tx
    .select({ eventId: invoiceSequences.eventId, settings: events.settings })
    .from(invoiceSequences)
    .leftJoin(events, eq(events.id, invoiceSequences.eventId))
    .where(eq(invoiceSequences.id, invoice.sequenceId));
  if (!row?.eventId) return (await readInvoiceSettings(tx, invoice.accountId)).prefix;
  const own = withSettingDefaults(row.settings).invoice_seller;
  // An event that gave up its own series since: its invoice's prefix, never the account's.
  return own?.own_sequence
    ? own.prefix
    : invoice.reference.slice(0, invoice.reference.length - String(invoice.number).length);
}

/**
 * Credits `amount` of the order's invoice with a credit note in the invoice's sequence
 * (decision 053), in the caller's transaction with the order locked: for money given back (a
 * refund) or a claim dropped (an unpaid order cancelled). Never more than the invoice has left
 * uncredited, so an amount credited once is not credited again. Null when the order has no
 * invoice (its account issued none) or nothing is left to credit.
 */
export async function creditInvoice(
  tx: Transaction,
  { order, amount }: { order: OrderRow; amount: number },
): Promise<InvoiceRow | null> {
  const invoice = await invoiceOfLockedOrder(tx, order);
  if (!invoice) return null;
  // Two credits of one invoice at once wait for each other here, and count each other's.
  await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoice.id)).for('update');
  const left = invoice.total - (await creditedOn(tx, invoice));
  const credit = Math.min(amount, left);
  if (credit <= 0) return null;
  const number = await takeNumber(tx, invoice.sequenceId);
  const reference = `${await seriesPrefix(tx, invoice)}${number}`;
  const issuedAt = new Date();
  const locale = isLocale(invoice.document.locale) ? invoice.document.locale : 'en';
  const document = creditNoteDocument({
    invoice: invoice.document,
    amount: credit,
    reference,
    issuedAt,
    partLine: translate(i18nFor(locale), PART_LINE, { reference: order.reference }),
  });
  const [row] = await tx
    .insert(invoices)
    .values({
      accountId: invoice.accountId,
      eventId: invoice.eventId,
      orderId: invoice.orderId,
      sequenceId: invoice.sequenceId,
      kind: 'CREDIT_NOTE',
      number,
      reference,
      invoiceId: invoice.id,
      currency: invoice.currency,
      total: credit,
      document,
      issuedAt,
    })
    .returning();
  if (!row) throw new Error('credit note insert returned nothing');
  await queueInvoiceWebhook(tx, row);
  return row;
}
