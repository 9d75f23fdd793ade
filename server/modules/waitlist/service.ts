import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventDateRef } from '../../../common/date-filter';
import { withSettingDefaults } from '../../../common/events';
import type { Locale } from '../../../common/i18n/locales';
import type {
  JoinWaitlistRequest,
  PublicWaitlistEntry,
  WaitlistEntryResponse,
  WaitlistQuery,
  WaitlistResponse,
  WaitlistTicketCounts,
} from '../../../common/waitlist';
import type { Database, Db } from '../../db/client';
import { eventDates, events, orders, tickets, waitlistEntries } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, conflictError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { enqueue, WAITLIST_NOTIFY_JOB } from '../../jobs/kinds';
import { endEntry, offerSeatByHand } from '../orders/waitlist-offers';
import { askedDate, toDateRef } from '../owned-events/dates';
import { type EventListContext, type EventRow, getEvent } from '../owned-events/service';
import { findPublicTickets } from '../public-tickets/service';

type EntryRow = typeof waitlistEntries.$inferSelect;

/** 128 random bits, base64url: the person's key to their entry (the links in their e-mails). */
const newToken = () => randomBytes(16).toString('base64url');

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Each WAITING entry's place among those waiting for the same ticket on the same date (1 is next). */
function positions(rows: readonly EntryRow[]): Map<number, number> {
  const places = new Map<number, number>();
  const counted = new Map<string, number>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (row.status !== 'WAITING') continue;
    const key = `${row.dateId}:${row.ticketId}`;
    const place = (counted.get(key) ?? 0) + 1;
    counted.set(key, place);
    places.set(row.id, place);
  }
  return places;
}

async function positionOf(db: Db, row: EntryRow): Promise<number | null> {
  if (row.status !== 'WAITING') return null;
  const waiting = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.dateId, row.dateId),
        eq(waitlistEntries.ticketId, row.ticketId),
        eq(waitlistEntries.status, 'WAITING'),
      ),
    );
  return positions(waiting).get(row.id) ?? null;
}

async function toPublicEntry(db: Db, row: EntryRow): Promise<PublicWaitlistEntry> {
  const [ticket] = await db
    .select({ title: tickets.title })
    .from(tickets)
    .where(eq(tickets.id, row.ticketId));
  const [order] = row.orderId
    ? await db.select({ shortId: orders.shortId }).from(orders).where(eq(orders.id, row.orderId))
    : [];
  return {
    token: row.token,
    status: row.status,
    ticket_id: row.ticketId,
    ticket_title: ticket?.title ?? '',
    name: row.name,
    position: await positionOf(db, row),
    offered_at: iso(row.offeredAt),
    offer_expires_at: row.status === 'OFFERED' ? iso(row.offerExpiresAt) : null,
    order_short_id: order?.shortId ?? null,
  };
}

/**
 * `POST /api/public/events/{id}/waitlist`: joins the waiting list of a ticket the event page
 * shows as sold out with a list open, and mails a confirmation with the entry's link.
 */
export async function joinWaitlist({
  db,
  eventId,
  input,
  locale,
}: {
  db: Database;
  eventId: number;
  input: z.output<typeof JoinWaitlistRequest>;
  locale: Locale;
}): Promise<PublicWaitlistEntry> {
  const shown = await findPublicTickets(db, eventId, { promoCode: undefined, dateId: input.date_id });
  if (!shown.data.some((t) => t.id === input.ticket_id && t.waitlist))
    throw new AppError('WAITLIST_NOT_OPEN');
  const [event] = await db.select({ accountId: events.accountId }).from(events).where(eq(events.id, eventId));
  if (!event) throw new AppError('NOT_FOUND');
  try {
    const row = await inTransaction(db, async (tx) => {
      const [inserted] = await tx
        .insert(waitlistEntries)
        .values({
          accountId: event.accountId,
          eventId,
          dateId: shown.date_id,
          ticketId: input.ticket_id,
          token: newToken(),
          name: `${input.first_name} ${input.last_name}`,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email.toLowerCase(),
          locale: input.locale ?? locale,
        })
        .returning();
      if (!inserted) throw new Error('the entry insert returned nothing');
      await enqueue(tx, {
        type: WAITLIST_NOTIFY_JOB,
        payload: { entry_id: inserted.id, kind: 'joined' },
        uniqueKey: `waitlist-joined:${inserted.id}`,
      });
      return inserted;
    });
    return toPublicEntry(db, row);
  } catch (error) {
    if (sqlState(error) === '23505') throw conflictError('WAITLIST_ALREADY_JOINED', 'email');
    throw error;
  }
}

async function entryByToken(db: Db, ref: { eventId: number; token: string }): Promise<EntryRow> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, ref.eventId), eq(waitlistEntries.token, ref.token)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `GET /api/public/events/{id}/waitlist/{token}` */
export async function getPublicEntry(db: Db, ref: { eventId: number; token: string }) {
  return toPublicEntry(db, await entryByToken(db, ref));
}

