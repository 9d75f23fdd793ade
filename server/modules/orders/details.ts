import type { MessageDescriptor } from '@lingui/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type AnswerValue, type AskedQuestion, answerProblem } from '../../../common/answers';
import { checkBusinessBuyer } from '../../../common/business-buyer';
import { withSettingDefaults } from '../../../common/events';
import { VALIDATION } from '../../../common/i18n/validation';
import type { OrderDetailsRequest } from '../../../common/order-details';
import { type CompleteOrderRequest, ORDER_EXTENSIONS_MAX } from '../../../common/orders';
import type { Database, Db, Transaction } from '../../db/client';
import {
  attendees,
  events,
  orderItems,
  orders,
  questionAnswers,
  questions,
  questionTickets,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import { getBuyerBusinessMode, queueInvoice } from '../invoices/service';
import { seatAttendees } from '../stock/seats';
import { type FulfilOptions, fulfilOrder } from './fulfil';
import { enqueueOrderMails } from './mails';
import { lineKey, linkAddonLines, type NamedAttendee, peopleOfLines, writeVouchers } from './order-people';
import { lockPublicOrderRow } from './public-view';
import { expireOrders, newOrderShortId, OPEN_STATUSES } from './service';
import { queueOrderWebhooks } from './webhook-events';

type Details = z.output<typeof OrderDetailsRequest>;
type Complete = z.output<typeof CompleteOrderRequest>;
type OrderRow = typeof orders.$inferSelect;

const EXPIRED = Symbol('expired');

/** An order named by its buyer, and the time the request is judged at. */
interface Reservation {
  eventId: number;
  shortId: string;
  now: Date;
}

/**
 * The order must still be a live reservation to be changed or completed. One found past its
 * time is expired here (and that is committed) before the caller answers 410.
 */
async function openReservation(tx: Transaction, at: Reservation): Promise<OrderRow | typeof EXPIRED> {
  const { eventId, shortId, now } = at;
  const row = await lockPublicOrderRow(tx, eventId, shortId);
  if (row.status === 'EXPIRED') return EXPIRED;
  if (!OPEN_STATUSES.includes(row.status)) throw new AppError('ORDER_ALREADY_PROCESSED');
  if (row.reservedUntil && row.reservedUntil <= now) {
    await expireOrders(tx, [row.id]);
    return EXPIRED;
  }
  return row;
}

/**
 * Runs `work` on the open reservation, in one transaction; 410 when it had expired. The expiry
 * is committed before the 410 is thrown, which is why this use case opens its own transaction.
 */
async function onReservation<T>(
  { db, ...at }: Reservation & { db: Database },
  work: (tx: Transaction, order: OrderRow) => Promise<T>,
): Promise<T> {
  const result = await inTransaction(db, async (tx) => {
    const order = await openReservation(tx, at);
    return order === EXPIRED ? EXPIRED : { value: await work(tx, order) };
  });
  if (result === EXPIRED) throw new AppError('ORDER_EXPIRED');
  return result.value;
}

interface Asked extends AskedQuestion {
  scope: 'PER_ORDER' | 'PER_ATTENDEE';
  ticketIds: number[];
}

/** The questions buyers answer: the event's own, not hidden (hidden ones are for organizers). */
export async function askedQuestions(tx: Db, eventId: number): Promise<Asked[]> {
  const rows = await tx
    .select()
    .from(questions)
    .where(and(eq(questions.eventId, eventId), isNull(questions.defaultKey), eq(questions.isHidden, false)));
  if (rows.length === 0) return [];
  const links = await tx
    .select()
    .from(questionTickets)
    .where(
      inArray(
        questionTickets.questionId,
        rows.map((q) => q.id),
      ),
    );
  return rows.map((q) => ({
    id: q.id,
    type: q.type,
    required: q.required,
    options: q.options,
    scope: q.scope,
    ticketIds: links.filter((l) => l.questionId === q.id).map((l) => l.ticketId),
  }));
}

export const appliesTo = (q: Asked, ticketId: number) =>
  q.ticketIds.length === 0 || q.ticketIds.includes(ticketId);

type Problems = Record<string, MessageDescriptor[]>;

export function checkAnswers(
  asked: Asked[],
  given: { question_id: number; answer: AnswerValue }[],
  field: string,
): Problems {
  const problems: Problems = {};
  const byQuestion = new Map(given.map((a) => [a.question_id, a.answer]));
  for (const a of given) {
    if (!asked.some((q) => q.id === a.question_id))
      problems[`${field}.${a.question_id}`] = [VALIDATION.unknownField];
  }
  for (const q of asked) {
    const problem = answerProblem(q, byQuestion.get(q.id));
    if (problem) problems[`${field}.${q.id}`] = [problem];
  }
  return problems;
}

/**
 * `PUT …/orders/{shortId}`: the buyer, one attendee per ticket bought and the answers. The
 * attendees must match the order's lines exactly; answers are checked per question type.
 * Saving again replaces what was saved before.
 */
export async function saveOrderDetails({
  db,
  eventId,
  shortId,
  input,
  now = new Date(),
}: {
  db: Database;
  eventId: number;
  shortId: string;
  input: Details;
  now?: Date;
}): Promise<void> {
  await onReservation({ db, eventId, shortId, now }, async (tx, order) => {
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // Tickets' seats are named by the buyer; products make no attendee (decision 051).
    const people = await peopleOfLines(tx, items);
    const wanted = people.named;
    for (const a of input.attendees) {
      const key = lineKey(a.ticket_id, a.price_id);
      wanted.set(key, (wanted.get(key) ?? 0) - 1);
    }
    if ([...wanted.values()].some((n) => n !== 0))
      throw fieldError('attendees', VALIDATION.attendeesMismatch);

    const asked = await askedQuestions(tx, eventId);
    const problems: Problems = checkAnswers(
      asked.filter((q) => q.scope === 'PER_ORDER'),
      input.answers,
      'answers',
    );
    input.attendees.forEach((a, i) => {
      const forTicket = asked.filter((q) => q.scope === 'PER_ATTENDEE' && appliesTo(q, a.ticket_id));
      Object.assign(problems, checkAnswers(forTicket, a.answers, `attendees.${i}.answers`));
    });
    // A business buyer's details, as the seller's invoice settings ask them (issue 38).
    const business = checkBusinessBuyer(await getBuyerBusinessMode(tx, order.accountId), input);
    for (const [field, problem] of Object.entries(business.problems)) problems[field] = [problem];
    if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', { fields: problems });

    await tx.delete(attendees).where(eq(attendees.orderId, order.id));
    await tx.delete(questionAnswers).where(eq(questionAnswers.orderId, order.id));
    await tx
      .update(orders)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        company: business.value.company,
        companyAddress: business.value.company_address,
        vatCountry: business.value.vat_country,
        vatId: business.value.vat_id,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    const keep = (answer: AnswerValue) => !(typeof answer === 'string' && answer.trim() === '');
    const orderAnswers = input.answers.filter((a) => keep(a.answer));
    if (orderAnswers.length > 0) {
      await tx
        .insert(questionAnswers)
        .values(
          orderAnswers.map((a) => ({ orderId: order.id, questionId: a.question_id, answer: a.answer })),
        );
    }
    const named: NamedAttendee[] = [];
    for (const [position, a] of input.attendees.entries()) {
      const [row] = await tx
        .insert(attendees)
        .values({
          accountId: order.accountId,
          eventId,
          dateId: order.dateId,
          orderId: order.id,
          ticketId: a.ticket_id,
          priceId: a.price_id ?? null,
          shortId: newOrderShortId(),
          firstName: a.first_name,
          lastName: a.last_name,
          email: a.email,
          status: 'AWAITING_PAYMENT',
          position,
        })
        .returning({ id: attendees.id });
      if (row)
        named.push({
          id: row.id,
          ticketId: a.ticket_id,
          priceId: a.price_id ?? null,
          firstName: a.first_name,
          lastName: a.last_name,
          email: a.email,
        });
      const answers = a.answers.filter((x) => keep(x.answer));
      if (row && answers.length > 0) {
        await tx.insert(questionAnswers).values(
          answers.map((x) => ({
            orderId: order.id,
            attendeeId: row.id,
            questionId: x.question_id,
            answer: x.answer,
          })),
        );
      }
    }
    const holders = await linkAddonLines(tx, { items, named });
    await writeVouchers(tx, {
      order,
      vouchers: people.vouchers,
      buyer: input,
      holders,
      from: input.attendees.length,
    });
    // Each attendee of a seated ticket sits on one of the order's seats (decision 067).
    await seatAttendees(tx, order.id);
  });
}

/**
 * `POST …/orders/{shortId}/complete`: a free order is COMPLETED at once (its seats become
 * sold); a paid one paid offline waits as AWAITING_PAYMENT with its seats still held.
 * Card payments plug in here as another provider.
 */
export async function completeOrder({
  db,
  eventId,
  shortId,
  input,
  links,
  now = new Date(),
}: {
  db: Database;
  eventId: number;
  shortId: string;
  input: Complete;
  links: FulfilOptions;
  now?: Date;
}): Promise<OrderRow> {
  return onReservation({ db, eventId, shortId, now }, async (tx, order) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!order.email) throw new AppError('ORDER_DETAILS_MISSING');
    if (order.total === 0) return fulfilOrder(tx, order, { ...links, now });
    if (input.payment_provider !== 'OFFLINE') throw fieldError('payment_provider', VALIDATION.required);
    if (!withSettingDefaults(event?.settings).offline_payments_enabled) {
      throw fieldError('payment_provider', VALIDATION.offlinePaymentUnavailable);
    }
    // Held until the organizer marks it paid or cancels it.
    const [waiting] = await tx
      .update(orders)
      .set({ status: 'AWAITING_PAYMENT', paymentProvider: 'OFFLINE', reservedUntil: null, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (!waiting) throw new Error('order update returned nothing');
    if (links.notify !== false) await enqueueOrderMails({ tx, orderId: waiting.id, links });
    // Placed: the buyer is known and the organizer waits for the money (decision 036).
    await queueOrderWebhooks(tx, waiting, 'order.created');
    // Its invoice, unpaid with a due date (decision 053).
    await queueInvoice(tx, waiting);
    return waiting;
  });
}

/**
 * `POST …/orders/{shortId}/extend`: a buyer who needs more time gets it (WCAG 2.2.1), up to
 * `ORDER_EXTENSIONS_MAX` times per reservation, each time the event's order timeout added to
 * the reservation's end (decision 038). The reservation's row is locked meanwhile, so two
 * requests at once count as two; the stock it holds stays as it is.
 */
export async function extendOrder({
  db,
  eventId,
  shortId,
  now = new Date(),
}: {
  db: Database;
  eventId: number;
  shortId: string;
  now?: Date;
}): Promise<void> {
  await onReservation({ db, eventId, shortId, now }, async (tx, order) => {
    if (order.extensions >= ORDER_EXTENSIONS_MAX) throw new AppError('ORDER_EXTENSION_USED');
    const [event] = await tx.select({ settings: events.settings }).from(events).where(eq(events.id, eventId));
    const minutes = withSettingDefaults(event?.settings).order_timeout_minutes;
    const end = order.reservedUntil && order.reservedUntil > now ? order.reservedUntil : now;
    await tx
      .update(orders)
      .set({
        extendedAt: now,
        extensions: order.extensions + 1,
        reservedUntil: new Date(end.getTime() + minutes * 60_000),
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  });
}
