import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CreateEventRequest,
  canTransition,
  type DuplicateEventRequest,
  type EventStatus,
  type EventsQuery,
  slugify,
  type UpdateEventRequest,
  withSettingDefaults,
} from '../../../common/events';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Database, Db, Transaction } from '../../db/client';
import { events, organizers } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import { type AuthContext, assertEmailConfirmed } from '../../http/auth';
import { findList } from '../../http/list';
import type { FileStorage } from '../../storage';
import { sanitizeDescription } from '../../text/description';
import { assertNotScheduledForDeletion } from '../account-deletion/service';
import { getEventDefaults } from '../accounts/service';
import { addFirstDate, followEventSpan } from '../event-dates/service';
import { copyEventImages } from '../images/copy';
import { findBuyersImagesOfEvents, findEventImageResponses } from '../images/presenter';
import { requireOwnSeries } from '../invoices/settings';
import { getOrganizer } from '../organizers/service';
import { getEvent, lockEvent } from '../owned-events/service';
import { createDefaultQuestions, hasHiddenQuestions, requireEventQuestions } from '../questions/defaults';
import { assertCanTakePayments } from '../stripe-accounts/service';
import { enqueueWebhookEvent } from '../webhooks/service';
import { copyCatalogue } from './duplicate-catalogue';
import { type EventRow, settingsOf, toEventResponse, toPublicEventResponse } from './presenter';
import { findSalesOfEvents } from './sales';

type EventInput = z.output<typeof CreateEventRequest>;

function columnsOf(input: EventInput) {
  return {
    title: input.title,
    slug: slugify(input.title),
    description: sanitizeDescription(input.description),
    startDate: new Date(input.start_date),
    endDate: input.end_date ? new Date(input.end_date) : null,
    location: input.location ?? null,
    onlineEventDetails: input.online_event_details ?? null,
  };
}

/** A draft event and its default questions, written together. */
export async function createEvent(db: Database, auth: AuthContext, input: EventInput): Promise<EventRow> {
  return inTransaction(db, async (tx) => {
    const organizer = await getOrganizer(tx, auth.accountId, input.organizer_id);
    const [row] = await tx
      .insert(events)
      .values({
        accountId: auth.accountId,
        organizerId: organizer.id,
        ...columnsOf(input),
        timezone: input.timezone ?? organizer.timezone,
        currency: input.currency ?? organizer.currency,
        // Product defaults, then the account's event defaults, then what the request says.
        settings: withSettingDefaults({ ...(await getEventDefaults(tx, auth.accountId)), ...input.settings }),
      })
      .returning();
    if (!row) throw new Error('event insert returned nothing');
    await addFirstDate(tx, row);
    await createDefaultQuestions(tx, auth.accountId, row.id);
    return row;
  });
}

/**
 * Writes the fields sent (decision 013): a field left out keeps its value, null clears it,
 * and settings and location merge field by field into the current ones.
 */
