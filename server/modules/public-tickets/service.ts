import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import {
  type PromoSource,
  type PublicTicketsResponse,
  toPublicTickets,
} from '../../../common/public-tickets';
import type { Db } from '../../db/client';
import {
  catalogueCategories,
  eventDates,
  events,
  promoCodeStock,
  promoCodes,
  promoCodeTickets,
  tickets,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { readAddonRules } from '../addons/service';
import { readDateStocks } from '../stock/service';
import { readTicketParts, ticketOnDate } from './ticket-rows';

/**
 * The event's code matching what the visitor typed (any case), with the tickets it applies to
 * and its uses on the date.
 */
async function findPromo(
  db: Db,
  { eventId, dateId, typed }: { eventId: number; dateId: number; typed: string },
): Promise<PromoSource | null> {
  const rows = await db
    .select({ promo: promoCodes, ticketId: promoCodeTickets.ticketId, used: promoCodeStock.timesUsed })
    .from(promoCodes)
    .leftJoin(promoCodeTickets, eq(promoCodeTickets.promoCodeId, promoCodes.id))
    .leftJoin(
      promoCodeStock,
      and(eq(promoCodeStock.promoCodeId, promoCodes.id), eq(promoCodeStock.dateId, dateId)),
    )
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.code, typed.toUpperCase())));
  const first = rows[0];
  if (!first) return null;
  return {
    ...first.promo,
    timesUsed: first.used ?? 0,
    ticketIds: rows.flatMap((r) => (r.ticketId === null ? [] : [r.ticketId])),
  };
}

/**
 * The date whose tickets a buyer sees: the one asked for (any that is neither cancelled nor
 * hidden, else 404), or the next on sale that has not ended, or the event's first.
 */
async function saleDateOf(
  db: Db,
  eventId: number,
  asked: number | undefined,
): Promise<{ id: number; status: string }> {
  const rows = await db
    .select({ id: eventDates.id, status: eventDates.status })
    .from(eventDates)
    .where(
      and(
        eq(eventDates.eventId, eventId),
        asked === undefined ? undefined : eq(eventDates.id, asked),
        notInArray(eventDates.status, ['CANCELLED', 'HIDDEN']),
      ),
    )
    .orderBy(
      sql`${eventDates.status} = 'ON_SALE' and coalesce(${eventDates.endsAt}, ${eventDates.startsAt}) > now() desc`,
      asc(eventDates.startsAt),
      asc(eventDates.id),
    )
    .limit(1);
  const [date] = rows;
  if (!date) throw new AppError('NOT_FOUND');
  return date;
}

/**
 * The tickets of a LIVE event as a buyer sees them (anything else is a 404), priced for one
 * unit with the promo code's discount when it is valid. A fixed number of queries, whatever
 * the number of tickets.
 */
export async function findPublicTickets(
  db: Db,
  eventId: number,
  {
    promoCode,
    dateId: askedDate,
    preview,
  }: {
    promoCode: string | undefined;
    /** The date asked for (`?date_id=`), if any. */
    dateId?: number | undefined;
    /** The organizer's preview (the homepage designer): any status, but only the account's event. */
    preview?: { accountId: number };
  },
): Promise<PublicTicketsResponse> {
  const [event] = await db
    .select({ currency: events.currency, settings: events.settings })
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        preview ? eq(events.accountId, preview.accountId) : eq(events.status, 'LIVE'),
      ),
    );
  if (!event) throw new AppError('NOT_FOUND');

  const rows = await db
    .select()
    .from(tickets)
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  const ids = rows.map((r) => r.id);
  const parts = await readTicketParts(db, ids);
  const categories = await db
    .select()
    .from(catalogueCategories)
    .where(eq(catalogueCategories.eventId, eventId));
  const saleDate = await saleDateOf(db, eventId, askedDate);
  const dateId = saleDate.id;
  // A date the organizer marked sold out sells nothing: its tickets show sold out (issue 36).
  const closed = saleDate.status === 'SOLD_OUT';
  const [stock] = await readDateStocks(db, ids, dateId);
  const settings = withSettingDefaults(event.settings);
  const typed = promoCode?.trim() ?? '';
  const promo = typed ? await findPromo(db, { eventId, dateId, typed }) : null;

  // Read only when the event has add-ons (decision 052).
  const addons = await readAddonRules(db, rows);
  return toPublicTickets({
    // The fullest active capacity assignment of each ticket, and the date's own capacity: each can
    // sell a ticket out too.
    tickets: rows.map((row) => ticketOnDate(row, { stock, closed, parts, addons, settings })),
    categories,
    requestedCode: typed,
    promo,
    priceDisplayMode: settings.price_display_mode,
    currency: event.currency,
    dateId,
  });
}
