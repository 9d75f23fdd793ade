import { and, eq, inArray } from 'drizzle-orm';
import { VALIDATION } from '../../../common/i18n/validation';
import type { DefaultQuestionKey } from '../../../common/questions';
import type { Db, Transaction } from '../../db/client';
import { questions } from '../../db/schema';
import { fieldError } from '../../http/app-error';

/** The default questions, in the order buyers see them; they sort before every other question. */
const DEFAULTS: { key: DefaultQuestionKey; title: string }[] = [
  { key: 'FIRST_NAME', title: 'First name' },
  { key: 'LAST_NAME', title: 'Last name' },
  { key: 'EMAIL', title: 'E-mail' },
];

/**
 * Gives a new event its default questions (every event has them, decision 005), in the
 * transaction that creates the event.
 */
export async function createDefaultQuestions(
  tx: Transaction,
  accountId: number,
  eventId: number,
): Promise<void> {
  await tx.insert(questions).values(
    DEFAULTS.map((d, i) => ({
      accountId,
      eventId,
      title: d.title,
      type: 'SINGLE_LINE' as const,
      required: true,
      scope: 'PER_ORDER' as const,
      sortOrder: i - DEFAULTS.length,
      defaultKey: d.key,
    })),
  );
}

export async function hasHiddenQuestions(db: Db, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.eventId, eventId), eq(questions.isHidden, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses a ticket design naming a question of another event (or none): 422 on the first such
 * id, so the ticket never prints another event's questions (decision 059).
 */
export async function requireEventQuestions(db: Db, of: { eventId: number; ids: number[] }): Promise<void> {
  if (of.ids.length === 0) return;
  const found = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.eventId, of.eventId), inArray(questions.id, of.ids)));
  const known = new Set(found.map((q) => q.id));
  const index = of.ids.findIndex((id) => !known.has(id));
  if (index >= 0)
    throw fieldError(`settings.ticket_design.question_ids.${index}`, VALIDATION.unknownQuestion);
}
