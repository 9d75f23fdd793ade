import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WebhookDeliveryStatus, WebhookDeliveryType, WebhookEventType } from '../../../common/webhooks';

/** Where the API reference explains webhooks and how to verify a delivery's signature. */
export const WEBHOOKS_REFERENCE = '/api/docs#/webhooks';

/** Each type a delivery can carry, in words (its code is shown beside it). */
export const WEBHOOK_TYPE_LABELS: Record<WebhookDeliveryType, MessageDescriptor> = {
  'checkout.started': msg`Checkout started`,
  'order.created': msg`Order placed`,
  'order.completed': msg`Order completed`,
  'order.cancelled': msg`Order cancelled`,
  'order.refunded': msg`Order refunded`,
  'attendee.created': msg`Attendee added`,
  'attendee.updated': msg`Attendee details changed`,
  'attendee.cancelled': msg`Attendee’s ticket cancelled`,
  'attendee.checked_in': msg`Attendee checked in`,
  'ticket.created': msg`Ticket type created`,
  'ticket.updated': msg`Ticket type changed`,
  'product.created': msg`Product created`,
  'product.updated': msg`Product changed`,
  'event.updated': msg`Event changed`,
  'date.cancelled': msg`Date cancelled`,
  'invoice.issued': msg`Invoice issued`,
  'credit_note.issued': msg`Credit note issued`,
  'webhook.test': msg`Test event`,
};

/** The event types by what they are about, as the form groups its checkboxes. */
export const WEBHOOK_TYPE_GROUPS: { label: MessageDescriptor; types: WebhookEventType[] }[] = [
  {
    label: msg`Orders`,
    types: ['checkout.started', 'order.created', 'order.completed', 'order.cancelled', 'order.refunded'],
  },
  {
    label: msg`Attendees`,
    types: ['attendee.created', 'attendee.updated', 'attendee.cancelled', 'attendee.checked_in'],
  },
  {
    label: msg`Tickets, products and event`,
    types: [
      'ticket.created',
      'ticket.updated',
      'product.created',
      'product.updated',
      'event.updated',
      'date.cancelled',
    ],
  },
  { label: msg`Invoices`, types: ['invoice.issued', 'credit_note.issued'] },
];

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  DELIVERED: msg`Delivered`,
  FAILED: msg`Failed`,
};

/** The label of a type the server sent, which this build may not know yet. */
export function typeLabel(type: string): MessageDescriptor | null {
  return type in WEBHOOK_TYPE_LABELS ? WEBHOOK_TYPE_LABELS[type as WebhookDeliveryType] : null;
}
