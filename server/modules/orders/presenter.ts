import type { OrderRefundResponse } from '../../../common/admin-orders';
import type { AnswerInput } from '../../../common/answers';
import type { CardFees } from '../../../common/billing';
import type { BuyerBusinessMode } from '../../../common/business-buyer';
import { chargeResponses, type PriceDisplayMode } from '../../../common/order-breakdown';
import {
  OPEN_ORDER_STATUSES,
  ORDER_EXTENSIONS_MAX,
  type OrderEventSummary,
  type PublicOrderResponse,
  type SeatPlace,
} from '../../../common/orders';
import type { TicketKind } from '../../../common/tickets';
import type { attendees, orderItems, orders, refunds } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type AttendeeRow = typeof attendees.$inferSelect;

/** Saved answers: the order's own (attendee id null) and each attendee's. */
export interface SavedAnswers {
  ofOrder: AnswerInput[];
  byAttendee: Map<number, AnswerInput[]>;
}

/**
 * What an order's add-on lines say of their attendees (decision 052): names by attendee id, and,
 * where the lines' kinds are known (the buyer's views, where attendees may not be named yet),
 * each add-on line's attendee numbered across the order as the buyer names them.
 */
export interface LineHolders {
  names: ReadonlyMap<number, string>;
  numbers?: ReadonlyMap<number, number>;
  /** The seats of each seated ticket's line, by line id (`seatsOfLines`). */
  seats?: ReadonlyMap<number, SeatPlace[]>;
}

/** An order's seats shared out over its lines of each ticket, in line order (decision 067). */
export function seatsOfLines(
  items: readonly ItemRow[],
  seats: readonly (SeatPlace & { ticket_id: number })[] | undefined,
): Map<number, SeatPlace[]> {
  const lines = new Map<number, SeatPlace[]>();
  if (!seats || seats.length === 0) return lines;
  const left = [...seats];
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    const mine: SeatPlace[] = [];
    for (let i = 0; i < left.length && mine.length < item.quantity; ) {
      const seat = left[i];
      if (seat && seat.ticket_id === item.ticketId) {
        const { ticket_id: _, ...place } = seat;
        mine.push(place);
        left.splice(i, 1);
      } else i++;
    }
    if (mine.length > 0) lines.set(item.id, mine);
  }
  return lines;
}

/**
 * The order-wide number of each add-on line's attendee, by line id: the ticket lines' units are
 * numbered in line order (products make no attendee), and the add-on's seat is counted within
 * its ticket line.
 */
export function attendeeNumbers(
  items: readonly ItemRow[],
  kinds: ReadonlyMap<number, TicketKind>,
): Map<number, number> {
  const firstOf = new Map<string, number>();
  let count = 0;
  for (const item of [...items].sort((a, b) => a.id - b.id)) {
    if (item.forTicketId !== null || kinds.get(item.ticketId) === 'PRODUCT') continue;
    const key = `${item.ticketId}|${item.priceId ?? ''}`;
    if (!firstOf.has(key)) firstOf.set(key, count);
    count += item.quantity;
  }
  const numbers = new Map<number, number>();
  for (const item of items) {
    if (item.forTicketId === null || item.forSeat === null) continue;
    const first = firstOf.get(`${item.forTicketId}|${item.forPriceId ?? ''}`);
    if (first !== undefined) numbers.set(item.id, first + item.forSeat);
  }
  return numbers;
}

/** An order line as the API shows it; an add-on's line names its attendee from `holders`. */
export function toItemResponse(i: ItemRow, holders: LineHolders) {
  return {
    id: i.id,
    ticket_id: i.ticketId,
    price_id: i.priceId,
    title: i.title,
    price_label: i.priceLabel,
    quantity: i.quantity,
    unit_price: i.unitPrice,
    discount: i.discount,
    subtotal: i.subtotal,
    fees: i.fees,
    taxes: i.taxes,
    total: i.total,
    charges: chargeResponses(i.charges),
    addon_for:
      i.forTicketId === null || i.forSeat === null
        ? null
        : {
            ticket_id: i.forTicketId,
            price_id: i.forPriceId,
            seat: i.forSeat,
            attendee_name: i.attendeeId === null ? null : (holders.names.get(i.attendeeId) ?? null),
            attendee_number: holders.numbers?.get(i.id) ?? null,
          },
    seats: holders.seats?.get(i.id) ?? [],
  };
}

