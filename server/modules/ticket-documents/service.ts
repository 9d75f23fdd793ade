import { and, asc, eq } from 'drizzle-orm';
import type { EventLocation } from '../../../common/events';
import { withSettingDefaults } from '../../../common/events';
import { isLocale, type Locale } from '../../../common/i18n/locales';
import { translate } from '../../../common/i18n/translate';
import { formatMoney } from '../../../common/money';
import { ticketShares } from '../../../common/order-breakdown';
import type { SeatRef } from '../../../common/seating';
import { ticketAccent } from '../../../common/ticket-design';
import { ticketState } from '../../../common/ticket-state';
import { whereOf } from '../../../common/where';
import type { Db } from '../../db/client';
import { attendees, eventDates, events, orderItems, orders, tickets } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { i18nFor } from '../../i18n';
import type { MailDocuments } from '../../mail/send';
import type { FileStorage } from '../../storage';
import { readEventLogoPng } from '../images/logo';
import { findAttendeeSeats, seatText } from '../stock/seats';
import { getTicketSigner } from '../ticket-codes/service';
import { designAnswers } from './design';
import { renderTicketsPdf, type TicketSheet } from './pdf';

const M = {
  free: /*i18n*/ { id: 'pdf.ticket.free', message: 'Free' },
  withCharges: /*i18n*/ { id: 'pdf.ticket.price_with_charges', message: '{amount}, taxes and fees included' },
  addon: /*i18n*/ { id: 'pdf.ticket.addon', message: '{quantity} × {title}' },
};

/** An add-on line on its attendee's ticket: "Lunch", "2 × Workshop seat – Morning". */
function addonText(
  line: { title: string; priceLabel: string | null; quantity: number },
  i18n: Parameters<typeof translate>[0],
): string {
  const title = line.priceLabel ? `${line.title} – ${line.priceLabel}` : line.title;
  return line.quantity === 1 ? title : translate(i18n, M.addon, { quantity: line.quantity, title });
}

/** Which tickets a PDF holds: all valid tickets of an order, or one attendee's. */
export type TicketsOf = { eventId: number } & ({ orderShortId: string } | { attendeeShortId: string });

export interface TicketsPdf {
  filename: string;
  body: Buffer;
  locale: Locale;
}

type Person = {
  attendee: typeof attendees.$inferSelect;
  ticketTitle: string;
  /** What the ticket cost: its share of its line, discount, fees and taxes in (`ticketShares`). */
  paid: number | null;
  /** Whether that includes fees or taxes. */
  charged: boolean;
  priceLabel: string | null;
  /** The attendee's add-on lines (decision 052). */
  addons: { title: string; priceLabel: string | null; quantity: number }[];
  /** Where they sit, for a seated ticket (decision 067). */
  seat: SeatRef | null;
};

/** The order (by its short id, or the attendee's) with its event; 404 when either is unknown. */
async function orderOf(db: Db, of: TicketsOf) {
  const match =
    'orderShortId' in of
      ? eq(orders.shortId, of.orderShortId)
      : eq(
          orders.id,
          db
            .select({ id: attendees.orderId })
            .from(attendees)
            .where(and(eq(attendees.eventId, of.eventId), eq(attendees.shortId, of.attendeeShortId))),
        );
  const [row] = await db
    .select({ order: orders, event: events })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(orders.eventId, of.eventId), match));
  if (!row) throw new AppError('orderShortId' in of ? 'ORDER_NOT_FOUND' : 'ATTENDEE_NOT_FOUND');
  return row;
}

/**
 * The order's tickets (or the one named), each with what it cost and its tier's name. Each
 * ticket's share of its line goes by the attendees' order, so one ticket's own PDF prints the
 * same amount as the order's.
 */
async function peopleOf(db: Db, orderId: number, attendeeShortId?: string): Promise<Person[]> {
  const [rows, items, places] = await Promise.all([
    db
      .select({ attendee: attendees, ticketTitle: tickets.title })
      .from(attendees)
      .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
      .where(
        and(
          eq(attendees.orderId, orderId),
          attendeeShortId ? eq(attendees.shortId, attendeeShortId) : undefined,
        ),
      )
      .orderBy(asc(attendees.position), asc(attendees.id)),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
    db
      .select({
        id: attendees.id,
        ticketId: attendees.ticketId,
        priceId: attendees.priceId,
        holderId: attendees.holderId,
      })
      .from(attendees)
      .where(eq(attendees.orderId, orderId))
      .orderBy(asc(attendees.position), asc(attendees.id)),
  ]);
  // A redeemable add-on's voucher belongs to the line of its attendee (decision 052).
  const lineOf = (a: { ticketId: number; priceId: number | null; holderId: number | null }) =>
    items.find(
      (i) =>
        i.ticketId === a.ticketId &&
        i.priceId === a.priceId &&
        (a.holderId === null || i.attendeeId === a.holderId),
    );
  const paid = new Map<number, number>();
  const counted = new Map<number, number>();
  for (const place of places) {
    const line = lineOf(place);
    if (!line) continue;
    const index = counted.get(line.id) ?? 0;
    counted.set(line.id, index + 1);
    const shares = ticketShares(line);
    paid.set(place.id, shares[index] ?? shares.at(-1) ?? 0);
  }
  const seats = await findAttendeeSeats(
    db,
    rows.map((r) => r.attendee.id),
  );
  return rows.map((row) => {
    const line = lineOf(row.attendee);
    return {
      ...row,
      seat: seats.get(row.attendee.id) ?? null,
      paid: paid.get(row.attendee.id) ?? null,
      charged: line ? line.fees + line.taxes > 0 : false,
      priceLabel: line?.priceLabel ?? null,
      addons: items
        .filter((i) => i.attendeeId === row.attendee.id)
        .map((i) => ({ title: i.title, priceLabel: i.priceLabel, quantity: i.quantity })),
    };
  });
}

