import { and, eq } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import type { Database, Db } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { i18nFor } from '../../i18n';
import type { MailDocuments } from '../../mail/send';
import type { FileStorage } from '../../storage';
import { readEventLogoPng } from '../images/logo';
import { ensureInvoice, type InvoiceRow } from '../invoices/service';
import { readInvoiceSettings } from '../invoices/settings';
import { ticketMailDocuments } from '../ticket-documents/service';
import { type InvoiceLogo, renderInvoicePdf } from './pdf';

type InvoicePdf = { filename: string; body: Buffer };

/** Where the PDFs' logos are read from. */
export interface InvoiceFiles {
  db: Db;
  storage: FileStorage;
}

/**
 * A maker of documents' PDFs, each in its language, named by its printed number, with its
 * event's logo (read once per event for the maker's documents; none without one).
 */
export function invoicePdfs(files: InvoiceFiles): (row: InvoiceRow) => Promise<InvoicePdf> {
  const logos = new Map<number, Promise<InvoiceLogo | null>>();
  return async (row) => {
    const logo = logos.get(row.eventId) ?? readEventLogoPng(files.db, files.storage, row.eventId);
    logos.set(row.eventId, logo);
    const locale = isLocale(row.document.locale) ? row.document.locale : 'en';
    const body = await renderInvoicePdf(row.document, i18nFor(locale), await logo);
    return { filename: `${row.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, body };
  };
}

const pdfOf = (files: InvoiceFiles, row: InvoiceRow) => invoicePdfs(files)(row);

/** `GET …/orders/{orderId}/invoices/{invoiceId}/pdf`: an invoice or credit note of the account's order. */
export async function invoicePdf(
  files: InvoiceFiles,
  {
    auth,
    eventId,
    orderId,
    invoiceId,
  }: { auth: AuthContext; eventId: number; orderId: number; invoiceId: number },
): Promise<InvoicePdf> {
  const [row] = await files.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(invoices.orderId, orderId),
        eq(invoices.eventId, eventId),
        eq(invoices.accountId, auth.accountId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return pdfOf(files, row);
}

/**
 * `GET /api/public/events/{id}/orders/{shortId}/invoices/{invoiceId}/pdf`: the buyer's own
 * invoice or credit note, for whoever holds the order's link (the link is the capability).
 */
export async function buyerInvoicePdf(
  files: InvoiceFiles,
  { eventId, orderShortId, invoiceId }: { eventId: number; orderShortId: string; invoiceId: number },
): Promise<InvoicePdf> {
  const [found] = await files.db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, invoiceId), eq(orders.shortId, orderShortId), eq(orders.eventId, eventId)));
  if (!found) throw new AppError('NOT_FOUND');
  return pdfOf(files, found.invoice);
}

/**
 * The order's invoice for its confirmation mail, issued now if its job has not run yet; none
 * when the seller issues no invoices or does not attach them.
 */
async function invoiceAttachment({ db, storage }: { db: Database; storage: FileStorage }, orderId: number) {
  const [order] = await db.select({ accountId: orders.accountId }).from(orders).where(eq(orders.id, orderId));
  if (!order) return [];
  const settings = await readInvoiceSettings(db, order.accountId);
  if (!settings.enabled || !settings.attach_to_confirmation) return [];
  const row = await ensureInvoice(db, orderId);
  if (!row) return [];
  const pdf = await pdfOf({ db, storage }, row);
  return [{ filename: pdf.filename, content: pdf.body, contentType: 'application/pdf' }];
}

/** Every file a mail of an order may carry, made when it is sent: tickets and the invoice. */
export function orderMailDocuments(appUrl: string, storage: FileStorage): MailDocuments {
  const tickets = ticketMailDocuments(appUrl, storage);
  return (db, request) =>
    request.kind === 'invoice-pdf'
      ? invoiceAttachment({ db, storage }, request.orderId)
      : tickets(db, request);
}
