import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnswerValue } from '../../../common/answers';
import type { AttendeesExportQuery } from '../../../common/attendees';
import {
  attendees,
  eventSeating,
  orders,
  questionAnswers,
  questions,
  ticketPrices,
  tickets,
} from '../../db/schema';
import { readJsonParts } from '../../exports/json-batch';
import { answerCell, type Cell, type Table } from '../../exports/table';
import { listWhere } from '../../http/list';
import { latestCheckIn } from '../attendee-view/service';
import { askedDate, DATE_COLUMN, dateCellText, eventDateRefs } from '../owned-events/dates';
import type { EventListContext } from '../owned-events/service';
import { attendeeList } from './service';

/** Rows read per statement: memory stays flat however many attendees the event has. */
export const EXPORT_BATCH = 1000;

const COLUMNS = [
  /*i18n*/ { id: 'export.attendee_id', message: 'Attendee ID' },
  /*i18n*/ { id: 'export.first_name', message: 'First name' },
  /*i18n*/ { id: 'export.last_name', message: 'Last name' },
  /*i18n*/ { id: 'export.email', message: 'E-mail' },
  /*i18n*/ { id: 'export.status', message: 'Status' },
  /*i18n*/ { id: 'export.checked_in', message: 'Checked in' },
  /*i18n*/ { id: 'export.checked_in_at', message: 'Checked in at (UTC)' },
  /*i18n*/ { id: 'export.ticket', message: 'Ticket' },
  /*i18n*/ { id: 'export.price_tier', message: 'Price tier' },
  /*i18n*/ { id: 'export.order_reference', message: 'Order reference' },
  /*i18n*/ { id: 'export.order_status', message: 'Order status' },
  /*i18n*/ { id: 'export.added_by_hand', message: 'Added by hand' },
  /*i18n*/ { id: 'export.created_at', message: 'Created (UTC)' },
];

// Where the database puts what the server still turns into words: the check-in time (made
// "Yes"/"No" in the column before it), whether the order was added by hand, the answers.
const CHECKED_IN = 5;
const MANUAL = 12;
/** The attendee's date id, which becomes the "Date" cell (or goes, for an event of one date). */
const DATE = 9;

/** A seated event's columns (decision 067), after the price tier. */
const SEAT_COLUMNS = [
  /*i18n*/ { id: 'export.seat_section', message: 'Section' },
  /*i18n*/ { id: 'export.seat_row', message: 'Row or table' },
  /*i18n*/ { id: 'export.seat', message: 'Seat' },
];

/** Where the attendee sits: [section, row, seat], or null. */
const seatOf = sql`(select json_build_array(e.section, e.row_label, e.seat_label)
  from order_seats s join event_seats e on e.id = s.seat_id
  where s.attendee_id = ${attendees.id} and e.order_id = s.order_id limit 1)`;

/** A time as JavaScript's toISOString writes it (milliseconds, UTC, "Z"), by the database. */
const iso = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The latest answer to a question: the attendee's own, or their order's for a per-order one. */
function answerOf(question: { id: number; scope: string }): SQL {
  const owner =
    question.scope === 'PER_ORDER'
      ? sql`${questionAnswers.orderId} = ${attendees.orderId} and ${questionAnswers.attendeeId} is null`
      : sql`${questionAnswers.attendeeId} = ${attendees.id}`;
  return sql`(select ${questionAnswers.answer} from ${questionAnswers}
    where ${owner} and ${questionAnswers.questionId} = ${question.id}
    order by ${questionAnswers.id} desc limit 1)`;
}

/**
 * Up to `EXPORT_BATCH` attendees after id `after`, each as the JSON array of its export row:
 * the fixed columns (the date's id among them), the check-in time twice (the first becomes
 * "Yes"/"No") and an array of the answers last.
 */
