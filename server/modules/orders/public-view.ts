import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import type { EventLogo } from '../../../common/images';
import type { OrderEventSummary, OrderStatus, PublicOrderResponse } from '../../../common/orders';
import type { PublicTicketHolderResponse } from '../../../common/public-attendees';
import type { Database, Db, Transaction } from '../../db/client';
import {
  attendees,
  eventDates,
  events,
  orderItems,
  orders,
  organizers,
  questionAnswers,
  ticketPrices,
  tickets,
} from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findEventLogo } from '../images/logo';
import { buyerInvoices, getBuyerBusinessMode } from '../invoices/service';
import { findAttendeeSeats, findOrderSeats } from '../stock/seats';
import { getChargeableStripeAccount } from '../stripe-accounts/service';
import { getTicketSigner } from '../ticket-codes/service';
import { ticketPageDesign } from '../ticket-documents/design';
import { type SavedAnswers, toPublicOrderResponse } from './presenter';
import type { SaleCatalogue } from './sale-catalogue';
import { offerPrefill } from './waitlist-offers';

type OrderRow = typeof orders.$inferSelect;

/** Statuses after checkout: the buyer has done their part, so the event's private details show. */
const CHECKED_OUT: readonly OrderStatus[] = [
  'AWAITING_PAYMENT',
  'PROCESSING',
  'COMPLETED',
  'PARTIALLY_REFUNDED',
  'REFUND_PENDING',
  'REFUND_FAILED',
];

const NEVER_CHECKED_OUT: readonly OrderStatus[] = ['RESERVED', 'EXPIRED', 'ABANDONED'];

const byShortId = (eventId: number, shortId: string) =>
  and(eq(orders.eventId, eventId), eq(orders.shortId, shortId));

