import { and, eq } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { i18nFor } from '../../i18n';
import { renderInvoicePdf } from './pdf';

/** `GET …/orders/{orderId}/invoices/{invoiceId}.pdf`: an invoice or credit note of the account's order. */
export async function invoicePdf(
  db: Db,
  {
    auth,
    eventId,
    orderId,
    invoiceId,
  }: { auth: AuthContext; eventId: number; orderId: number; invoiceId: number },
): Promise<{ filename: string; body: Buffer }> {
  const [row] = await db
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
  const locale = isLocale(row.document.locale) ? row.document.locale : 'en';
  const body = await renderInvoicePdf(row.document, i18nFor(locale));
  return { filename: `${row.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, body };
}