/**
 * The PDF of an order's valid tickets (`GET …/orders/{shortId}/tickets.pdf`, and the order
 * mail's attachment) or of one ticket (`GET …/attendees/{shortId}/ticket.pdf`), in the order's
 * language. Only a ticket that lets its holder in is printed (`ticketState`, the rule of the
 * ticket page, its QR code and its wallet passes): none, and it is 409 `TICKETS_NOT_ISSUED`.
 */
export async function ticketsPdf(
  db: Db,
  of: TicketsOf,
  { appUrl, storage }: { appUrl: string; storage: FileStorage },
): Promise<TicketsPdf> {
  const { order, event } = await orderOf(db, of);
  // A ticket mail of a large order reads its own attendee, not the whole order's.
  const one = 'attendeeShortId' in of ? of.attendeeShortId : undefined;
  const people = (await peopleOf(db, order.id, one)).filter(
    ({ attendee }) => ticketState(attendee.status, order.status) === 'VALID',
  );
  if (people.length === 0) throw new AppError('TICKETS_NOT_ISSUED');

  const locale: Locale = isLocale(order.locale) ? order.locale : 'en';
  const i18n = i18nFor(locale);
  const settings = withSettingDefaults(event.settings);
  const design = settings.ticket_design;
  const answersOf = await designAnswers(db, { orderId: order.id, design });
  const buyer = `${order.firstName ?? ''} ${order.lastName ?? ''}`.trim();
  const sign = await getTicketSigner(db, event.id);
  // The order's date (issue 36), named by its label when it has one.
  const [date] = await db.select().from(eventDates).where(eq(eventDates.id, order.dateId));
  const sheet: TicketSheet = {
    event: {
      title: date?.label ? `${event.title} · ${date.label}` : event.title,
      start: date?.startsAt ?? event.startDate,
      end: date ? date.endsAt : event.endDate,
      timezone: event.timezone,
      where: whereOf({
        location: (event.location as EventLocation | null) ?? null,
        is_online: Boolean(event.onlineEventDetails),
      }),
      message: settings.ticket_page_message,
      primaryColor: ticketAccent(design, settings.homepage_primary_color),
      logo: design.show_logo ? await readEventLogoPng(db, storage, event.id) : null,
      freeText: design.free_text,
      footer: design.footer,
    },
    reference: order.reference,
    tickets: people.map(({ attendee, ticketTitle, paid, charged, priceLabel, addons, seat }) => {
      const money = paid ? formatMoney(paid, order.currency, locale) : null;
      const amount = !money
        ? translate(i18n, M.free)
        : charged
          ? translate(i18n, M.withCharges, { amount: money })
          : money;
      return {
        name: `${attendee.firstName} ${attendee.lastName}`.trim(),
        ticketTitle,
        seat: seat ? seatText(seat, (m, v) => translate(i18n, m, v)) : null,
        price: design.show_price ? [amount, priceLabel].filter(Boolean).join(' · ') : null,
        buyer: design.show_buyer && buyer ? buyer : null,
        answers: answersOf(attendee.id),
        addons: addons.length ? addons.map((a) => addonText(a, i18n)).join(', ') : null,
        code: sign({
          attendeeShortId: attendee.shortId,
          ticketId: attendee.ticketId,
          dateId: attendee.dateId,
        }),
        url: `${appUrl}/ticket/${event.id}/${attendee.shortId}`,
      };
    }),
  };
  const body = await renderTicketsPdf(sheet, i18n);
  const name =
    'attendeeShortId' in of
      ? `ticket-${order.reference}-${(people[0]?.attendee.position ?? 0) + 1}`
      : `tickets-${order.reference}`;
  return { filename: `${name}.pdf`, body, locale };
}

/**
 * The mail job's maker of ticket PDFs: the order's tickets for its confirmation, one ticket for
 * an attendee's mail. A ticket cancelled (or an order refunded) before the mail goes out is
 * left out rather than failing the mail.
 */
export function ticketMailDocuments(appUrl: string, storage: FileStorage): MailDocuments {
  return async (db, request) => {
    if (request.kind !== 'tickets-pdf') return [];
    const { eventId, orderShortId, attendeeShortId } = request;
    const of: TicketsOf | null = attendeeShortId
      ? { eventId, attendeeShortId }
      : orderShortId
        ? { eventId, orderShortId }
        : null;
    if (!of) return [];
    try {
      const pdf = await ticketsPdf(db, of, { appUrl, storage });
      return [{ filename: pdf.filename, content: pdf.body, contentType: 'application/pdf' }];
    } catch (error) {
      if (error instanceof AppError && error.code === 'TICKETS_NOT_ISSUED') return [];
      throw error;
    }
  };
}
