import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AttendeeDetailResponse,
  AttendeeResponse,
  AttendeesQuery,
  UpdateAttendeeRequest,
} from '../../../common/attendees';
import type { OrderStatus } from '../../../common/orders';
import type { Database, Db, Transaction } from '../../db/client';
import {
  attendees,
  checkInLists,
  checkIns,
  orders,
  questionAnswers,
  questions,
  ticketPrices,
  tickets,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { accountReader } from '../../http/auth-context';
import { escapeLike, filterConditions, findPage, orderBy, whereAll } from '../../http/list';
import { getEvent } from '../events/service';
import { enqueueWebhookEvent } from '../webhooks/service';

/**
 * Orders whose attendees the organizer sees: every order that reached checkout. Reservations
 * still being filled in, abandoned or expired ones hold no ticket anybody was promised.
 */
export const LISTED_ORDER_STATUSES: readonly OrderStatus[] = [
  'AWAITING_PAYMENT',
  'PROCESSING',
  'COMPLETED',
  'CANCELLED',
  'REFUND_PENDING',
  'REFUND_FAILED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
];

const columns = {
  attendee: attendees,
  ticketTitle: tickets.title,
  priceLabel: ticketPrices.label,
  orderReference: orders.reference,
  orderStatus: orders.status,
  paymentProvider: orders.paymentProvider,
};

export interface AttendeeRow {
  attendee: typeof attendees.$inferSelect;
  ticketTitle: string;
  priceLabel: string | null;
  orderReference: string;
  orderStatus: OrderStatus;
  paymentProvider: string | null;
}

function toResponse(row: AttendeeRow): AttendeeResponse {
  const { attendee } = row;
  return {
    id: attendee.id,
    short_id: attendee.shortId,
    first_name: attendee.firstName,
    last_name: attendee.lastName,
    email: attendee.email,
    status: attendee.status,
    ticket_id: attendee.ticketId,
    price_id: attendee.priceId,
    ticket_title: row.ticketTitle,
    price_label: row.priceLabel,
    order_id: attendee.orderId,
    order_reference: row.orderReference,
    order_status: row.orderStatus,
    is_manual: row.paymentProvider === 'MANUAL',
    created_at: attendee.createdAt.toISOString(),
  };
}

/** Attendees with their ticket, tier and order, for the list, one attendee and the export. */
export function selectAttendees(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.orderId))
    .innerJoin(tickets, eq(tickets.id, attendees.ticketId))
    .leftJoin(ticketPrices, eq(ticketPrices.id, attendees.priceId))
    .where(where);
}

const listed = (eventId: number) =>
  and(eq(attendees.eventId, eventId), inArray(orders.status, [...LISTED_ORDER_STATUSES]));

/**
 * A search matches part of a name or e-mail (through the trigram index on `search_text`) or a
 * whole order reference; both sides are indexed, so the search stays fast on large events.
 */
function searchFor(eventId: number, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return or(
    ilike(attendees.searchText, `%${escapeLike(text.toLowerCase())}%`),
    sql`${attendees.orderId} = any(array(select ${orders.id} from ${orders}
      where ${orders.eventId} = ${eventId} and ${orders.reference} = ${text.toUpperCase()}))`,
  );
}

/** The conditions of the attendee list and its exports: the event, then the list's filters. */
export function attendeeConditions(
  eventId: number,
  query: Pick<z.output<typeof AttendeesQuery>, 'filters' | 'query'>,
) {
  return whereAll([
    listed(eventId),
    ...filterConditions(query.filters, {
      ticket_id: { column: attendees.ticketId },
      status: { column: attendees.status },
    }),
    searchFor(eventId, query.query),
  ]);
}

/** The attendee list's two queries, a page of rows and the count (exposed to check their plans). */
export function attendeeListQueries(db: Db, eventId: number, query: z.output<typeof AttendeesQuery>) {
  const where = attendeeConditions(eventId, query);
  const sort = {
    created_at: attendees.createdAt,
    last_name: attendees.lastName,
    first_name: attendees.firstName,
    email: attendees.email,
  };
  return {
    page: (limit: number, offset: number) =>
      selectAttendees(db, where)
        .orderBy(...orderBy(query, sort, attendees.id))
        .limit(limit)
        .offset(offset),
    count: () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(attendees)
        .innerJoin(orders, eq(orders.id, attendees.orderId))
        .where(where),
  };
}

