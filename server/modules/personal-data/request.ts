import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import { DATA_EXPORT_DAYS, myDataPath } from '../../../common/personal-data';
import type { Database, Db } from '../../db/client';
import { normalEmail, sameEmail } from '../../db/emails';
import { attendees, dataExports, orders, waitlistEntries } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { hashToken } from '../../http/tokens';
import { DATA_EXPORT_JOB, enqueue, type JobPayload } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import { enqueueMail } from '../../mail/send';
import { getPublicOrderRow } from '../orders/public-view';

/** The address as every query of this module compares it. */

/**
 * `POST /api/public/data-requests`: queues the request and nothing else, so the answer is the
 * same, in content and in time, whether or not the address has any records (decision 064).
 */
export async function requestDataExport(db: Db, input: { email: string; locale: string }): Promise<void> {
  await enqueue(db, {
    type: DATA_EXPORT_JOB,
    payload: { email: normalEmail(input.email), locale: input.locale },
  });
}

/**
 * `POST /api/public/events/{id}/orders/{shortId}/data-request`: the same request, for the
 * order's own address (never another), by whoever holds the order's link.
 */
export async function requestDataExportForOrder(
  db: Database,
  input: { eventId: number; shortId: string; locale: string },
): Promise<void> {
  const order = await getPublicOrderRow(db, input.eventId, input.shortId);
  if (!order.email?.trim()) throw new AppError('ORDER_NOT_FOUND');
  await requestDataExport(db, { email: order.email, locale: order.locale ?? input.locale });
}

/** Whether the address has an order, a ticket or a waiting-list entry anywhere. */
async function hasRecords(db: Db, email: string): Promise<boolean> {
  const lookups = [
    db.select({ id: orders.id }).from(orders).where(sameEmail(orders.email, email)).limit(1),
    db.select({ id: attendees.id }).from(attendees).where(sameEmail(attendees.email, email)).limit(1),
    db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(sameEmail(waitlistEntries.email, email))
      .limit(1),
  ];
  for (const lookup of lookups) if ((await lookup).length > 0) return true;
  return false;
}

/** The job behind a data request: one mail with a link to the export, when there is anything to export. */
export function dataExportJobHandler(links: {
  appUrl: string;
}): JobHandler<JobPayload<typeof DATA_EXPORT_JOB>> {
  return async ({ email, locale }, { db, jobId }) => {
    await db.delete(dataExports).where(lt(dataExports.expiresAt, sql`now() - interval '7 days'`));
    if (!(await hasRecords(db, email))) return;
    await inTransaction(db, async (tx) => {
      const token = randomBytes(16).toString('base64url');
      await tx.insert(dataExports).values({
        tokenHash: hashToken(token),
        email,
        expiresAt: sql`now() + make_interval(days => ${DATA_EXPORT_DAYS})`,
      });
      const queued = await enqueueMail(tx, {
        template: 'dataExport',
        to: email,
        locale: isLocale(locale) ? locale : 'en',
        uniqueKey: `data-export:${jobId}`,
        data: { url: `${links.appUrl}${myDataPath(token)}`, days: DATA_EXPORT_DAYS },
      });
      // Run twice, the second run's link is rolled back with nothing mailed.
      if (!queued) throw new AlreadySent();
    }).catch((error) => {
      if (!(error instanceof AlreadySent)) throw error;
    });
  };
}

class AlreadySent extends Error {}

/** The export row of a live token, or `DATA_EXPORT_EXPIRED` (unknown and expired alike). */
export async function findLiveExport(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.tokenHash, hashToken(token)), sql`${dataExports.expiresAt} > now()`));
  if (!row) throw new AppError('DATA_EXPORT_EXPIRED');
  return row;
}