function batchQuery(where: SQL | undefined, answers: SQL[], after: number): SQL {
  return sql`select ${attendees.id} as n, json_build_array(
      ${attendees.id}, ${attendees.firstName}, ${attendees.lastName}, ${attendees.email}, ${attendees.status},
      ${iso(latestCheckIn())}, ${iso(latestCheckIn())},
      ${tickets.title}, ${ticketPrices.label}, ${attendees.dateId}, ${orders.reference}, ${orders.status},
      ${orders.paymentProvider} is not distinct from 'MANUAL', ${iso(sql`${attendees.createdAt}`)}, ${seatOf},
      array[${sql.join(answers, sql`, `)}]::jsonb[]
    ) as cells
    from ${attendees}
    inner join ${orders} on ${orders.id} = ${attendees.orderId}
    inner join ${tickets} on ${tickets.id} = ${attendees.ticketId}
    left join ${ticketPrices} on ${ticketPrices.id} = ${attendees.priceId}
    where ${and(where, gt(attendees.id, after))}
    order by ${attendees.id}
    limit ${EXPORT_BATCH}`;
}

/**
 * `GET /api/events/{id}/attendees/export`: the attendees the list shows with the same search
 * and filters, one column per question (besides the name and e-mail ones) after the fixed
 * ones. Rows are read in id order, a batch at a time after the last id read (keyset), so an
 * export holds no transaction open and never more than one batch in memory; each batch is one
 * statement answered in JSON texts of a hundred rows (`readJsonParts`).
 */
export async function exportAttendees({
  db,
  event,
  query,
  i18n,
}: EventListContext<z.output<typeof AttendeesExportQuery>>): Promise<Table> {
  const eventId = event.id;
  const asked = await db
    .select({ id: questions.id, title: questions.title, scope: questions.scope })
    .from(questions)
    .where(and(eq(questions.eventId, eventId), isNull(questions.defaultKey)))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  const dateId = query.params.date_id;
  await askedDate(db, { eventId, dateId });
  const where = listWhere(query, attendeeList(db, eventId, dateId));
  // The date of each row, in a column of its own once the event has more than one.
  const dates = await eventDateRefs(db, eventId);
  const several = dates.size > 1;
  const [seating] = await db
    .select({ id: eventSeating.eventId })
    .from(eventSeating)
    .where(eq(eventSeating.eventId, eventId));
  const seated = seating !== undefined;
  const yes = i18n._(/*i18n*/ { id: 'export.yes', message: 'Yes' });
  const no = i18n._(/*i18n*/ { id: 'export.no', message: 'No' });

  const answers = asked.map(answerOf);

  /** Turns a row as read into the export's cells, in place (no new array per row). */
  const finish = (row: unknown[]): Cell[] => {
    const answered = row.pop() as (AnswerValue | null)[];
    const seat = row.pop() as [string, string, string] | null;
    row[CHECKED_IN] = row[CHECKED_IN] === null ? no : yes;
    row[MANUAL] = row[MANUAL] === true ? yes : no;
    if (several) row[DATE] = dateCellText(dates.get(Number(row[DATE])), event.timezone);
    else row.splice(DATE, 1);
    if (seated) row.splice(DATE, 0, ...(seat ?? ['', '', '']));
    for (const answer of answered) row.push(answerCell(answer ?? undefined));
    return row as Cell[];
  };

  async function* batches(): AsyncGenerator<Cell[][]> {
    let after = 0;
    for (;;) {
      let read = 0;
      // Each part goes out as it is: no array of ours gathers a whole batch (decision 042).
      for await (const part of readJsonParts(db, batchQuery(where, answers, after))) {
        read += part.length;
        after = (part.at(-1)?.[0] as number | undefined) ?? after;
        for (const row of part) finish(row);
        yield part as Cell[][];
      }
      if (read < EXPORT_BATCH) return;
    }
  }

  const columns = COLUMNS.map((c) => i18n._(c));
  if (several) columns.splice(DATE, 0, i18n._(DATE_COLUMN));
  if (seated) columns.splice(DATE, 0, ...SEAT_COLUMNS.map((c) => i18n._(c)));
  return { columns: [...columns, ...asked.map((q) => q.title)], batches: batches() };
}