export async function updateEvent({
  db,
  auth,
  id,
  input,
}: {
  db: Database;
  auth: AuthContext;
  id: number;
  input: z.output<typeof UpdateEventRequest>;
}): Promise<EventRow> {
  return inTransaction(db, async (tx) => {
    const current = await lockEvent(tx, auth.accountId, id);
    const organizer =
      input.organizer_id === undefined
        ? undefined
        : await getOrganizer(tx, auth.accountId, input.organizer_id);
    const startDate = input.start_date === undefined ? current.startDate : new Date(input.start_date);
    const endDate =
      input.end_date === undefined ? current.endDate : input.end_date ? new Date(input.end_date) : null;
    if (endDate && endDate <= startDate) throw fieldError('end_date', VALIDATION.endBeforeStart);
    const settings = withSettingDefaults({ ...settingsOf(current), ...input.settings });
    // It cannot be turned off while a hidden question exists (decision 005).
    if (!settings.show_hidden_questions && (await hasHiddenQuestions(tx, id)))
      settings.show_hidden_questions = true;
    if (input.settings?.invoice_seller)
      await requireOwnSeries(tx, auth.accountId, input.settings.invoice_seller);
    if (input.settings?.ticket_design)
      await requireEventQuestions(tx, { eventId: id, ids: input.settings.ticket_design.question_ids });
    const location =
      input.location === undefined || input.location === null
        ? input.location
        : { ...current.location, ...input.location };
    const [row] = await tx
      .update(events)
      .set({
        organizerId: organizer?.id,
        ...(input.title === undefined ? {} : { title: input.title, slug: slugify(input.title) }),
        description: input.description === undefined ? undefined : sanitizeDescription(input.description),
        startDate,
        endDate,
        location,
        onlineEventDetails: input.online_event_details,
        timezone: input.timezone,
        currency: input.currency,
        settings,
        updatedAt: sql`now()`,
      })
      .where(eq(events.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    if (input.start_date !== undefined || input.end_date !== undefined) await followEventSpan(tx, row);
    await queueEventUpdated(tx, row);
    return row;
  });
}

/** `event.updated` webhooks (decision 027), the event as the API returns it. */
function queueEventUpdated(tx: Transaction, row: EventRow) {
  return enqueueWebhookEvent(tx, {
    accountId: row.accountId,
    eventId: row.id,
    type: 'event.updated',
    data: () => Promise.resolve(toEventResponse(row)),
  });
}

/**
 * Moves an event along its state machine; going live needs a confirmed e-mail address and, for
 * paid tickets, a way to pay.
 */
export async function updateEventStatus({
  db,
  auth,
  id,
  status,
}: {
  db: Database;
  auth: AuthContext;
  id: number;
  status: EventStatus;
}): Promise<EventRow> {
  return inTransaction(db, async (tx) => {
    const current = await lockEvent(tx, auth.accountId, id);
    if (current.status === status) return current;
    if (!canTransition(current.status, status)) {
      throw new AppError('CONFLICT', {
        message: EVENT_STATUS_REFUSED,
        values: { from: current.status, to: status },
      });
    }
    if (status === 'LIVE') {
      assertEmailConfirmed(auth);
      await assertNotScheduledForDeletion(tx, auth.accountId);
      await assertCanTakePayments(tx, current);
    }
    const [row] = await tx
      .update(events)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(events.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await queueEventUpdated(tx, row);
    return row;
  });
}

const EVENT_STATUS_REFUSED = /*i18n*/ {
  id: 'error.event_status_refused',
  message: 'An event cannot go from {from} to {to}.',
};

/** When an event ends: its end date, or the end of its start day in its own time zone. */
const effectiveEnd = sql`coalesce(${events.endDate}, (date_trunc('day', ${events.startDate} at time zone ${events.timezone}) + interval '1 day') at time zone ${events.timezone})`;

function stateCondition(state: string): SQL {
  switch (state) {
    case 'archived':
      return eq(events.status, 'ARCHIVED');
    case 'ended':
      return and(ne(events.status, 'ARCHIVED'), sql`${effectiveEnd} < now()`) as SQL;
    case 'upcoming':
      return and(ne(events.status, 'ARCHIVED'), sql`${effectiveEnd} >= now()`) as SQL;
    default:
      throw new AppError('VALIDATION_FAILED');
  }
}

export async function findEvents({
  db,
  auth,
  query,
  organizerId,
}: {
  db: Db;
  auth: AuthContext;
  query: z.output<typeof EventsQuery>;
  /** Only the events of this organizer. */
  organizerId?: number;
}) {
  const stateFilter = query.filters.find((f) => f.field === 'state');
  const now = new Date();
  // The state is a condition of its own (its values are words, not statuses).
  return findList(
    { ...query, filters: query.filters.filter((f) => f.field !== 'state') },
    {
      where: [
        eq(events.accountId, auth.accountId),
        organizerId === undefined ? undefined : eq(events.organizerId, organizerId),
        stateFilter ? stateCondition(String(stateFilter.values[0]).toLowerCase()) : undefined,
      ],
      filters: {
        state: { column: events.status },
        status: { column: events.status },
        organizer_id: { column: events.organizerId },
      },
      search: [events.title],
      sort: {
        start_date: events.startDate,
        title: sql`lower(${events.title})`,
        created_at: events.createdAt,
      },
      tiebreaker: asc(events.id),
      select: (where) => db.select().from(events).where(where),
      count: (where) => db.$count(events, where),
      present: async (rows) => {
        const sales = await findSalesOfEvents(
          db,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({
          ...toEventResponse(row, now),
          sales: sales.get(row.id) ?? { tickets_sold: 0, gross_sales: 0 },
        }));
      },
    },
  );
}

/** A LIVE event for the public page; anything else is a 404 (the page shows an empty event). */
export async function getPublicEvent(db: Db, storage: FileStorage, id: number) {
  const [row] = await db
    .select({ event: events, organizer: organizers })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(and(eq(events.id, id), eq(events.status, 'LIVE')));
  if (!row) throw new AppError('NOT_FOUND');
  return toPublicEventResponse({
    row: row.event,
    organizer: row.organizer,
    images: await findEventImageResponses(db, storage, { eventId: row.event.id, forBuyers: true }),
  });
}

/**
 * A draft copy of an event, with its settings unless told otherwise, and what it sells as
 * chosen: all of it is written in one transaction, so a failure leaves no part of a copy (only
 * copied image files no row points at).
 */
export async function duplicateEvent({
  db,
  storage,
  auth,
  id,
  input,
}: {
  db: Database;
  storage: FileStorage;
  auth: AuthContext;
  id: number;
  input: z.output<typeof DuplicateEventRequest>;
}): Promise<EventRow> {
  return inTransaction(db, async (tx) => {
    const source = await getEvent(tx, auth.accountId, id);
    const title = input.title ?? source.title;
    const startDate = input.start_date ? new Date(input.start_date) : source.startDate;
    // The copy keeps the source's duration when it moves to another start.
    const endDate = source.endDate
      ? new Date(startDate.getTime() + (source.endDate.getTime() - source.startDate.getTime()))
      : null;
    const [row] = await tx
      .insert(events)
      .values({
        accountId: auth.accountId,
        organizerId: source.organizerId,
        title,
        slug: slugify(title),
        description: source.description,
        startDate,
        endDate,
        timezone: source.timezone,
        currency: source.currency,
        status: 'DRAFT',
        location: source.location,
        onlineEventDetails: source.onlineEventDetails,
        settings: input.copy_settings
          ? settingsOf(source)
          : withSettingDefaults(await getEventDefaults(tx, auth.accountId)),
      })
      .returning();
    if (!row) throw new Error('event insert returned nothing');
    await addFirstDate(tx, row);
    await createDefaultQuestions(tx, auth.accountId, row.id);
    const copy = {
      accountId: auth.accountId,
      sourceId: source.id,
      targetId: row.id,
      shiftMs: startDate.getTime() - source.startDate.getTime(),
    };
    const { ticketIds, questionIds } = await copyCatalogue(tx, copy, input);
    if (input.copy_images) await copyEventImages(tx, storage, { ...copy, ticketIds });
    return followDesignQuestions(tx, { row, questionIds });
  });
}

/** The LIVE events of an organizer that have not ended, soonest first (public organizer page). */
export async function findPublicOrganizerEvents(
  { db, storage }: { db: Db; storage: FileStorage },
  organizerId: number,
  { past = false }: { past?: boolean } = {},
) {
  const rows = await db
    .select({ event: events, organizer: organizers })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(
      and(
        eq(events.organizerId, organizerId),
        eq(events.status, 'LIVE'),
        past ? sql`${effectiveEnd} < now()` : sql`${effectiveEnd} >= now()`,
      ),
    )
    // Past events: the latest first, the last 50 (the organizer's homepage, decision 058).
    .orderBy(past ? desc(events.startDate) : asc(events.startDate), asc(events.id))
    .limit(past ? 50 : 100);
  const now = new Date();
  // Their images in one query, whatever the number of events (decision 062).
  const images = await findBuyersImagesOfEvents(
    db,
    storage,
    rows.map((r) => r.event.id),
  );
  const data = rows.map((r) =>
    toPublicEventResponse({
      row: r.event,
      organizer: r.organizer,
      images: images.get(r.event.id) ?? [],
      now,
    }),
  );
  return { data };
}

/**
 * The copy's ticket design names the copy's questions, not the source's (decision 059); a
 * question not copied is left out of it.
 */
async function followDesignQuestions(
  tx: Transaction,
  { row, questionIds }: { row: EventRow; questionIds: Map<number, number> },
): Promise<EventRow> {
  const settings = settingsOf(row);
  const ids = settings.ticket_design.question_ids;
  if (ids.length === 0) return row;
  const mapped = ids.flatMap((id) => {
    const copied = questionIds.get(id);
    return copied === undefined ? [] : [copied];
  });
  const [updated] = await tx
    .update(events)
    .set({ settings: { ...settings, ticket_design: { ...settings.ticket_design, question_ids: mapped } } })
    .where(eq(events.id, row.id))
    .returning();
  return updated ?? row;
}