/** An attendee of an event, as the caller names it. */
export interface AttendeeRef {
  auth: AuthContext;
  eventId: number;
  attendeeId: number;
}

/** `GET /api/events/{id}/attendees` */
export async function findAttendees({
  db,
  auth,
  eventId,
  query,
}: {
  db: Db;
  auth: AuthContext;
  eventId: number;
  query: z.output<typeof AttendeesQuery>;
}) {
  await getEvent(db, auth.accountId, eventId);
  const queries = attendeeListQueries(db, eventId, query);
  return findPage(query, {
    rows: async (limit, offset) => (await queries.page(limit, offset)).map(toResponse),
    total: async () => (await queries.count())[0]?.n ?? 0,
  });
}

/** One listed attendee of the caller's event, or ATTENDEE_NOT_FOUND. */
export async function getAttendeeRow({
  db,
  auth,
  eventId,
  attendeeId,
}: AttendeeRef & { db: Db }): Promise<AttendeeRow> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await selectAttendees(db, and(listed(eventId), eq(attendees.id, attendeeId)));
  if (!row) throw new AppError('ATTENDEE_NOT_FOUND');
  return row;
}

/** `GET /api/events/{id}/attendees/{attendeeId}` */
export async function getAttendee({ db, ...ref }: AttendeeRef & { db: Db }): Promise<AttendeeDetailResponse> {
  const { eventId, attendeeId } = ref;
  const row = await getAttendeeRow({ db, ...ref });
  const answers = await db
    .select({ questionId: questions.id, title: questions.title, answer: questionAnswers.answer })
    .from(questionAnswers)
    .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
    .where(eq(questionAnswers.attendeeId, attendeeId))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  const history = await db
    .select({ checkIn: checkIns, listName: checkInLists.name })
    .from(checkIns)
    .innerJoin(checkInLists, eq(checkInLists.id, checkIns.checkInListId))
    .where(eq(checkIns.attendeeId, attendeeId))
    .orderBy(desc(checkIns.checkedInAt), desc(checkIns.id));
  return {
    ...toResponse(row),
    answers: answers.map((a) => ({ question_id: a.questionId, title: a.title, answer: a.answer })),
    ticket_url: `/ticket/${eventId}/${row.attendee.shortId}`,
    check_ins: history.map(({ checkIn, listName }) => ({
      id: checkIn.id,
      list_name: listName,
      checked_in_at: checkIn.checkedInAt.toISOString(),
      checked_out_at: checkIn.checkedOutAt?.toISOString() ?? null,
      device: checkIn.device,
    })),
  };
}

/** `PUT /api/events/{id}/attendees/{attendeeId}`: corrects who holds the ticket. */
export async function updateAttendee({
  db,
  input,
  ...ref
}: AttendeeRef & {
  db: Database;
  input: z.output<typeof UpdateAttendeeRequest>;
}): Promise<AttendeeDetailResponse> {
  await inTransaction(db, async (tx) => {
    await getAttendeeRow({ db: tx, ...ref });
    await tx
      .update(attendees)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        updatedAt: new Date(),
      })
      .where(eq(attendees.id, ref.attendeeId));
    const changed = { id: ref.attendeeId, accountId: ref.auth.accountId, eventId: ref.eventId };
    await queueAttendeeWebhook(tx, changed, 'attendee.updated');
  });
  return getAttendee({ db, ...ref });
}

type AttendeeWebhookType =
  | 'attendee.created'
  | 'attendee.updated'
  | 'attendee.cancelled'
  | 'attendee.checked_in';

/**
 * Queues an attendee's webhook in the caller's transaction (decision 027), the attendee as
 * `GET …/attendees/{attendeeId}` answers it after the change.
 */
export function queueAttendeeWebhook(
  tx: Transaction,
  attendee: { id: number; accountId: number; eventId: number },
  change:
    | AttendeeWebhookType
    // With the endpoints listening, looked up once for many attendees alike.
    | { type: AttendeeWebhookType; listeners: readonly { id: number }[] },
): Promise<number> {
  const { type, listeners } = typeof change === 'string' ? { type: change, listeners: undefined } : change;
  const ref = { auth: accountReader(attendee.accountId), eventId: attendee.eventId, attendeeId: attendee.id };
  return enqueueWebhookEvent(tx, {
    accountId: attendee.accountId,
    eventId: attendee.eventId,
    type,
    data: () => getAttendee({ db: tx, ...ref }),
    listeners,
  });
}
