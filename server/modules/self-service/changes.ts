import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type AnswerValue, answerText } from '../../../common/answers';
import type { Transaction } from '../../db/client';
import { questionAnswers, questions } from '../../db/schema';

/** One change a buyer made, as the order's history keeps it: old and new value, as text. */
export interface Change {
  field: 'first_name' | 'last_name' | 'email' | 'answer';
  /** The question's title, for an answer. */
  question?: string;
  from: string | null;
  to: string | null;
}

export { answerText };

/** The name and e-mail fields that differ between what is kept and what was sent. */
export function personChanges(
  before: { firstName: string | null; lastName: string | null; email: string | null },
  sent: { first_name?: string; last_name?: string; email?: string },
): Change[] {
  const changes: Change[] = [];
  const pairs = [
    ['first_name', before.firstName, sent.first_name],
    ['last_name', before.lastName, sent.last_name],
    ['email', before.email, sent.email],
  ] as const;
  for (const [field, from, to] of pairs) {
    if (to !== undefined && to !== from) changes.push({ field, from, to });
  }
  return changes;
}

/**
 * Replaces the answers of one attendee (or of the order, `attendeeId` null) to the questions the
 * buyer is asked, keeping answers to any other (hidden ones the organizer keeps); answers the
 * changes, per question, old and new.
 */
export async function replaceAnswers(
  tx: Transaction,
  {
    orderId,
    attendeeId,
    askedIds,
    sent,
  }: {
    orderId: number;
    attendeeId: number | null;
    askedIds: number[];
    sent: { question_id: number; answer: AnswerValue }[];
  },
): Promise<Change[]> {
  if (askedIds.length === 0) return [];
  const whose = and(
    eq(questionAnswers.orderId, orderId),
    attendeeId === null ? isNull(questionAnswers.attendeeId) : eq(questionAnswers.attendeeId, attendeeId),
    inArray(questionAnswers.questionId, askedIds),
  );
  const before = await tx.select().from(questionAnswers).where(whose);
  const titles = await tx
    .select({ id: questions.id, title: questions.title })
    .from(questions)
    .where(inArray(questions.id, askedIds));
  const changes: Change[] = [];
  for (const id of askedIds) {
    const from = answerText(before.find((a) => a.questionId === id)?.answer);
    const to = answerText(sent.find((a) => a.question_id === id)?.answer);
    if (from !== to)
      changes.push({ field: 'answer', question: titles.find((q) => q.id === id)?.title ?? '', from, to });
  }
  if (changes.length === 0) return [];
  await tx.delete(questionAnswers).where(whose);
  const kept = sent.filter((a) => answerText(a.answer) !== null);
  if (kept.length > 0)
    await tx
      .insert(questionAnswers)
      .values(kept.map((a) => ({ orderId, attendeeId, questionId: a.question_id, answer: a.answer })));
  return changes;
}
