import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PublicQuestion, QuestionRequest, QuestionResponse } from '../../../common/questions';
import type { Database, Db, Transaction } from '../../db/client';
import { events, questions, questionTickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { assertEachOnce, nextSortOrder } from '../../http/sort-order';
import { getEvent, lockEvent } from '../owned-events/service';
import { assertEventTickets } from '../tickets/service';

type Row = typeof questions.$inferSelect;
type Input = z.output<typeof QuestionRequest>;
/** A question of an event, as the caller names it. */
interface QuestionRef {
  auth: AuthContext;
  eventId: number;
  id: number;
}

async function responses(db: Db, rows: Row[]): Promise<QuestionResponse[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(questionTickets)
    .where(
      inArray(
        questionTickets.questionId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    options: row.options,
    required: row.required,
    is_hidden: row.isHidden,
    scope: row.scope,
    ticket_ids: links
      .filter((l) => l.questionId === row.id)
      .map((l) => l.ticketId)
      .sort((a, b) => a - b),
    sort_order: row.sortOrder,
    is_default: row.defaultKey !== null,
    default_key: row.defaultKey,
  }));
}

export async function findQuestions(db: Db, auth: AuthContext, eventId: number): Promise<QuestionResponse[]> {
  await getEvent(db, auth.accountId, eventId);
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.eventId, eventId))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  return responses(db, rows);
}

/**
 * What checkout asks on a live event: its own questions in order, without the hidden ones
 * (for organizers) and the default ones (checkout has its own name and e-mail fields).
 */
export async function findPublicQuestions(db: Db, eventId: number): Promise<PublicQuestion[]> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.status, 'LIVE')));
  if (!event) throw new AppError('NOT_FOUND');
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.eventId, eventId), eq(questions.isHidden, false), isNull(questions.defaultKey)))
    .orderBy(asc(questions.sortOrder), asc(questions.id));
  return (await responses(db, rows)).map((q) => ({
    id: q.id,
    title: q.title,
    description: q.description,
    type: q.type,
    options: q.options,
    required: q.required,
    scope: q.scope,
    ticket_ids: q.ticket_ids,
  }));
}

async function getRow(db: Db, { auth, eventId, id }: QuestionRef): Promise<Row> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .select()
    .from(questions)
    .where(
      and(eq(questions.id, id), eq(questions.eventId, eventId), eq(questions.accountId, auth.accountId)),
    );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getQuestion({ db, ...ref }: QuestionRef & { db: Db }): Promise<QuestionResponse> {
  const [response] = await responses(db, [await getRow(db, ref)]);
  if (!response) throw new AppError('NOT_FOUND');
  return response;
}

async function linkTickets(tx: Transaction, { eventId, id }: QuestionRef, input: Input): Promise<void> {
  // Order questions are asked once per order, whatever the tickets.
  const unique = await assertEventTickets({
    db: tx,
    eventId,
    ticketIds: input.scope === 'PER_ORDER' ? [] : input.ticket_ids,
  });
  await tx.delete(questionTickets).where(eq(questionTickets.questionId, id));
  if (unique.length > 0)
    await tx.insert(questionTickets).values(unique.map((ticketId) => ({ questionId: id, ticketId })));
}

function columns(input: Input) {
  return {
    title: input.title,
    description: input.description ?? null,
    type: input.type,
    // Free-text, date and address questions have no options.
    options: ['CHECKBOX', 'RADIO', 'DROPDOWN'].includes(input.type) ? input.options : [],
    required: input.required,
    isHidden: input.is_hidden,
    scope: input.scope,
  };
}

/** The default questions cannot be edited or deleted (decision 005). */
function assertEditable(row: Row): void {
  if (row.defaultKey !== null) throw new AppError('DEFAULT_QUESTION_LOCKED');
}

/**
 * A hidden question is only seen by the organizer, so the event's "show hidden questions"
 * setting is switched on with it and stays on while one exists.
 */
async function showHiddenQuestions(tx: Transaction, eventId: number, input: Input): Promise<void> {
  if (!input.is_hidden) return;
  await tx
    .update(events)
    .set({ settings: sql`${events.settings} || '{"show_hidden_questions": true}'::jsonb` })
    .where(eq(events.id, eventId));
}

export async function createQuestion({
  db,
  auth,
  eventId,
  input,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  input: Input;
}): Promise<QuestionResponse> {
  const id = await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const next = await nextSortOrder(
      tx,
      { table: questions, sortOrder: questions.sortOrder, eventId: questions.eventId },
      eventId,
    );
    const [row] = await tx
      .insert(questions)
      .values({ accountId: auth.accountId, eventId, sortOrder: next, ...columns(input) })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await linkTickets(tx, { auth, eventId, id: row.id }, input);
    await showHiddenQuestions(tx, eventId, input);
    return row.id;
  });
  return getQuestion({ db, auth, eventId, id });
}

export async function updateQuestion({
  db,
  input,
  ...ref
}: QuestionRef & { db: Database; input: Input }): Promise<QuestionResponse> {
  await inTransaction(db, async (tx) => {
    assertEditable(await getRow(tx, ref));
    await tx
      .update(questions)
      .set({ ...columns(input), updatedAt: sql`now()` })
      .where(eq(questions.id, ref.id));
    await linkTickets(tx, ref, input);
    await showHiddenQuestions(tx, ref.eventId, input);
  });
  return getQuestion({ db, ...ref });
}

export async function deleteQuestion({ db, ...ref }: QuestionRef & { db: Db }): Promise<void> {
  assertEditable(await getRow(db, ref));
  await db.delete(questions).where(eq(questions.id, ref.id));
}

export async function sortQuestions({
  db,
  auth,
  eventId,
  ids,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  ids: number[];
}): Promise<QuestionResponse[]> {
  await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const rows = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.eventId, eventId), isNull(questions.defaultKey)));
    assertEachOnce(
      ids,
      rows.map((r) => r.id),
      'question_ids',
    );
    for (const [sortOrder, id] of ids.entries())
      await tx.update(questions).set({ sortOrder }).where(eq(questions.id, id));
  });
  return findQuestions(db, auth, eventId);
}
