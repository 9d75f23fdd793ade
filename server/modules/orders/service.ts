import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { quoteOrder } from '../../../common/checkout';
import { withSettingDefaults } from '../../../common/events';
import { SEATING_VALIDATION } from '../../../common/i18n/seating-validation';
import { VALIDATION } from '../../../common/i18n/validation';
import { storedCharges } from '../../../common/order-breakdown';
import {
  type CreateOrderRequest,
  OPEN_ORDER_STATUSES,
  type PublicOrderResponse,
} from '../../../common/orders';
import type { Database, Db, Transaction } from '../../db/client';
import { type orderItems, orders } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import { findAffiliateForOrder } from '../affiliates/service';
import { chooseDate } from '../event-dates/service';
import { findOrderSeats } from '../stock/seats';
import { LanesBusy, takeAddressLane } from './address-lanes';
import { getUsablePromoCode } from './catalogue';
import {
  addToCounts,
  countsById,
  emptyClaim,
  getClaimOfOrder,
  getClaimsOfOrders,
  releaseSeats,
  reserveSeats,
} from './inventory';
import { insertOrderWithItems } from './order-write';
import { getPublicOrder, lockPublicOrderRow, presentNewOrder } from './public-view';
import { reserveAtOnce } from './reserve-at-once';
import { readSaleCatalogue, type SaleCatalogues, ticketsOn } from './sale-catalogue';
import { type SeatPick, takeBestSeats, takeNamedSeats } from './seat-inventory';
import { linkOfferOrder, type Prefill, sweepWaitlistOffers, takeOffer } from './waitlist-offers';
import { queueCheckoutStarted } from './webhook-events';

type Input = z.output<typeof CreateOrderRequest>;
type OrderRow = typeof orders.$inferSelect;
/** A reservation as written: the order, its items and the waiting-list entry's details, if any. */
type Reserved = {
  row: OrderRow;
  items: (typeof orderItems.$inferSelect)[];
  prefill: Prefill | null;
  seats?: Awaited<ReturnType<typeof findOrderSeats>> extends Map<number, infer S> ? S : never;
};

/**
 * A reservation in progress: RESERVED, or PAYMENT_FAILED (a declined card may be tried again
 * while the reservation lasts). Both hold their seats until `reserved_until`.
 */
export const OPEN_STATUSES = OPEN_ORDER_STATUSES;

/** 128 random bits, base64url: the buyer's key to the order. */
export const newOrderShortId = () => randomBytes(16).toString('base64url');

/** No 0/O or 1/I/L: read out on the phone or copied from paper without a mistake. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** An order reference: 8 characters, about 40 bits, unique within its event. */
export function newOrderReference(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
}

const requestHash = (input: Input) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

async function existingForKey(
  db: Db,
  eventId: number,
  request: { key: string; hash: string },
): Promise<OrderRow | null> {
  const { key, hash } = request;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.idempotencyKey, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row;
}

/** The client that asks for an order over the API, and how many open reservations it may hold. */
export interface OrderClient {
  /** Its address, as the rate limits key it (`addressKey`). */
  address: string;
  maxOpenOrders: number;
}

/**
 * `POST /api/public/events/{id}/orders`: checks and prices the request, then reserves all its
 * stock in one transaction (or none of it) and writes the order as RESERVED until the event's
 * order timeout. With an Idempotency-Key, a repeated request answers the order made first.
 * A `client` (the API's caller) may hold only so many reservations open at once.
 */
