import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { BuyerBusinessMode } from '../../../common/business-buyer';
import type { QuoteTicket } from '../../../common/checkout';
import type { EventLogo } from '../../../common/images';
import type { Db } from '../../db/client';
import {
  capacityAssignmentTickets,
  events,
  organizers,
  tickets as ticketRows,
  ticketStock,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { type SharedReads, sharedReads } from '../../http/fresh-reads';
import { findSaleDates, type SaleDate } from '../event-dates/service';
import { findEventLogo } from '../images/logo';
import { getBuyerBusinessMode } from '../invoices/service';
import { type DateOverride, onDate } from '../stock/service';
import { getChargeableStripeAccount } from '../stripe-accounts/service';
import { listeners } from '../webhooks/service';
import { findQuoteTickets } from './catalogue';

/**
 * What a reservation reads before it touches stock: the live event and its organizer, the
 * event's tickets with tiers and taxes, whether the account takes cards, and the endpoints that
 * listen for `checkout.started`. None of it is stock: the counters are read and moved only by the
 * guarded updates of `inventory.ts`, inside the order's transaction, never from here.
 */
export interface SaleCatalogue {
  event: typeof events.$inferSelect;
  organizerName: string;
  /** The event's logo, for the new order's answer (`OrderEventSummary`). */
  logo: EventLogo | null;
  tickets: QuoteTicket[];
  card: boolean;
  /** What checkout asks of a business buyer (the account's invoice settings, issue 38). */
  buyerBusiness: BuyerBusinessMode;
  checkoutStartedListeners: { id: number }[];
  /** Tickets that share a capacity limit with others: their orders take the transactional way. */
  sharedTickets: ReadonlySet<number>;
  /** The event's dates that are not cancelled, in order of start (issue 36). */
  dates: SaleDate[];
  /** Per date, per ticket: the price and sale window a date sets instead of the ticket's. */
  overrides: ReadonlyMap<number, ReadonlyMap<number, DateOverride>>;
}

/** The event's tickets as they are on one date: its own prices and sale windows applied. */
export function ticketsOn(catalogue: SaleCatalogue, dateId: number): QuoteTicket[] {
  const own = catalogue.overrides.get(dateId);
  return own ? catalogue.tickets.map((ticket) => onDate(ticket, own.get(ticket.id))) : catalogue.tickets;
}

/** Reads an event's sale catalogue now; NOT_FOUND unless the event is live. */
export async function readSaleCatalogue(db: Db, eventId: number): Promise<SaleCatalogue> {
  const [row] = await db
    .select({ event: events, organizerName: organizers.name })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(and(eq(events.id, eventId), eq(events.status, 'LIVE')));
  if (!row) throw new AppError('NOT_FOUND');
  const { event } = row;
  const tickets = await findQuoteTickets(db, eventId);
  const stripeAccount = await getChargeableStripeAccount(db, event.accountId);
  const checkoutStartedListeners = await listeners(db, {
    accountId: event.accountId,
    eventId,
    type: 'checkout.started',
  });
  const shared = await db
    .selectDistinct({ ticketId: capacityAssignmentTickets.ticketId })
    .from(capacityAssignmentTickets)
    .where(
      inArray(
        capacityAssignmentTickets.ticketId,
        tickets.map((t) => t.id),
      ),
    );
  const dates = await findSaleDates(db, eventId);
  // Only the rows where a date sets something of its own: none for most events.
  const own = await db
    .select({
      dateId: ticketStock.dateId,
      ticketId: ticketStock.ticketId,
      price: ticketStock.price,
      saleStart: ticketStock.saleStart,
      saleEnd: ticketStock.saleEnd,
    })
    .from(ticketStock)
    .innerJoin(ticketRows, eq(ticketRows.id, ticketStock.ticketId))
    .where(
      and(
        eq(ticketRows.eventId, eventId),
        or(isNotNull(ticketStock.price), isNotNull(ticketStock.saleStart), isNotNull(ticketStock.saleEnd)),
      ),
    );
  const overrides = new Map<number, Map<number, DateOverride>>();
  for (const { dateId, ticketId, ...override } of own) {
    overrides.set(dateId, (overrides.get(dateId) ?? new Map()).set(ticketId, override));
  }
  return {
    event,
    dates,
    overrides,
    organizerName: row.organizerName,
    logo: await findEventLogo(db, eventId),
    tickets,
    card: stripeAccount !== null,
    buyerBusiness: await getBuyerBusinessMode(db, event.accountId),
    checkoutStartedListeners,
    sharedTickets: new Set(shared.map((s) => s.ticketId)),
  };
}

export type SaleCatalogues = SharedReads<number, SaleCatalogue>;

/**
 * Each event's catalogue read at most once per `FRESH_MS` and shared by every reservation in
 * that window (issue 19; decision 029): in a rush each order then spends its round trips on
 * stock, not on reading the same rows again. A change made in this process drops them all (the
 * app's write hook); one made by another instance shows within `FRESH_MS`, as it does on the
 * public page the buyer ordered from.
 */
export const saleCatalogues = (db: Db): SaleCatalogues =>
  sharedReads((eventId) => readSaleCatalogue(db, eventId));
