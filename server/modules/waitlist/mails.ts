import { eq } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import { events, tickets, waitlistEntries } from '../../db/schema';
import type { JobPayload, WAITLIST_NOTIFY_JOB } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import { enqueueMail } from '../../mail/send';
import { positions } from './service';

/**
 * The job behind a waiting-list e-mail (decision 030): it reads the entry when it runs, so a
 * person who left or was offered a seat meanwhile is not told stale news, and queues the mail in
 * the entry's language with the link to the entry's page.
 */
export function waitlistJobHandler({
  appUrl,
}: {
  appUrl: string;
}): JobHandler<JobPayload<typeof WAITLIST_NOTIFY_JOB>> {
  return async ({ entry_id, kind }, { db }) => {
    const [found] = await db
      .select({ entry: waitlistEntries, event: events, ticketTitle: tickets.title })
      .from(waitlistEntries)
      .innerJoin(events, eq(events.id, waitlistEntries.eventId))
      .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
      .where(eq(waitlistEntries.id, entry_id));
    if (!found) return;
    const { entry, event } = found;
    const base = {
      name: entry.name,
      eventTitle: event.title,
      ticketTitle: found.ticketTitle,
      url: `${appUrl}/waitlist/${event.id}/${entry.token}`,
    };
    const locale = isLocale(entry.locale) ? entry.locale : 'en';
    if (kind === 'joined' && entry.status === 'WAITING') {
      const waiting = await db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.ticketId, entry.ticketId));
      await enqueueMail(db, {
        template: 'waitlistJoined',
        to: entry.email,
        locale,
        uniqueKey: `waitlist-joined-mail:${entry.id}`,
        data: { ...base, position: positions(waiting).get(entry.id) ?? 1 },
      });
    }
    if (kind === 'offered' && entry.status === 'OFFERED' && entry.offerExpiresAt && entry.offeredAt) {
      await enqueueMail(db, {
        template: 'waitlistOffered',
        to: entry.email,
        locale,
        uniqueKey: `waitlist-offered-mail:${entry.id}:${entry.offeredAt.getTime()}`,
        data: { ...base, expiresAt: entry.offerExpiresAt.toISOString(), timezone: event.timezone },
      });
    }
  };
}
