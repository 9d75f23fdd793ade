import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { leftOfCapacities, type Stock } from '../../../common/availability';
import { withSettingDefaults } from '../../../common/events';
import type { TaxOrFee } from '../../../common/pricing';
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
  taxesAndFees,
  ticketPrices,
  tickets,
  ticketTaxesAndFees,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { onDate, readDateStocks } from '../stock/service';
import { toPricedTaxOrFee } from '../taxes-fees/service';
import { readAddonRules } from '../addons/service';

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
  const tiers = ids.length
    ? await db.select().from(ticketPrices).where(inArray(ticketPrices.ticketId, ids))
    : [];
  const charges = ids.length
    ? await db
        .select({ ticketId: ticketTaxesAndFees.ticketId, item: taxesAndFees })
        .from(ticketTaxesAndFees)
        .innerJoin(taxesAndFees, eq(taxesAndFees.id, ticketTaxesAndFees.taxOrFeeId))
        .where(inArray(ticketTaxesAndFees.ticketId, ids))
        .orderBy(asc(taxesAndFees.id))
    : [];
  const categories = await db
    .select()
    .from(catalogueCategories)
    .where(eq(catalogueCategories.eventId, eventId));
  const saleDate = await saleDateOf(db, eventId, askedDate);
  const dateId = saleDate.id;
  // A date the organizer marked sold out sells nothing: its tickets show sold out (issue 36).
  const closed = saleDate.status === 'SOLD_OUT';
  const [stock] = await readDateStocks(db, ids, dateId);
  const counters = (own: Stock | undefined, quantity: number | null) => ({
    quantity: own?.quantity ?? quantity,
    quantitySold: own?.sold ?? 0,
    quantityReserved: own?.reserved ?? 0,
  });
  // The fullest active capacity assignment of each ticket, and the date's own capacity: each can
  // sell a ticket out too.
  const capacityLeft = (ticketId: number) =>
    closed ? 0 : leftOfCapacities(stock?.limits.get(ticketId) ?? []);
  const settings = withSettingDefaults(event.settings);
  const typed = promoCode?.trim() ?? '';
  const promo = typed ? await findPromo(db, { eventId, dateId, typed }) : null;

  // Read only when the event has add-ons (decision 052).
  const addons = await readAddonRules(db, rows);
  const chargesOf = (ticketId: number): TaxOrFee[] =>
    charges.filter((c) => c.ticketId === ticketId).map(({ item }) => toPricedTaxOrFee(item));

  return toPublicTickets({
    tickets: rows.map((row) => ({
      // The date's own price and sale window for the ticket, where it sets them (issue 36).
      ...onDate(row, stock?.overrides.get(row.id)),
      ...counters(stock?.tickets.get(row.id), row.quantity),
      tiers: tiers
        .filter((t) => t.ticketId === row.id)
        .map((t) => ({ ...t, ...counters(stock?.tiers.get(t.id), t.quantity) })),
      taxesAndFees: chargesOf(row.id),
      capacityLeft: capacityLeft(row.id),
      addon: addons.get(row.id) ?? null,
      waitlistEnabled: row.waitlistEnabled ?? settings.waitlist_enabled,
    })),
    categories,
    requestedCode: typed,
    promo,
    priceDisplayMode: settings.price_display_mode,
    currency: event.currency,
    dateId,
  });
}
