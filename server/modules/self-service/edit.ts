import { and, eq } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { SelfEditField } from '../../../common/self-service';
import type { SelfEditAttendeeRequest, SelfEditBuyerRequest } from '../../../common/self-service-requests';
import { allows, selfEditRefusal } from '../../../common/self-service-rules';
import type { Database, Transaction } from '../../db/client';
import { attendees, orders } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { queueAttendeeWebhook } from '../attendee-view/service';
import { recordActivity } from '../orders/activity';
import { appliesTo, askedQuestions, checkAnswers } from '../orders/details';
import { enqueueTicketMail, type Links } from '../orders/mails';
import { type Change, personChanges, replaceAnswers } from './changes';
import { holderRefusal, holdersOf, type OrderContext, orderContext } from './state';

type Changes = z.output<typeof SelfEditAttendeeRequest>;

/** The buyer's order, named by its short id, that is the capability. */
export interface BuyerOrderRef {
  eventId: number;
  shortId: string;
  now?: Date;
}

const EDIT_ERRORS = {
  DISABLED: 'SELF_EDIT_DISABLED',
  DEADLINE_PASSED: 'SELF_EDIT_CLOSED',
  ORDER_NOT_EDITABLE: 'SELF_EDIT_NOT_EDITABLE',
} as const;

/** Locks the order and checks the event's rules allow editing it now and the fields sent. */
async function openForEdit(
  tx: Transaction,
  { ref, fields }: { ref: BuyerOrderRef; fields: SelfEditField[] },
): Promise<OrderContext> {
  const context = await orderContext({ tx, eventId: ref.eventId, shortId: ref.shortId });
  const { order, rules, startsAt } = context;
  const refused = selfEditRefusal(rules, { status: order.status, startsAt, now: ref.now ?? new Date() });
  if (refused) throw new AppError(EDIT_ERRORS[refused]);
  if (fields.some((f) => !allows(rules, f))) throw new AppError('SELF_EDIT_FIELD_NOT_ALLOWED');
  return context;
}

function requireValidAnswers(problems: Record<string, unknown[]>) {
  if (Object.keys(problems).length > 0)
    throw new AppError('VALIDATION_FAILED', { fields: problems as never });
}

/**
 * `PUT …/orders/{shortId}/attendees/{attendeeShortId}`: the buyer corrects who holds a ticket,
 * within the event's rules (decision 057): not a cancelled or checked-in ticket; answers checked
 * as checkout checks them. Each change goes in the order's history (old and new value, by the
 * buyer), `attendee.updated` goes out, and a new address gets the ticket.
 */
export async function editAttendee({
  db,
  ref,
  attendeeShortId,
  input,
  links,
}: {
  db: Database;
  ref: BuyerOrderRef;
  attendeeShortId: string;
  input: Changes;
  links: Links;
}): Promise<void> {
  const sent = {
    ATTENDEE_NAME: input.first_name !== undefined || input.last_name !== undefined,
    ATTENDEE_EMAIL: input.email !== undefined,
    ATTENDEE_ANSWERS: input.answers !== undefined,
  };
  const fields = (Object.keys(sent) as (keyof typeof sent)[]).filter((f) => sent[f]);
  await inTransaction(db, async (tx) => {
    const { order } = await openForEdit(tx, { ref, fields });
    const holder = (await holdersOf(tx, order.id)).find((h) => h.attendee.shortId === attendeeShortId);
    if (!holder) throw new AppError('ATTENDEE_NOT_FOUND');
    const refused = holderRefusal(holder);
    if (refused === 'CANCELLED') throw new AppError('SELF_EDIT_NOT_EDITABLE');
    if (refused === 'CHECKED_IN') throw new AppError('ATTENDEE_CHECKED_IN');
    const { attendee } = holder;
    const asked = (await askedQuestions(tx, ref.eventId)).filter(
      (q) => q.scope === 'PER_ATTENDEE' && appliesTo(q, attendee.ticketId),
    );
    if (input.answers) requireValidAnswers(checkAnswers(asked, input.answers, 'answers'));

    const changes: Change[] = personChanges(attendee, input);
    if (changes.length > 0)
      await tx
        .update(attendees)
        .set({
          firstName: input.first_name ?? attendee.firstName,
          lastName: input.last_name ?? attendee.lastName,
          email: input.email ?? attendee.email,
          updatedAt: new Date(),
        })
        .where(eq(attendees.id, attendee.id));
    if (input.answers)
      changes.push(
        ...(await replaceAnswers(tx, {
          orderId: order.id,
          attendeeId: attendee.id,
          askedIds: asked.map((q) => q.id),
          sent: input.answers,
        })),
      );
    if (changes.length === 0) return;
    await recordActivity(tx, {
      orderId: order.id,
      userId: null,
      kind: 'BUYER_EDITED',
      data: {
        by: 'BUYER',
        attendee: { id: attendee.id, name: `${attendee.firstName} ${attendee.lastName}`.trim() },
        changes,
      },
    });
    await queueAttendeeWebhook(tx, attendee, 'attendee.updated');
    // A new holder's address gets their ticket, once it is one (paid or free, not awaiting payment).
    if (changes.some((c) => c.field === 'email') && attendee.status === 'ACTIVE')
      await enqueueTicketMail({ tx, attendeeId: attendee.id, links, resend: true });
  });
}

/**
 * `PUT …/orders/{shortId}/buyer`: the buyer corrects their own details and the answers to the
 * order's questions, within the event's rules (`BUYER_DETAILS`), logged in the order's history.
 * No webhook exists for an order's details; the organizer sees the change in the history.
 */
export async function editBuyer({
  db,
  ref,
  input,
}: {
  db: Database;
  ref: BuyerOrderRef;
  input: z.output<typeof SelfEditBuyerRequest>;
}): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { order } = await openForEdit(tx, { ref, fields: ['BUYER_DETAILS'] });
    const asked = (await askedQuestions(tx, ref.eventId)).filter((q) => q.scope === 'PER_ORDER');
    if (input.answers) requireValidAnswers(checkAnswers(asked, input.answers, 'answers'));
    const changes = personChanges(order, input);
    if (changes.length > 0)
      await tx
        .update(orders)
        .set({
          firstName: input.first_name ?? order.firstName,
          lastName: input.last_name ?? order.lastName,
          email: input.email ?? order.email,
          updatedAt: new Date(),
        })
        .where(and(eq(orders.id, order.id)));
    if (input.answers)
      changes.push(
        ...(await replaceAnswers(tx, {
          orderId: order.id,
          attendeeId: null,
          askedIds: asked.map((q) => q.id),
          sent: input.answers,
        })),
      );
    if (changes.length === 0) return;
    await recordActivity(tx, {
      orderId: order.id,
      userId: null,
      kind: 'BUYER_EDITED',
      data: { by: 'BUYER', changes },
    });
  });
}
