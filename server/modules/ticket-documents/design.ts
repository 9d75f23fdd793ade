import { and, eq, inArray } from 'drizzle-orm';
import { answerText } from '../../../common/answers';
import type { EventSettings } from '../../../common/events';
import type { PublicTicketHolderResponse } from '../../../common/public-attendees';
import { type TicketDesign, textOn, ticketAccent } from '../../../common/ticket-design';
import type { Db } from '../../db/client';
import { questionAnswers, questions } from '../../db/schema';

/** One holder's answers to the design's questions, in the design's order. */
export type DesignAnswers = (attendeeId: number) => { question: string; answer: string }[];

/**
 * The answers a ticket shows (decision 059): for each question the design names, the holder's
 * own answer, else the order's (a question asked once per order); unanswered ones are left out.
 */
export async function designAnswers(
  db: Db,
  { orderId, design }: { orderId: number; design: TicketDesign },
): Promise<DesignAnswers> {
  const ids = design.question_ids;
  if (ids.length === 0) return () => [];
  const rows = await db
    .select({
      questionId: questionAnswers.questionId,
      attendeeId: questionAnswers.attendeeId,
      answer: questionAnswers.answer,
      title: questions.title,
    })
    .from(questionAnswers)
    .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
    .where(and(eq(questionAnswers.orderId, orderId), inArray(questionAnswers.questionId, ids)));
  return (attendeeId) =>
    ids.flatMap((id) => {
      const row =
        rows.find((r) => r.questionId === id && r.attendeeId === attendeeId) ??
        rows.find((r) => r.questionId === id && r.attendeeId === null);
      const text = row ? answerText(row.answer) : null;
      return row && text ? [{ question: row.title, answer: text }] : [];
    });
}

/** The ticket design as the ticket page shows it (`PublicTicketHolderResponse.design`). */
export async function ticketPageDesign(
  db: Db,
  of: { orderId: number; attendeeId: number; buyer: string; settings: EventSettings },
): Promise<PublicTicketHolderResponse['design']> {
  const design = of.settings.ticket_design;
  const accent = ticketAccent(design, of.settings.homepage_primary_color);
  const answers = await designAnswers(db, { orderId: of.orderId, design });
  return {
    accent_color: accent,
    on_accent_color: textOn(accent),
    buyer_name: design.show_buyer && of.buyer.trim() ? of.buyer.trim() : null,
    answers: answers(of.attendeeId),
    free_text: design.free_text,
    footer: design.footer,
  };
}
