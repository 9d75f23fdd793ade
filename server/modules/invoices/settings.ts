import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import {
  INVOICE_SETTING_DEFAULTS,
  type InvoiceSellerOverride,
  type InvoiceSettings,
  type InvoiceSettingsRequest,
  type InvoiceSettingsResponse,
} from '../../../common/invoices';
import type { Database, Db, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts, invoiceSequences } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';

type Input = z.output<typeof InvoiceSettingsRequest>;

/** The account's invoice settings, or the defaults (invoicing off) before it saved any. */
export async function readInvoiceSettings(db: Db, accountId: number): Promise<InvoiceSettings> {
  const [row] = await db
    .select({ settings: accounts.invoiceSettings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { ...INVOICE_SETTING_DEFAULTS, ...(row?.settings ?? {}) };
}

/**
 * Refuses an event's own number series under the account's prefix: both series would print the
 * same numbers (decision 053).
 */
export async function requireOwnSeries(db: Db, accountId: number, seller: InvoiceSellerOverride) {
  if (!seller.own_sequence) return;
  const account = await readInvoiceSettings(db, accountId);
  if (seller.prefix === account.prefix)
    throw fieldError('settings.invoice_seller.prefix', VALIDATION.invoicePrefixForOwnSequence);
}

/**
 * What an event's invoices say of their seller: the account's settings, with the event's own
 * seller over them where it has one (its notes, footer and payment terms where it gives them),
 * and its own prefix when it keeps its own series (decision 053).
 */
export function sellerOf(settings: InvoiceSettings, own: InvoiceSellerOverride | null): InvoiceSettings {
  if (!own) return settings;
  return {
    ...settings,
    legal_name: own.legal_name,
    address: own.address,
    tax_id: own.tax_id,
    prefix: own.own_sequence ? own.prefix : settings.prefix,
    payment_terms_days: own.payment_terms_days ?? settings.payment_terms_days,
    notes: own.notes ?? settings.notes,
    footer: own.footer ?? settings.footer,
  };
}

/** The sequence of an event that numbers its own invoices, made on first use. */
export async function eventSequence(
  tx: Transaction,
  { accountId, eventId }: { accountId: number; eventId: number },
) {
  await tx
    .insert(invoiceSequences)
    .values({ accountId, eventId })
    .onConflictDoNothing({ target: invoiceSequences.eventId, where: sql`event_id is not null` });
  const [row] = await tx.select().from(invoiceSequences).where(eq(invoiceSequences.eventId, eventId));
  if (!row) throw new Error('invoice sequence missing after insert');
  return row;
}

/** The account's own sequence (decision 053), made on first use. */
export async function accountSequence(tx: Transaction | Db, accountId: number) {
  await tx
    .insert(invoiceSequences)
    .values({ accountId })
    .onConflictDoNothing({ target: invoiceSequences.accountId, where: sql`event_id is null` });
  const [row] = await tx
    .select()
    .from(invoiceSequences)
    .where(and(eq(invoiceSequences.accountId, accountId), isNull(invoiceSequences.eventId)));
  if (!row) throw new Error('invoice sequence missing after insert');
  return row;
}

/** `GET /api/accounts/current/invoice-settings` */
export async function getInvoiceSettings(db: Database, auth: AuthContext): Promise<InvoiceSettingsResponse> {
  const settings = await readInvoiceSettings(db, auth.accountId);
  const sequence = await accountSequence(db, auth.accountId);
  return { ...settings, next_number: sequence.nextNumber };
}

/**
 * `PUT /api/accounts/current/invoice-settings`: the seller's details and rules. The next number
 * may be set anywhere above the last one given, never at or below it: a number given once is
 * never given again (decision 053).
 */
export async function updateInvoiceSettings({
  db,
  auth,
  input,
}: {
  db: Database;
  auth: AuthContext;
  input: Input;
}): Promise<InvoiceSettingsResponse> {
  const { next_number: next, ...settings } = input;
  await inTransaction(db, async (tx) => {
    // Locked: an invoice being issued now finishes first, so its number counts as given.
    const [sequence] = await tx
      .select()
      .from(invoiceSequences)
      .where(eq(invoiceSequences.id, (await accountSequence(tx, auth.accountId)).id))
      .for('update');
    if (!sequence) throw new Error('invoice sequence missing');
    if (next !== undefined && next !== sequence.nextNumber) {
      const last = await lastGiven(tx, sequence.id);
      if (next <= last)
        throw new AppError('VALIDATION_FAILED', {
          fields: {
            next_number: [{ ...VALIDATION.invoiceNumberTaken, values: { last, next: last + 1 } }],
          },
        });
      await tx.update(invoiceSequences).set({ nextNumber: next }).where(eq(invoiceSequences.id, sequence.id));
    }
    await tx
      .update(accounts)
      .set({ invoiceSettings: settings, updatedAt: sql`now()` })
      .where(eq(accounts.id, auth.accountId));
  });
  return getInvoiceSettings(db, auth);
}

/** The highest number the sequence has given; 0 before the first. */
async function lastGiven(tx: Transaction, sequenceId: number): Promise<number> {
  const [row] = await queryRows<{ last: number | string | null }>(
    tx,
    sql`select max(number) as last from invoices where sequence_id = ${sequenceId}`,
  );
  return Number(row?.last ?? 0);
}
