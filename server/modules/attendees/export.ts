import type { I18n } from '@lingui/core';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnswerValue } from '../../../common/answers';
import type { AttendeesExportQuery } from '../../../common/attendees';
import type { Db } from '../../db/client';
import { attendees, questionAnswers, questions } from '../../db/schema';
import { answerCell, type Cell, type Table } from '../../exports/table';
import type { AuthContext } from '../../http/auth';
import { getEvent } from '../events/service';
import { attendeeConditions, selectAttendees } from './service';

/** Rows read per query: memory stays flat however many attendees the event has. */
const BATCH = 1000;

const COLUMNS = [
  /*i18n*/ { id: 'export.attendee_id', message: 'Attendee ID' },
  /*i18n*/ { id: 'export.first_name', message: 'First name' },
  /*i18n*/ { id: 'export.last_name', message: 'Last name' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.status', message: 'Status' },
  /*i18n*/ { id: 'export.ticket', message: 'Ticket' },
  /*i18n*/ { id: 'export.price_tier', message: 'Price tier' },
  /*i18n*/ { id: 'export.order_reference', message: 'Order reference' },
  /*i18n*/ { id: 'export.order_status', message: 'Order status' },
  /*i18n*/ { id: 'export.added_by_hand', message: 'Added by hand' },
  /*i18n*/ { id: 'export.created_at', message: 'Created (UTC)' },
];

const key = (owner: number, questionId: number) => `${owner}:${questionId}`;

/** The answers of a batch: each attendee's own, and those of their orders. */
async function answersOf(db: Db, attendeeIds: number[], orderIds: number[]) {
  const [own, ofOrders] = await Promise.all([
    db.select().from(questionAnswers).where(inArray(questionAnswers.attendeeId, attendeeIds)),
    db
      .select()
      .from(questionAnswers)
      .where(and(inArray(questionAnswers.orderId, orderIds), isNull(questionAnswers.attendeeId))),
  ]);
  const byAttendee = new Map<string, AnswerValue>();
  const byOrder = new Map<string, AnswerValue>();
  for (const row of own)
    if (row.attendeeId !== null) byAttendee.set(key(row.attendeeId, row.questionId), row.answer);
  for (const row of ofOrders) byOrder.set(key(row.orderId, row.questionId), row.answer);
  return { byAttendee, byOrder };
}

/**
 * `GET /api/events/{id}/attendees/export`: the attendees the list shows with the same search
 * and filters, one column per question (besides the name and e-mail ones) after the fixed
 * ones. Rows are read in id order, a batch at a time after the last id read (keyset), so an export holds no transaction open and
 * never more than one batch in memory.
 */
export async function exportAttendees({
  db,
  auth,
  eventId,
  query,
  i18n,
}: {
  db: Db;
  auth: AuthContext;
  eventId: number;
  query: z.output<typeof AttendeesExportQuery>;
  i18n: I18n;
}): Promise<Table> {
  await getEvent(db, auth.accountId, eventId);
  const asked = await db
    .select({ id: questions.id, title: questions.title, scope: questions.scope })
    .from(questions)
    .where(and(eq(questions.eventId, eventId), isNull(questions.defaultKey)))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  const where = attendeeConditions(eventId, query);
  const yes = i18n._(/*i18n*/ { id: 'export.yes', message: 'Yes' });
  const no = i18n._(/*i18n*/ { id: 'export.no', message: 'No' });

  async function* batches(): AsyncGenerator<Cell[][]> {
    let after = 0;
    for (;;) {
      const rows = await selectAttendees(db, and(where, gt(attendees.id, after)))
        .orderBy(asc(attendees.id))
        .limit(BATCH);
      const last = rows.at(-1);
      if (!last) return;
      after = last.attendee.id;
      const { byAttendee, byOrder } = await answersOf(
        db,
        rows.map((r) => r.attendee.id),
        [...new Set(rows.map((r) => r.attendee.orderId))],
      );
      yield rows.map(({ attendee, ...row }) => [
        attendee.id,
        attendee.firstName,
        attendee.lastName,
        attendee.email,
        attendee.status,
        row.ticketTitle,
        row.priceLabel,
        row.orderReference,
        row.orderStatus,
        row.paymentProvider === 'MANUAL' ? yes : no,
        attendee.createdAt.toISOString(),
        ...asked.map((q) =>
          answerCell(
            q.scope === 'PER_ORDER'
              ? byOrder.get(key(attendee.orderId, q.id))
              : byAttendee.get(key(attendee.id, q.id)),
          ),
        ),
      ]);
      if (rows.length < BATCH) return;
    }
  }

  return { columns: [...COLUMNS.map((c) => i18n._(c)), ...asked.map((q) => q.title)], batches: batches() };
}