export async function createOrder({
  db,
  eventId,
  input,
  idempotencyKey: key,
  locale,
  client,
  catalogues,
  now = new Date(),
}: {
  db: Database;
  eventId: number;
  input: Input;
  idempotencyKey?: string | undefined;
  locale?: string;
  client?: OrderClient;
  /** Shared reads of the event's catalogue (the app's); without, it is read for this order. */
  catalogues?: SaleCatalogues;
  now?: Date;
}): Promise<{ order: PublicOrderResponse; created: boolean }> {
  const catalogue = await (catalogues ? catalogues.get(eventId) : readSaleCatalogue(db, eventId));
  const { event } = catalogue;
  const hash = requestHash(input);
  if (key) {
    const again = await existingForKey(db, eventId, { key, hash });
    if (again) return { order: await getPublicOrder(db, eventId, again.shortId), created: false };
  }
  const dateId = chooseDate(catalogue.dates, input.date_id).id;
  const promo = input.promo_code
    ? await getUsablePromoCode({ db, eventId, dateId, code: input.promo_code, now })
    : null;
  if (input.promo_code && !promo) throw fieldError('promo_code', VALIDATION.promoCodeInvalid);
  checkSeatNames(input.tickets);
  const quote = quoteOrder({ lines: input.tickets, tickets: ticketsOn(catalogue, dateId), promo, now });
  if (!quote.ok) throw new AppError('VALIDATION_FAILED', { fields: quote.errors });

  const claim = emptyClaim(dateId);
  for (const line of quote.lines) {
    addToCounts(claim.tickets, line.ticketId, line.quantity);
    if (line.priceId !== null) addToCounts(claim.tiers, line.priceId, line.quantity);
  }
  if (promo) addToCounts(claim.promoCodes, promo.id, 1);
  const offer = input.waitlist_offer ? offeredSeat(quote.lines, input.waitlist_offer) : null;
  // The offer's seat is held already (decision 030): the order takes it over.
  if (offer) addToCounts(claim.tickets, offer.ticketId, -1);
  const timeout = withSettingDefaults(event.settings).order_timeout_minutes;

  const items = quote.lines.map((l) => ({
    ticketId: l.ticketId,
    priceId: l.priceId,
    title: l.title,
    priceLabel: l.priceLabel,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    discount: l.discount,
    subtotal: l.subtotal,
    fees: l.feesTotal,
    taxes: l.taxesTotal,
    total: l.total,
    charges: storedCharges(l),
    forTicketId: l.forSeat?.ticketId ?? null,
    forPriceId: l.forSeat?.priceId ?? null,
    forSeat: l.forSeat?.seat ?? null,
  }));
  const newOrder = () => ({
    accountId: event.accountId,
    eventId,
    dateId,
    shortId: newOrderShortId(),
    reference: newOrderReference(),
    reservedUntil: new Date(now.getTime() + timeout * 60_000),
    currency: event.currency,
    ...quote.totals,
    locale: locale ?? null,
    clientAddress: client?.address ?? null,
    idempotencyKey: key ?? null,
    requestHash: key ? hash : null,
  });
  const lane = client ? { address: client.address, max: client.maxOpenOrders } : null;
  // Most orders need nothing but stock: one statement, no transaction (decision 044).
  const plain =
    !promo &&
    !offer &&
    !input.affiliate_code &&
    // Seats are taken in the transaction (decision 067).
    !input.tickets.some((l) => l.seats) &&
    // Add-on lines name their attendee (decision 052): columns the one statement leaves out.
    !quote.lines.some((l) => l.forSeat) &&
    catalogue.checkoutStartedListeners.length === 0 &&
    ![...claim.tickets.keys()].some((id) => catalogue.sharedTickets.has(id));

  const reserveInTransaction = (careful = false): Promise<Reserved> =>
    inTransaction(db, async (tx) => {
      // First, before any lock another reservation may need (decision 043).
      if (lane) await takeAddressLane(tx, { ...lane, now, careful });
      // An unknown or inactive code is ignored: an affiliate link never blocks a purchase.
      const affiliate = await findAffiliateForOrder(tx, eventId, input.affiliate_code);
      const taken = offer ? await takeOffer(tx, { dateId, ...offer }) : null;
      const entryId = taken?.id ?? null;
      const { row: order, items: written } = await insertOrderWithItems(
        tx,
        {
          ...newOrder(),
          status: 'RESERVED',
          promoCodeId: promo?.id ?? null,
          promoCode: promo?.code ?? null,
          affiliateId: affiliate?.id ?? null,
          affiliateCode: affiliate?.code ?? null,
          waitlistEntryId: entryId,
        },
        items,
      );
      if (entryId !== null) await linkOfferOrder(tx, { entryId, orderId: order.id });
      const ref = { id: order.id, accountId: event.accountId, eventId };
      await queueCheckoutStarted(tx, ref, catalogue.checkoutStartedListeners);
      // The stock last: the row a whole sale waits for is then held for its COMMIT only (the
      // writes above lock nothing another order needs; a shortage rolls them all back).
      // Seats the buyer named first, then the counters, then the best seats of a seated ticket
      // named none (decision 067): no seat is waited for while the ticket's row is held.
      const seatOf = { dateId, orderId: order.id };
      await takeNamedSeats(tx, { ...seatOf, picks: seatPicks(input.tickets) });
      const seated = await reserveSeats(tx, claim);
      const picks = seatPicks(input.tickets, seated);
      await takeBestSeats(tx, { ...seatOf, picks });
      const seats = picks.length > 0 ? (await findOrderSeats(tx, [order.id])).get(order.id) : undefined;
      return { row: order, items: written, prefill: taken?.prefill ?? null, seats };
    }).catch((error: unknown) => {
      // Every lane of the address was busy: again, holding nothing, the careful way.
      if (error instanceof LanesBusy && !careful) return reserveInTransaction(true);
      throw error;
    });

  const reserve = async () => {
    if (plain) {
      const done = await reserveAtOnce(db, {
        lane,
        now,
        tiers: countsById(claim.tiers),
        tickets: countsById(claim.tickets),
        order: newOrder(),
        items,
      });
      // 'no-lane' or 'shared': nothing was written; the transaction waits or counts.
      if (typeof done !== 'string') return { ...done, prefill: null };
    }
    return reserveInTransaction();
  };

  try {
    const fresh = await reserve().catch(async (error: unknown) => {
      if (!isShortage(error)) throw error;
      // Seats still held by reservations that lapsed go back, then this buyer tries once more.
      // The timer sweeps them too, but not in time for this buyer; sweeping here rather than
      // before every reservation keeps two queries off each order in a rush (issue 19).
      const freed = await inTransaction(db, (tx) => expireLapsedOrders(tx, { eventId, now }));
      if (freed === 0) throw error;
      return reserve();
    });
    return { order: presentNewOrder({ ...fresh, catalogue }), created: true };
  } catch (error) {
    // The same key sent twice at once: the second insert lost the race; answer the first.
    if (key && sqlState(error) === '23505') {
      const again = await existingForKey(db, eventId, { key, hash });
      if (again) return { order: await getPublicOrder(db, eventId, again.shortId), created: false };
    }
    // A counter's CHECK caught what the guarded update should have: still no stock.
    if (sqlState(error) === '23514') throw new AppError('NOT_ENOUGH_AVAILABLE');
    throw error;
  }
}

