import { and, asc, eq, inArray } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import { ACTIVE_WAITLIST_STATUSES } from '../../../common/waitlist';
import type { Database } from '../../db/client';
import { tickets, waitlistEntries } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueMail } from '../../mail/send';
import { endEntry } from '../orders/waitlist-offers';
import type { MailContext } from './mails';

/**
 * Closes the waiting list of a cancelled date (decision 050): every entry still WAITING or
 * OFFERED ends (REMOVED, an offer's held seat given back, to nobody: seats of a cancelled date
 * are offered to no one) and, when the cancellation tells people, its person gets one mail.
 * Each entry in a transaction of its own, the mail queued with its end: an entry a run ended is
 * no longer active, so a run started again after a crash neither ends it nor mails it twice.
 * Answers how many entries it closed.
 */
export async function closeWaitingList(db: Database, context: MailContext): Promise<number> {
  const { cancellation } = context;
  const open = await db
    .select({ entry: waitlistEntries, ticketTitle: tickets.title })
    .from(waitlistEntries)
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .where(
      and(
        eq(waitlistEntries.dateId, cancellation.dateId),
        inArray(waitlistEntries.status, [...ACTIVE_WAITLIST_STATUSES]),
      ),
    )
    .orderBy(asc(waitlistEntries.id));
  let closed = 0;
  for (const { entry, ticketTitle } of open) {
    await inTransaction(db, async (tx) => {
      // Locks the entry and answers false when it ended meanwhile (left, or a run before this one).
      if (!(await endEntry(tx, entry.id))) return;
      closed += 1;
      if (!cancellation.notify) return;
      await enqueueMail(tx, {
        template: 'dateCancelledWaitlist',
        to: entry.email,
        // Entries always store the language the person joined in; English for one that is not ours.
        locale: isLocale(entry.locale) ? entry.locale : 'en',
        uniqueKey: `date-cancelled-waitlist:${cancellation.id}:${entry.id}`,
        sender: context.sender,
        data: {
          name: entry.name,
          eventTitle: context.eventTitle,
          ticketTitle,
          subject: cancellation.subject,
          message: cancellation.message,
          startsAt: context.startsAt,
          timezone: context.timezone,
          ...(context.logo ? { logo: context.logo } : {}),
        },
      });
    });
  }
  return closed;
}