export async function getPublicOrderRow(db: Db, eventId: number, shortId: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(byShortId(eventId, shortId));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** The same, locked until the transaction ends: one change to an order at a time. */
export async function lockPublicOrderRow(
  tx: Transaction,
  eventId: number,
  shortId: string,
): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(byShortId(eventId, shortId)).for('update');
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

type EventRow = typeof events.$inferSelect;

/** The event as order and ticket pages show it; online details only to those who checked out. */
function summarize({
  event,
  date,
  organizerName,
  logo,
  checkedOut,
}: {
  event: EventRow;
  /** The order's date (issue 36). */
  date: OrderDate;
  organizerName: string;
  logo: EventLogo | null;
  checkedOut: boolean;
}) {
  const settings = withSettingDefaults(event.settings);
  const summary: OrderEventSummary = {
    id: event.id,
    title: event.title,
    slug: event.slug,
    start_date: date.startsAt.toISOString(),
    end_date: date.endsAt?.toISOString() ?? null,
    date: {
      id: date.id,
      starts_at: date.startsAt.toISOString(),
      ends_at: date.endsAt?.toISOString() ?? null,
      label: date.label,
      first: date.first,
    },
    timezone: event.timezone,
    location: event.location ?? null,
    is_online: Boolean(event.onlineEventDetails),
    online_event_details: checkedOut ? event.onlineEventDetails : null,
    organizer_name: organizerName,
    contact_email: settings.contact_email,
    logo,
  };
  return { summary, settings };
}

/** A date as an order's pages show it. */
type OrderDate = Pick<typeof eventDates.$inferSelect, 'id' | 'startsAt' | 'endsAt' | 'label'> & {
  /** The event's first date (the one made with it). */
  first: boolean;
};

async function eventForBuyer(
  db: Db,
  { eventId, dateId }: { eventId: number; dateId: number },
  checkedOut: boolean,
) {
  const [row] = await db
    .select({
      event: events,
      organizerName: organizers.name,
      date: eventDates,
      first: sql<boolean>`${eventDates.id} = (select min(id) from event_dates where event_id = ${events.id})`,
    })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .innerJoin(eventDates, and(eq(eventDates.eventId, events.id), eq(eventDates.id, dateId)))
    .where(eq(events.id, eventId));
  if (!row) throw new AppError('NOT_FOUND');
  const logo = await findEventLogo(db, eventId);
  return summarize({
    event: row.event,
    date: { ...row.date, first: Boolean(row.first) },
    organizerName: row.organizerName,
    logo,
    checkedOut,
  });
}

async function savedAnswers(db: Db, orderId: number): Promise<SavedAnswers> {
  const rows = await db
    .select()
    .from(questionAnswers)
    .where(eq(questionAnswers.orderId, orderId))
    .orderBy(asc(questionAnswers.id));
  const answers: SavedAnswers = { ofOrder: [], byAttendee: new Map() };
  for (const row of rows) {
    const answer = { question_id: row.questionId, answer: row.answer };
    if (row.attendeeId === null) {
      answers.ofOrder.push(answer);
      continue;
    }
    const ofAttendee = answers.byAttendee.get(row.attendeeId);
    if (ofAttendee) ofAttendee.push(answer);
    else answers.byAttendee.set(row.attendeeId, [answer]);
  }
  return answers;
}

/** `GET …/orders/{shortId}`: the order with its lines, attendees and what checkout shows. */
export async function getPublicOrder(
  db: Database,
  eventId: number,
  shortId: string,
): Promise<PublicOrderResponse> {
  const row = await getPublicOrderRow(db, eventId, shortId);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.id));
  const people = await db
    .select()
    .from(attendees)
    .where(eq(attendees.orderId, row.id))
    .orderBy(asc(attendees.position), asc(attendees.id));
  const { summary, settings } = await eventForBuyer(
    db,
    { eventId, dateId: row.dateId },
    CHECKED_OUT.includes(row.status),
  );
  const kinds = items.length
    ? await db
        .select({ id: tickets.id, kind: tickets.kind })
        .from(tickets)
        .where(inArray(tickets.id, [...new Set(items.map((i) => i.ticketId))]))
    : [];
  return present({
    row,
    items,
    kinds: new Map(kinds.map((k) => [k.id, k.kind])),
    people,
    summary,
    settings,
    sign: await getTicketSigner(db, eventId),
    card: (await getChargeableStripeAccount(db, row.accountId)) !== null,
    answers: await savedAnswers(db, row.id),
    invoices: await buyerInvoices(db, row),
    buyerBusiness: await getBuyerBusinessMode(db, row.accountId),
    // Only while the buyer has not given their own details yet.
    prefill:
      row.waitlistEntryId !== null && row.email === null ? await offerPrefill(db, row.waitlistEntryId) : null,
    seats: (await findOrderSeats(db, [row.id])).get(row.id),
    attendeeSeats: await findAttendeeSeats(
      db,
      people.map((p) => p.id),
    ),
  });
}

/**
 * A reservation just written, from what its transaction already holds and the sale catalogue
 * it was priced from (issue 19: reading it back took six more queries): no attendees and no
 * answers yet.
 */
export function presentNewOrder(fresh: {
  row: OrderRow;
  items: (typeof orderItems.$inferSelect)[];
  catalogue: SaleCatalogue;
  prefill: PublicOrderResponse['prefill'];
  seats?: Parameters<typeof toPublicOrderResponse>[0]['seats'];
}): PublicOrderResponse {
  const { catalogue } = fresh;
  const date = catalogue.dates.find((d) => d.id === fresh.row.dateId);
  if (!date) throw new Error('the new order is for a date its catalogue does not hold');
  const first = Math.min(...catalogue.dates.map((d) => d.id)) === date.id;
  const { summary, settings } = summarize({
    event: catalogue.event,
    date: { ...date, first },
    organizerName: catalogue.organizerName,
    logo: catalogue.logo,
    checkedOut: false,
  });
  return present({
    row: fresh.row,
    items: fresh.items,
    kinds: new Map(catalogue.tickets.map((t) => [t.id, t.kind])),
    people: [],
    summary,
    settings,
    sign: () => {
      throw new Error('a new reservation has no tickets to sign');
    },
    card: catalogue.card,
    answers: { ofOrder: [], byAttendee: new Map() },
    buyerBusiness: catalogue.buyerBusiness,
    prefill: fresh.prefill,
    seats: fresh.seats,
  });
}

