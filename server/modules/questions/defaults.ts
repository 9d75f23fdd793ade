import { and, eq } from 'drizzle-orm';
import type { DefaultQuestionKey } from '../../../common/questions';
import type { Db, Transaction } from '../../db/client';
import { questions } from '../../db/schema';

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
