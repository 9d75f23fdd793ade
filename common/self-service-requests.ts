import * as z from 'zod/mini';
import { AnswerInput } from './answers';
import { buyerEmail, buyerFirstName, buyerLastName } from './person-fields';

/**
 * What a buyer sends to change their own order (decision 057): only the details they change,
 * each of them allowed by the event's `self_service` settings. Answers, when sent, are all the
 * answers of the attendee (or of the order), checked as checkout checks them. Written with
 * `zod/mini`, as checkout's schemas are (decision 033).
 */
const changes = {
  first_name: z.optional(buyerFirstName()),
  last_name: z.optional(buyerLastName()),
  email: z.optional(buyerEmail()),
  answers: z.optional(z.array(AnswerInput).check(z.maxLength(100))),
};

/** `PUT /api/public/events/{id}/orders/{shortId}/attendees/{attendeeShortId}` */
export const SelfEditAttendeeRequest = z
  .strictObject(changes)
  .register(z.globalRegistry, { id: 'SelfEditAttendeeRequest' });
export type SelfEditAttendeeRequest = z.input<typeof SelfEditAttendeeRequest>;

/** `PUT /api/public/events/{id}/orders/{shortId}/buyer`: the buyer and the order's own answers. */
export const SelfEditBuyerRequest = z
  .strictObject(changes)
  .register(z.globalRegistry, { id: 'SelfEditBuyerRequest' });
export type SelfEditBuyerRequest = z.input<typeof SelfEditBuyerRequest>;
