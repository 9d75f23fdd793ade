import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import { MESSAGEABLE_ORDER_STATUSES } from '../../../common/messages';
import { findTicketsPath, ORDER_LINK_HOURS, type OrderLookupScope } from '../../../common/order-lookup';
import type { Database, Db } from '../../db/client';
import { sameEmail } from '../../db/emails';
import { attendees, eventDates, events, orders, organizers } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { enqueue, type JobPayload, ORDER_LOOKUP_JOB } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import type { LookupMailOrder } from '../../mail/lookup-templates';
import { enqueueMail } from '../../mail/send';
import { eventMailSender } from '../../mail/sender';
import { findEventLogoAt } from '../images/logo';
import { createOrderLink, purgeExpiredOrderLinks } from './links';

/** At most this many links in one mail, the latest dates first. */
const MAX_LINKS = 50;

/**
 * `POST /api/public/events/{id}/order-lookup`: queues the lookup and nothing else (decision
 * 056), so the answer is the same, in content and in time, whether or not the address has
 * orders. Only the event is read: it must exist and be published.
 */
export async function requestOrderLookup(
  db: Database,
  input: { eventId: number; email: string; scope: OrderLookupScope; locale: string },
): Promise<void> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, input.eventId), ne(events.status, 'DRAFT')));
  if (!event) throw new AppError('NOT_FOUND');
  await enqueue(db, {
    type: ORDER_LOOKUP_JOB,
    payload: {
      email: input.email.trim().toLowerCase(),
      event_id: input.eventId,
      scope: input.scope,
      locale: input.locale,
    },
  });
}

type Found = { orderId: number; attendeeId: number | null; mail: Omit<LookupMailOrder, 'url'> };

/**
 * The placed orders of the scope the address bought (linked as orders), then the valid tickets
 * it holds in orders someone else bought (linked as tickets): never an unfinished checkout.
 */
async function findOrders(
  db: Db,
  { email, where }: { email: string; where: ReturnType<typeof eq> },
): Promise<Found[]> {
  const columns = {
    orderId: orders.id,
    reference: orders.reference,
    status: orders.status,
    eventTitle: events.title,
    dateLabel: eventDates.label,
    start: eventDates.startsAt,
    timezone: events.timezone,
  };
  const placed = and(where, inArray(orders.status, MESSAGEABLE_ORDER_STATUSES));
  const bought = await db
    .select(columns)
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(eventDates, eq(eventDates.id, orders.dateId))
    .where(and(placed, sameEmail(orders.email, email)))
    .orderBy(desc(eventDates.startsAt), desc(orders.id))
    .limit(MAX_LINKS);
  const held = await db
    .select({ ...columns, attendeeId: attendees.id })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(eventDates, eq(eventDates.id, attendees.dateId))
    .where(
      and(
        placed,
        eq(attendees.status, 'ACTIVE'),
        sameEmail(attendees.email, email),
        sql`lower(trim(coalesce(${orders.email}, ''))) <> ${email}`,
      ),
    )
    .orderBy(desc(eventDates.startsAt), desc(attendees.id))
    .limit(MAX_LINKS);
  const mail = (row: (typeof bought)[number], ticket: boolean) => ({
    eventTitle: row.dateLabel ? `${row.eventTitle} · ${row.dateLabel}` : row.eventTitle,
    start: row.start.toISOString(),
    timezone: row.timezone,
    reference: row.reference,
    status: row.status,
    ticket,
  });
  return [
    ...bought.map((row) => ({ orderId: row.orderId, attendeeId: null, mail: mail(row, false) })),
    ...held.map((row) => ({ orderId: row.orderId, attendeeId: row.attendeeId, mail: mail(row, true) })),
  ].slice(0, MAX_LINKS);
}

/** Rolls back the links of a job that had already queued its mail. */
class AlreadySent extends Error {}

/**
 * The job behind a lookup: when the address has orders in the scope, one mail to that address
 * (and nobody else) with an expiring link to each. Run twice, it queues one mail whose links
 * work (the second run's links are rolled back).
 */
export function orderLookupJobHandler(links: {
  appUrl: string;
}): JobHandler<JobPayload<typeof ORDER_LOOKUP_JOB>> {
  return async ({ email, event_id, scope, locale }, { db, jobId }) => {
    await purgeExpiredOrderLinks(db);
    try {
      await inTransaction(db, async (tx) => {
        const [row] = await tx
          .select({ event: events, organizer: organizers })
          .from(events)
          .innerJoin(organizers, eq(organizers.id, events.organizerId))
          .where(eq(events.id, event_id));
        if (!row) return;
        const where =
          scope === 'EVENT' ? eq(orders.eventId, event_id) : eq(orders.accountId, row.event.accountId);
        const found = await findOrders(tx, { email, where });
        if (found.length === 0) return;
        const mailed: LookupMailOrder[] = [];
        for (const item of found) {
          const token = await createOrderLink(tx, {
            orderId: item.orderId,
            attendeeId: item.attendeeId,
            email,
          });
          mailed.push({ ...item.mail, url: `${links.appUrl}/order-link/${event_id}/${token}` });
        }
        const queued = await enqueueMail(tx, {
          template: 'orderLookup',
          to: email,
          locale: isLocale(locale) ? locale : 'en',
          uniqueKey: `order-lookup:${jobId}`,
          sender: eventMailSender({ eventSettings: row.event.settings, organizer: row.organizer }),
          data: {
            orders: mailed,
            hours: ORDER_LINK_HOURS,
            findUrl: `${links.appUrl}${findTicketsPath(event_id)}`,
            eventTitle: row.event.title,
            logo: await findEventLogoAt(tx, event_id, links.appUrl),
          },
        });
        if (!queued) throw new AlreadySent();
      });
    } catch (error) {
      if (!(error instanceof AlreadySent)) throw error;
    }
  };
}
