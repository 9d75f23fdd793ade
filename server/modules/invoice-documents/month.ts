import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import type { FileStorage } from '../../storage';
import { getEvent } from '../owned-events/service';
import { type InvoiceFiles, invoicePdfs } from './service';

// A month's invoices and credit notes as one ZIP of their PDFs (issue 38, decision 053), for the
// accountant: the documents dated in that month, each as its own PDF.

type Row = typeof invoices.$inferSelect;

/** This month, YYYY-MM, in UTC. */
const thisMonth = (now: Date) => now.toISOString().slice(0, 7);

/**
 * The documents of the account (or of one of its events) dated in `month`: a document's date is
 * its day of issue in its event's time zone, as its PDF prints it. The range on `issued_at`, a
 * day wider on each side, lets the index find them; the time zone decides.
 */
async function monthRows(
  db: Db,
  { accountId, eventId, month }: { accountId: number; eventId?: number; month: string },
): Promise<Row[]> {
  const start = new Date(`${month}-01T00:00:00Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const day = 86_400_000;
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, accountId),
        eventId === undefined ? undefined : eq(invoices.eventId, eventId),
        gte(invoices.issuedAt, new Date(start.getTime() - day)),
        lt(invoices.issuedAt, new Date(end.getTime() + day)),
        sql`to_char(${invoices.issuedAt} at time zone coalesce(${invoices.document} #>> '{event,timezone}', 'UTC'), 'YYYY-MM') = ${month}`,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
}

/** A file name of the ZIP for each document: its number as printed, once each. */
function entryNames(rows: readonly Row[]): string[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const base = row.reference.replace(/[^A-Za-z0-9._-]/g, '_') || String(row.id);
    const name = taken.has(`${base}.pdf`) ? `${base}-${row.id}.pdf` : `${base}.pdf`;
    taken.add(name);
    return name;
  });
}

/**
 * The PDFs as a ZIP, drawn one at a time while the client reads: the PDFs are compressed
 * already, so they are stored as they are.
 */
function zipOf(rows: readonly Row[], files: InvoiceFiles): Readable {
  const draw = invoicePdfs(files);
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const names = entryNames(rows);
  const write = async () => {
    for (const [index, row] of rows.entries()) {
      if (out.destroyed) return;
      const { body: pdf } = await draw(row);
      const entry = new ZipPassThrough(names[index] ?? `${row.id}.pdf`);
      entry.mtime = row.issuedAt;
      zip.add(entry);
      entry.push(pdf, true);
    }
    zip.end();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

export interface InvoiceMonthZip {
  filename: string;
  /** How many documents it holds. */
  count: number;
  body: Readable;
}

/**
 * `GET /api/events/{id}/invoices/zip` and `GET /api/accounts/current/invoices/zip`: the PDFs of
 * the documents dated in `month` (this month when none is given), of one event of the caller's
 * account (404 for another account's) or of all its events. A month without any is an empty ZIP.
 */
export async function exportInvoiceMonth({
  db,
  storage,
  auth,
  eventId,
  month,
}: {
  db: Db;
  storage: FileStorage;
  auth: AuthContext;
  eventId?: number;
  month?: string | undefined;
}): Promise<InvoiceMonthZip> {
  if (eventId !== undefined) await getEvent(db, auth.accountId, eventId);
  const asked = month ?? thisMonth(new Date());
  const rows = await monthRows(db, { accountId: auth.accountId, eventId, month: asked });
  const filename = eventId === undefined ? `invoices-${asked}.zip` : `invoices-${eventId}-${asked}.zip`;
  return { filename, count: rows.length, body: zipOf(rows, { db, storage }) };
}
