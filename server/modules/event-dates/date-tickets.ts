import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DateTicketRequest, DateTicketResponse } from '../../../common/event-dates';
import { VALIDATION } from '../../../common/i18n/validation';
import type { Database, Db } from '../../db/client';
import { eventDates, ticketStock, tickets } from '../../db/schema';
import { inTransaction, sqlState } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { getEvent, lockEvent } from '../owned-events/service';

type Input = z.output<typeof DateTicketRequest>;
/** A ticket on a date of an event, as the caller names them. */
interface DateTicketRef {
  auth: AuthContext;
  eventId: number;
  dateId: number;
  ticketId?: number;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The tickets of one date (issue 36): their own settings there and their seats. */
export async function findDateTickets(db: Db, ref: DateTicketRef): Promise<DateTicketResponse[]> {
  await getEvent(db, ref.auth.accountId, ref.eventId);
  const rows = await db
    .select({ stock: ticketStock, title: tickets.title })
    .from(ticketStock)
    .innerJoin(tickets, eq(tickets.id, ticketStock.ticketId))
    .innerJoin(eventDates, eq(eventDates.id, ticketStock.dateId))
    .where(
      and(
        eq(ticketStock.dateId, ref.dateId),
        eq(eventDates.eventId, ref.eventId),
        ref.ticketId === undefined ? undefined : eq(ticketStock.ticketId, ref.ticketId),
      ),
    )
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  return rows.map(({ stock, title }) => ({
    date_id: stock.dateId,
    ticket_id: stock.ticketId,
    title,
    own_quantity: stock.ownQuantity,
    quantity_available: stock.quantity,
    price: stock.price,
    sale_start_date: iso(stock.saleStart),
    sale_end_date: iso(stock.saleEnd),
    quantity_sold: stock.quantitySold,
    quantity_reserved: stock.quantityReserved,
  }));
}

/**
 * Sets what a ticket is on one date, whole: a quantity of the date's own (or the ticket's again
 * when left out), a price and a sale window (the ticket's when left out). A quantity below what
 * the date has sold and holds is refused by the row's CHECK, nothing written.
 */
export async function setDateTicket({
  db,
  input,
  ...ref
}: DateTicketRef & { db: Database; input: Input }): Promise<DateTicketResponse> {
  const ticketId = ref.ticketId ?? 0;
  await inTransaction(db, async (tx) => {
    const event = await lockEvent(tx, ref.auth.accountId, ref.eventId);
    if (input.currency && input.currency !== event.currency) {
      throw fieldError('currency', VALIDATION.currencyOfEvent);
    }
    const own = input.quantity_available !== undefined;
    const updated = await tx
      .update(ticketStock)
      .set({
        ownQuantity: own,
        quantity: own
          ? (input.quantity_available ?? null)
          : sql`(select quantity from tickets where id = ${ticketStock.ticketId})`,
        price: input.price ?? null,
        saleStart: input.sale_start_date ? new Date(input.sale_start_date) : null,
        saleEnd: input.sale_end_date ? new Date(input.sale_end_date) : null,
      })
      .where(
        and(
          eq(ticketStock.dateId, ref.dateId),
          eq(ticketStock.ticketId, ticketId),
          sql`${ticketStock.dateId} in (select id from event_dates where event_id = ${ref.eventId})`,
        ),
      )
      .returning({ dateId: ticketStock.dateId })
      .catch((error: unknown) => {
        if (sqlState(error) === '23514')
          throw fieldError('quantity_available', VALIDATION.quantityBelowTaken);
        throw error;
      });
    if (updated.length === 0) throw new AppError('NOT_FOUND');
  });
  const [saved] = await findDateTickets(db, { ...ref, ticketId });
  if (!saved) throw new AppError('NOT_FOUND');
  return saved;
}