/** Each attendee's full name by id, for the add-on lines that name them. */
export const holderNames = (people: readonly { id: number; firstName: string; lastName: string }[]) =>
  new Map(people.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim()]));

/** A refund of an order as the order screen lists it; `fees` are billing, for those who may see it. */
export function toRefundResponse(r: typeof refunds.$inferSelect, fees: CardFees | null): OrderRefundResponse {
  return {
    id: r.id,
    amount: r.amount,
    status: r.status,
    method: r.method,
    note: r.note,
    created_at: r.createdAt.toISOString(),
    fees,
  };
}

export function toPublicOrderResponse({
  row,
  items,
  people,
  ...context
}: {
  row: OrderRow;
  items: ItemRow[];
  /** Each line's ticket kind, by ticket id (a line of an unknown ticket reads as a ticket). */
  kinds: ReadonlyMap<number, TicketKind>;
  people: AttendeeRow[];
  event: OrderEventSummary;
  paymentInstructions: string | null;
  preCheckoutMessage: string | null;
  postCheckoutMessage: string | null;
  orderTimeoutMinutes: number;
  priceDisplayMode: PriceDisplayMode;
  /** Writes an attendee's signed ticket code (see `ticket-codes/service.ts`). */
  sign: (attendee: { attendeeShortId: string; ticketId: number; dateId: number }) => string;
  paymentMethods: PublicOrderResponse['payment_methods'];
  answers: SavedAnswers;
  /** The person whose waiting-list offer started the order, if any. */
  prefill?: PublicOrderResponse['prefill'];
  /** Its invoice and credit notes; a reservation has none. */
  invoices?: PublicOrderResponse['invoices'];
  /** What checkout asks of a business buyer (the seller's invoice settings). */
  buyerBusiness: BuyerBusinessMode;
  /** The seats it holds, in the order it named them (issue 42). */
  seats?: readonly (SeatPlace & { ticket_id: number })[];
  /** Where each attendee sits, by attendee id. */
  attendeeSeats?: ReadonlyMap<number, SeatPlace>;
}): PublicOrderResponse {
  const holders = {
    names: holderNames(people),
    numbers: attendeeNumbers(items, context.kinds),
    seats: seatsOfLines(items, context.seats),
  };
  return {
    short_id: row.shortId,
    reference: row.reference,
    event_id: row.eventId,
    event: context.event,
    pre_checkout_message: context.preCheckoutMessage,
    post_checkout_message: context.postCheckoutMessage,
    order_timeout_minutes: context.orderTimeoutMinutes,
    // A declined card leaves the reservation open (PAYMENT_FAILED): more time is still on offer.
    extension_available: OPEN_ORDER_STATUSES.includes(row.status) && row.extensions < ORDER_EXTENSIONS_MAX,
    status: row.status,
    reserved_until: row.reservedUntil?.toISOString() ?? null,
    currency: row.currency,
    price_display_mode: context.priceDisplayMode,
    promo_code: row.promoCode,
    items: items.map((i) => ({
      ...toItemResponse(i, holders),
      kind: context.kinds.get(i.ticketId) ?? 'TICKET',
    })),
    totals: {
      gross: row.gross,
      discount: row.discount,
      subtotal: row.subtotal,
      fees: row.fees,
      taxes: row.taxes,
      total: row.total,
    },
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    company: row.company,
    company_address: row.companyAddress,
    vat_country: row.vatCountry,
    vat_id: row.vatId,
    buyer_business: context.buyerBusiness,
    prefill: row.email === null ? (context.prefill ?? null) : null,
    attendees: people.map((a) => ({
      short_id: a.shortId,
      ticket_id: a.ticketId,
      price_id: a.priceId,
      first_name: a.firstName,
      last_name: a.lastName,
      email: a.email,
      status: a.status,
      ticket_code: context.sign({ attendeeShortId: a.shortId, ticketId: a.ticketId, dateId: a.dateId }),
      answers: context.answers.byAttendee.get(a.id) ?? [],
      seat: context.attendeeSeats?.get(a.id) ?? null,
    })),
    answers: context.answers.ofOrder,
    payment_methods: context.paymentMethods,
    payment_instructions: context.paymentInstructions,
    invoices: context.invoices ?? [],
    created_at: row.createdAt.toISOString(),
  };
}
