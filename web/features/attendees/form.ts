import type { CreateAttendeeRequest } from '../../../common/attendees';
import type { TicketType } from '../../../common/tickets';

/** The add-an-attendee form as typed: selects hold ids as strings, empty when nothing is chosen. */
export interface AddAttendeeValues {
  ticket_id: string;
  price_id: string;
  first_name: string;
  last_name: string;
  email: string;
  send_ticket_email: boolean;
}

export const emptyAddAttendee: AddAttendeeValues = {
  ticket_id: '',
  price_id: '',
  first_name: '',
  last_name: '',
  email: '',
  send_ticket_email: true,
};

/** The ticket the form needs to know about: only TIERED tickets take a price (tier). */
export interface TicketChoice {
  id: number;
  type: TicketType;
}

/**
 * The request body of the form: the tier goes only with a TIERED ticket (the API refuses it
 * otherwise); names and e-mail are trimmed as the API would.
 */
export function toCreateRequest(
  values: AddAttendeeValues,
  tickets: readonly TicketChoice[],
): CreateAttendeeRequest {
  const ticketId = Number(values.ticket_id);
  const ticket = tickets.find((candidate) => candidate.id === ticketId);
  const priceId = Number(values.price_id);
  return {
    // An empty choice is left out, so that the shared schema says "required".
    ...(values.ticket_id ? { ticket_id: ticketId } : {}),
    ...(ticket?.type === 'TIERED' && values.price_id ? { price_id: priceId } : {}),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    send_ticket_email: values.send_ticket_email,
  } as CreateAttendeeRequest;
}

/** Whether the chosen ticket needs a tier that is not chosen yet. */
export function missingTier(values: AddAttendeeValues, tickets: readonly TicketChoice[]): boolean {
  const ticket = tickets.find((candidate) => String(candidate.id) === values.ticket_id);
  return ticket?.type === 'TIERED' && values.price_id === '';
}