/** `DELETE /api/public/events/{id}/waitlist/{token}`: the person leaves; an offered seat moves on. */
export async function leaveWaitlist(db: Database, ref: { eventId: number; token: string }) {
  const row = await entryByToken(db, ref);
  await inTransaction(db, (tx) => endEntry(tx, row.id));
  return toPublicEntry(db, await entryByToken(db, ref));
}

type ListedEntry = EntryRow & { ticketTitle: string; date: EventDateRef };

function toEntryResponse(row: ListedEntry, position: number | null): WaitlistEntryResponse {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    ticket_title: row.ticketTitle,
    name: row.name,
    email: row.email,
    locale: row.locale,
    status: row.status,
    position,
    offered_at: iso(row.offeredAt),
    offer_expires_at: iso(row.offerExpiresAt),
    order_id: row.orderId,
    date_id: row.dateId,
    date: row.date,
    created_at: row.createdAt.toISOString(),
  };
}

/** The event's entries (of one date, when given), oldest first, with their tickets' titles and dates. */
async function entriesOf(db: Db, event: EventRow, dateId?: number): Promise<ListedEntry[]> {
  const rows = await db
    .select({
      entry: waitlistEntries,
      ticketTitle: tickets.title,
      date: {
        id: eventDates.id,
        startsAt: eventDates.startsAt,
        endsAt: eventDates.endsAt,
        label: eventDates.label,
      },
    })
    .from(waitlistEntries)
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .innerJoin(eventDates, eq(eventDates.id, waitlistEntries.dateId))
    .where(
      and(
        eq(waitlistEntries.eventId, event.id),
        eq(waitlistEntries.accountId, event.accountId),
        dateId === undefined ? undefined : eq(waitlistEntries.dateId, dateId),
      ),
    )
    .orderBy(asc(waitlistEntries.id));
  return rows.map((r) => ({ ...r.entry, ticketTitle: r.ticketTitle, date: toDateRef(r.date) }));
}

/** The same, for an event of the caller's account (or 404). */
async function eventEntries(db: Db, auth: AuthContext, eventId: number) {
  const event = await getEvent(db, auth.accountId, eventId);
  return { event, rows: await entriesOf(db, event) };
}

function countsOf(rows: readonly ListedEntry[]): WaitlistTicketCounts[] {
  const byTicket = new Map<number, WaitlistTicketCounts>();
  for (const row of rows) {
    const counts = byTicket.get(row.ticketId) ?? {
      ticket_id: row.ticketId,
      ticket_title: row.ticketTitle,
      waiting: 0,
      offered: 0,
      purchased: 0,
      expired: 0,
      removed: 0,
    };
    const key = row.status.toLowerCase() as 'waiting' | 'offered' | 'purchased' | 'expired' | 'removed';
    counts[key]++;
    byTicket.set(row.ticketId, counts);
  }
  return [...byTicket.values()].sort((a, b) => a.ticket_id - b.ticket_id);
}

/** `GET /api/events/{id}/waitlist`: the entries, oldest first, with counts per ticket. */
export async function findWaitlist({
  db,
  event,
  query,
}: Pick<
  EventListContext<z.output<typeof WaitlistQuery>>,
  'db' | 'event' | 'query'
>): Promise<WaitlistResponse> {
  await askedDate(db, { eventId: event.id, dateId: query.date_id });
  const rows = await entriesOf(db, event, query.date_id);
  const places = positions(rows);
  const settings = withSettingDefaults(event.settings);
  return {
    data: rows
      .filter(
        (r) =>
          (!query.status || r.status === query.status) &&
          (!query.ticket_id || r.ticketId === query.ticket_id),
      )
      .map((r) => toEntryResponse(r, places.get(r.id) ?? null)),
    counts: countsOf(rows),
    auto_offer: settings.waitlist_auto_offer,
    offer_hours: settings.waitlist_offer_hours,
  };
}

type EntryRef = { auth: AuthContext; eventId: number; id: number };

async function entryOfEvent(db: Db, ref: EntryRef): Promise<WaitlistEntryResponse> {
  const { rows } = await eventEntries(db, ref.auth, ref.eventId);
  const row = rows.find((r) => r.id === ref.id);
  if (!row) throw new AppError('NOT_FOUND');
  return toEntryResponse(row, positions(rows).get(row.id) ?? null);
}

/** `POST /api/events/{id}/waitlist/{entryId}/offer`: the organizer offers a free seat by hand. */
export async function offerByHand({ db, ...ref }: EntryRef & { db: Database }) {
  await entryOfEvent(db, ref);
  await inTransaction(db, (tx) => offerSeatByHand(tx, ref.id));
  return entryOfEvent(db, ref);
}

/** `DELETE /api/events/{id}/waitlist/{entryId}`: takes someone off the list. */
export async function removeEntry({ db, ...ref }: EntryRef & { db: Database }) {
  await entryOfEvent(db, ref);
  await inTransaction(db, (tx) => endEntry(tx, ref.id));
  return entryOfEvent(db, ref);
}

export { entryOfEvent, eventEntries, positions };