function present({
  row,
  summary,
  settings,
  card,
  ...rest
}: {
  row: OrderRow;
  items: (typeof orderItems.$inferSelect)[];
  kinds: Parameters<typeof toPublicOrderResponse>[0]['kinds'];
  people: (typeof attendees.$inferSelect)[];
  summary: OrderEventSummary;
  settings: ReturnType<typeof withSettingDefaults>;
  sign: Parameters<typeof toPublicOrderResponse>[0]['sign'];
  card: boolean;
  answers: SavedAnswers;
  prefill: PublicOrderResponse['prefill'];
  invoices?: PublicOrderResponse['invoices'];
  buyerBusiness: PublicOrderResponse['buyer_business'];
  seats?: Parameters<typeof toPublicOrderResponse>[0]['seats'];
  attendeeSeats?: Parameters<typeof toPublicOrderResponse>[0]['attendeeSeats'];
}): PublicOrderResponse {
  const checkedOut = CHECKED_OUT.includes(row.status);
  return toPublicOrderResponse({
    row,
    ...rest,
    event: summary,
    paymentInstructions: row.status === 'AWAITING_PAYMENT' ? settings.offline_payment_instructions : null,
    preCheckoutMessage: settings.pre_checkout_message,
    postCheckoutMessage: checkedOut ? settings.post_checkout_message : null,
    orderTimeoutMinutes: settings.order_timeout_minutes,
    priceDisplayMode: settings.price_display_mode,
    paymentMethods: {
      offline: settings.offline_payments_enabled,
      offline_instructions: settings.offline_payments_enabled ? settings.offline_payment_instructions : null,
      card,
    },
  });
}

/** The image address of an attendee's QR code (served by the public attendee routes). */
export const qrCodePath = (eventId: number, attendeeShortId: string) =>
  `/api/public/events/${eventId}/attendees/${attendeeShortId}/qr.svg`;

/**
 * `GET …/attendees/{shortId}`: one ticket for whoever holds its link, and nothing more. Which
 * wallets take it is the server's configuration, which the route adds.
 */
export async function getPublicTicketHolder(
  db: Db,
  eventId: number,
  attendeeShortId: string,
): Promise<Omit<PublicTicketHolderResponse, 'wallet'>> {
  const [row] = await db
    .select({
      attendee: attendees,
      orderStatus: orders.status,
      reference: orders.reference,
      ticketTitle: tickets.title,
      priceLabel: ticketPrices.label,
      buyer: sql<string>`concat_ws(' ', ${orders.firstName}, ${orders.lastName})`,
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(ticketPrices, eq(ticketPrices.id, attendees.priceId))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.shortId, attendeeShortId)));
  // Details typed during a checkout that never finished are not a ticket.
  if (!row || NEVER_CHECKED_OUT.includes(row.orderStatus)) throw new AppError('ATTENDEE_NOT_FOUND');
  const { attendee } = row;
  const { summary, settings } = await eventForBuyer(
    db,
    { eventId, dateId: attendee.dateId },
    CHECKED_OUT.includes(row.orderStatus),
  );
  return {
    short_id: attendee.shortId,
    first_name: attendee.firstName,
    last_name: attendee.lastName,
    email: attendee.email,
    status: attendee.status,
    ticket_code: (await getTicketSigner(db, eventId))({
      attendeeShortId: attendee.shortId,
      ticketId: attendee.ticketId,
      dateId: attendee.dateId,
    }),
    qr_code_url: qrCodePath(eventId, attendee.shortId),
    ticket_title: row.ticketTitle,
    price_label: settings.ticket_design.show_price ? row.priceLabel : null,
    seat: (await findAttendeeSeats(db, [attendee.id])).get(attendee.id) ?? null,
    addons: await db
      .select({ title: orderItems.title, price_label: orderItems.priceLabel, quantity: orderItems.quantity })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, attendee.orderId), eq(orderItems.attendeeId, attendee.id)))
      .orderBy(orderItems.id),
    order_status: row.orderStatus,
    order_reference: row.reference,
    event: summary,
    ticket_page_message: settings.ticket_page_message,
    design: await ticketPageDesign(db, {
      orderId: attendee.orderId,
      attendeeId: attendee.id,
      buyer: row.buyer ?? '',
      settings,
    }),
  };
}
