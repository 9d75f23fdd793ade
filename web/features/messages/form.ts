import { i18n } from '@lingui/core';
import { VALIDATION } from '../../../common/i18n/validation';
import {
  CreateMessageRequest,
  MESSAGEABLE_ORDER_STATUSES,
  type MessageScope,
  type MessageScopeType,
} from '../../../common/messages';
import type { OrderStatus } from '../../../common/orders';
import { validateWith } from '../../components/form-errors';
import { zonedToIso } from '../events/datetime';

/** The compose form as typed; `toRequest` turns it into the API's body. */
export interface ComposeValues {
  subject: string;
  /** The editor's HTML, or empty when the editor holds nothing. */
  body: string;
  scope_type: MessageScopeType;
  ticket_ids: string[];
  attendee_ids: string[];
  /** Empty: the API's default (completed orders and orders awaiting payment). */
  order_statuses: OrderStatus[];
  order_id: string | null;
  /** The date whose attendees receive it (issue 36). */
  date_id: string | null;
  send_copy_to_sender: boolean;
  schedule: boolean;
  /** `YYYY-MM-DDTHH:mm` on the event's clock. */
  scheduled_at: string;
  acknowledged_not_promotional: boolean;
}

export const initialComposeValues = (): ComposeValues => ({
  subject: '',
  body: '',
  scope_type: 'ALL_ATTENDEES',
  ticket_ids: [],
  attendee_ids: [],
  order_statuses: [],
  order_id: null,
  date_id: null,
  send_copy_to_sender: false,
  schedule: false,
  scheduled_at: '',
  acknowledged_not_promotional: false,
});

const ids = (values: string[]) => values.map(Number);

export function toScope(v: ComposeValues): MessageScope {
  switch (v.scope_type) {
    case 'ALL_ATTENDEES':
      return { type: 'ALL_ATTENDEES' };
    case 'TICKET_HOLDERS':
      return { type: 'TICKET_HOLDERS', ticket_ids: ids(v.ticket_ids) };
    case 'ATTENDEES':
      return { type: 'ATTENDEES', attendee_ids: ids(v.attendee_ids) };
    case 'ORDER_OWNERS': {
      const statuses = v.order_statuses.filter((status) => MESSAGEABLE_ORDER_STATUSES.includes(status));
      return statuses.length > 0
        ? { type: 'ORDER_OWNERS', order_statuses: statuses }
        : { type: 'ORDER_OWNERS' };
    }
    case 'ORDER_OWNER':
      // A missing order is sent as 0, which the schema refuses on the order field.
      return { type: 'ORDER_OWNER', order_id: Number(v.order_id ?? 0) };
    case 'DATE_ATTENDEES':
      // Likewise a missing date, refused on the date field.
      return { type: 'DATE_ATTENDEES', date_id: Number(v.date_id ?? 0) };
  }
}

/**
 * The request for a real send or, with `test`, for a test to the sender alone (sent now,
 * without the copy). A scheduled time that cannot be read is sent as typed and refused.
 */
export function toRequest(v: ComposeValues, timezone: string, test = false): CreateMessageRequest {
  const scheduled =
    !test && v.schedule && v.scheduled_at ? (zonedToIso(v.scheduled_at, timezone) ?? v.scheduled_at) : null;
  return {
    subject: v.subject,
    body: v.body,
    scope: toScope(v),
    is_test: test,
    send_copy_to_sender: test ? false : v.send_copy_to_sender,
    scheduled_at: scheduled,
    // The schema insists on `true`; `false` is sent as is and refused with its own message.
    acknowledged_not_promotional: v.acknowledged_not_promotional as true,
  };
}

/** Where an error of the request (`scope.ticket_ids.0`, `scope`) shows in the form. */
export function formField(path: string): keyof ComposeValues | '_' {
  const [first, second] = path.split('.');
  if (first === 'scope') {
    if (
      second === 'ticket_ids' ||
      second === 'attendee_ids' ||
      second === 'order_statuses' ||
      second === 'order_id' ||
      second === 'date_id'
    )
      return second;
    return 'scope_type';
  }
  if (first && first in initialComposeValues()) return first as keyof ComposeValues;
  return '_';
}

/** Request errors as form errors: one message per field of the form, the first one. */
export function toFormErrors(errors: Record<string, string | string[]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const message = Array.isArray(messages) ? messages[0] : messages;
    const field = formField(path);
    if (message && result[field] === undefined) result[field] = message;
  }
  return result;
}

/** The shared schema's checks on what the form would send, plus a time for a scheduled send. */
export function validateCompose(v: ComposeValues, timezone: string, test: boolean): Record<string, string> {
  const errors = toFormErrors(validateWith(CreateMessageRequest, () => toRequest(v, timezone, test))(v));
  if (!test && v.schedule && !v.scheduled_at) errors.scheduled_at ??= i18n._(VALIDATION.required);
  if (v.scope_type === 'TICKET_HOLDERS' && errors.ticket_ids)
    errors.ticket_ids = i18n._(VALIDATION.noTicketSelected);
  if (v.scope_type === 'ORDER_OWNER' && v.order_id === null) errors.order_id = i18n._(VALIDATION.required);
  if (v.scope_type === 'DATE_ATTENDEES' && v.date_id === null) errors.date_id = i18n._(VALIDATION.required);
  return errors;
}