/**
 * The seats each line asks for: without `seated`, the lines that name seats; with it (the
 * tickets whose rows say they sell seats), every line of a seated ticket, those naming none
 * for the best side by side.
 */
function seatPicks(lines: Input['tickets'], seated?: ReadonlySet<number>): SeatPick[] {
  const picks: SeatPick[] = [];
  for (const [i, line] of lines.entries()) {
    const field = `tickets.${i}.seats`;
    if (seated && line.seats && !seated.has(line.ticket_id)) {
      throw fieldError(field, SEATING_VALIDATION.seatedTicketNeedsPlan);
    }
    if (line.quantity === 0 || (seated ? !seated.has(line.ticket_id) : !line.seats)) continue;
    picks.push({ ticketId: line.ticket_id, quantity: line.quantity, keys: line.seats ?? null, field });
  }
  return picks;
}

/** Named seats, one per ticket and each once: checked before anything is locked. */
function checkSeatNames(lines: Input['tickets']): void {
  for (const [i, line] of lines.entries()) {
    if (!line.seats) continue;
    const field = `tickets.${i}.seats`;
    if (line.seats.length !== line.quantity) throw fieldError(field, SEATING_VALIDATION.seatsCountMismatch);
    if (new Set(line.seats).size !== line.seats.length)
      throw fieldError(field, SEATING_VALIDATION.seatChosenTwice);
  }
}

