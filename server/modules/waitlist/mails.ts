import { eq } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import { accounts, events, organizers, tickets, waitlistEntries } from '../../db/schema';
import type { JobPayload, WAITLIST_NOTIFY_JOB } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import { enqueueMail } from '../../mail/send';
import { eventMailSender } from '../../mail/sender';
import { findEventLogoAt } from '../images/logo';
import { customMailText, locationText } from '../mail-templates/service';
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
      .select({
        entry: waitlistEntries,
        event: events,
        ticketTitle: tickets.title,
        organizer: organizers,
        supportEmail: accounts.supportEmail,
      })
      .from(waitlistEntries)
      .innerJoin(events, eq(events.id, waitlistEntries.eventId))
      .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
      .innerJoin(organizers, eq(organizers.id, events.organizerId))
      .innerJoin(accounts, eq(accounts.id, events.accountId))
      .where(eq(waitlistEntries.id, entry_id));
    if (!found) return;
    const { entry, event } = found;
    // From the organizer, replies to them (decision 035).
    const sender = eventMailSender({
      eventSettings: event.settings,
      organizer: found.organizer,
      accountSupportEmail: found.supportEmail,
    });
    const base = {
      name: entry.name,
      eventTitle: event.title,
      ticketTitle: found.ticketTitle,
      url: `${appUrl}/waitlist/${event.id}/${entry.token}`,
      logo: await findEventLogoAt(db, event.id, appUrl),
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
        sender,
        uniqueKey: `waitlist-joined-mail:${entry.id}`,
        data: { ...base, position: positions(waiting).get(entry.id) ?? 1 },
      });
    }
    if (kind === 'offered' && entry.status === 'OFFERED' && entry.offerExpiresAt && entry.offeredAt) {
      // The organizer's own wording (decision 055), filled in now in the entry's language.
      const custom = await customMailText(db, {
        accountId: event.accountId,
        eventId: event.id,
        locale,
        kind: 'waitlist_offer',
        facts: {
          event: {
            title: event.title,
            start: event.startDate.toISOString(),
            timezone: event.timezone,
            location: locationText(event.location, event.onlineEventDetails),
            url: `${appUrl}/e/${event.id}/${event.slug}`,
          },
          offer: {
            name: entry.name,
            ticketTitle: found.ticketTitle,
            expiresAt: entry.offerExpiresAt.toISOString(),
            url: base.url,
          },
        },
      });
      await enqueueMail(db, {
        template: 'waitlistOffered',
        to: entry.email,
        locale,
        sender,
        uniqueKey: `waitlist-offered-mail:${entry.id}:${entry.offeredAt.getTime()}`,
        data: {
          ...base,
          expiresAt: entry.offerExpiresAt.toISOString(),
          timezone: event.timezone,
          ...(custom ? { custom } : {}),
        },
      });
    }
  };
}
