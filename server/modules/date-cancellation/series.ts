import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DateCancellationResponse,
  DateSeriesCancellationRequest,
} from '../../../common/date-cancellation';
import type { Database } from '../../db/client';
import { eventDates } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { lockEvent } from '../owned-events/service';
import { startCancellation } from './service';

/**
 * `POST /api/events/{id}/date-rules/{ruleId}/cancel`: every date of the rule still ahead and
 * not cancelled is cancelled with REFUND, all in one transaction (all or none), each with a
 * cancellation and a job of its own, so that each date's job resumes on its own as one date's
 * does (decision 050). A rule with no such date (or another account's) is a 404.
 */
export async function cancelDateSeries({
  db,
  auth,
  eventId,
  ruleId,
  input,
  now = new Date(),
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  ruleId: number;
  input: z.output<typeof DateSeriesCancellationRequest>;
  now?: Date;
}): Promise<DateCancellationResponse[]> {
  return inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const dates = await tx
      .select()
      .from(eventDates)
      .where(
        and(
          eq(eventDates.eventId, eventId),
          eq(eventDates.ruleId, ruleId),
          gt(eventDates.startsAt, now),
          ne(eventDates.status, 'CANCELLED'),
        ),
      )
      .orderBy(asc(eventDates.startsAt), asc(eventDates.id))
      .for('update');
    if (dates.length === 0) throw new AppError('NOT_FOUND');
    const started: DateCancellationResponse[] = [];
    for (const date of dates) {
      started.push(await startCancellation(tx, { auth, date, input, moveToDateId: null }));
    }
    return started;
  });
}