/** An order with a waiting-list offer is for one ticket: the offered one. */
function offeredSeat(lines: readonly { ticketId: number; quantity: number }[], token: string) {
  const [line, ...others] = lines;
  if (!line || others.length > 0 || line.quantity !== 1) {
    throw fieldError('waitlist_offer', VALIDATION.waitlistOfferOneTicket);
  }
  return { ticketId: line.ticketId, token };
}

/** No stock (or promo code use) for the claim: a guarded update found none, or a counter's CHECK caught it. */
const isShortage = (error: unknown) =>
  (error instanceof AppError &&
    (error.code === 'NOT_ENOUGH_AVAILABLE' || error.code === 'PROMO_CODE_USED_UP')) ||
  sqlState(error) === '23514';

/** `POST …/orders/{shortId}/abandon`: the buyer leaves; the seats go back at once. */
export async function abandonOrder({
  db,
  eventId,
  shortId,
  now = new Date(),
}: {
  db: Database;
  eventId: number;
  shortId: string;
  now?: Date;
}): Promise<PublicOrderResponse> {
  const outcome = await inTransaction(db, async (tx) => {
    const row = await lockPublicOrderRow(tx, eventId, shortId);
    if (!OPEN_STATUSES.includes(row.status)) throw new AppError('ORDER_ALREADY_PROCESSED');
    if (row.reservedUntil && row.reservedUntil <= now) {
      // Kept: the seats go back either way; the buyer hears it had expired.
      await expireOrders(tx, [row.id]);
      return 'expired';
    }
    await releaseSeats(tx, await getClaimOfOrder(tx, row.id));
    await tx.update(orders).set({ status: 'ABANDONED', updatedAt: now }).where(eq(orders.id, row.id));
    return 'abandoned';
  });
  if (outcome === 'expired') throw new AppError('ORDER_EXPIRED');
  return getPublicOrder(db, eventId, shortId);
}

/** Marks RESERVED orders EXPIRED and gives their seats back; returns how many it expired. */
export async function expireOrders(tx: Transaction, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  // Only orders still open: a concurrent completion or sweep may have moved some on.
  const expired = await tx
    .update(orders)
    .set({ status: 'EXPIRED', updatedAt: sql`now()` })
    .where(and(inArray(orders.id, ids), inArray(orders.status, [...OPEN_STATUSES])))
    .returning({ id: orders.id });
  const claims = await getClaimsOfOrders(
    tx,
    expired.map((o) => o.id),
  );
  // Date by date, in order, as every transaction takes their rows (inventory.ts).
  for (const claim of claims) await releaseSeats(tx, claim);
  return expired.length;
}

/**
 * Reservations stop counting at `reserved_until`: expire those past it (of one event, or of
 * all when swept by the timer), skipping orders another transaction is working on.
 */
export async function expireLapsedOrders(
  tx: Transaction,
  scope: { eventId?: number; now?: Date; limit?: number } = {},
): Promise<number> {
  const now = scope.now ?? new Date();
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...OPEN_STATUSES]),
        lt(orders.reservedUntil, now),
        scope.eventId === undefined ? undefined : eq(orders.eventId, scope.eventId),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(scope.limit ?? 200)
    .for('update', { skipLocked: true });
  return expireOrders(
    tx,
    due.map((o) => o.id),
  );
}

/** The background sweep: returns stock of expired reservations even when nobody is buying. */
export async function sweepExpiredReservations(database: Database, now = new Date()): Promise<number> {
  const expired = await inTransaction(database, (tx) => expireLapsedOrders(tx, { now, limit: 500 }));
  // Waiting-list offers past their time pass their seat on (decision 030).
  const lapsedOffers = await inTransaction(database, (tx) => sweepWaitlistOffers(tx));
  return expired + lapsedOffers;
}
