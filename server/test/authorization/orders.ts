/** The authorization matrix (`../authorization-matrix.ts`): Buyers' routes, orders, attendees, reports and check-in. */

import type { RouteRule } from '../authorization-rules';
import { member, order, person, pub } from './helpers';

export const ORDERS_ROUTES: Record<string, RouteRule> = {
  'GET /api/public/events/{id}/questions': pub(200),

  'POST /api/public/events/{id}/orders': pub(201, (w) => ({
    tickets: [{ ticket_id: w.ticketId, quantity: 1 }],
  })),
  'GET /api/public/events/{id}/orders/{shortId}': order(200),
  'PUT /api/public/events/{id}/orders/{shortId}': order(409, (w) => ({
    ...person(w.orderEmail),
    attendees: [],
  })),
  'POST /api/public/events/{id}/orders/{shortId}/abandon': order(409),
  'POST /api/public/events/{id}/orders/{shortId}/extend': order(409),
  'POST /api/public/events/{id}/orders/{shortId}/complete': order(409, () => ({})),
  'POST /api/public/events/{id}/orders/{shortId}/stripe/payment-intent': order(409),
  'POST /api/public/events/{id}/orders/{shortId}/stripe/refresh': order(204),
  // A buyer's own changes (decision 057): the first account's event allows none of them.
  'GET /api/public/events/{id}/orders/{shortId}/self-service': order(200),
  'PUT /api/public/events/{id}/orders/{shortId}/attendees/{attendeeShortId}': order(403, () => ({
    first_name: 'Rosa',
  })),
  'PUT /api/public/events/{id}/orders/{shortId}/buyer': order(403, () => ({ first_name: 'Rosa' })),
  'POST /api/public/events/{id}/orders/{shortId}/cancel': order(403),
  'POST /api/public/events/{id}/orders/{shortId}/resend': order(202),
  'POST /api/public/events/{id}/orders/{shortId}/attendees/{attendeeShortId}/resend': order(202),
  // Answers the same whoever asks and whatever the address has (decision 056).
  'POST /api/public/events/{id}/order-lookup': pub(202, () => ({ email: 'nobody@example.com' })),
  'GET /api/public/order-links/{token}': { ...pub(410), params: () => ({ token: 'x'.repeat(22) }) },
  // A buyer's data (decision 064): the same answer whatever the address has; an unknown link is 410.
  'POST /api/public/data-requests': pub(202, () => ({ email: 'nobody@example.com' })),
  'POST /api/public/events/{id}/orders/{shortId}/data-request': order(202),
  'GET /api/public/data-exports/{token}': { ...pub(410), params: () => ({ token: 'x'.repeat(22) }) },
  'GET /api/public/events/{id}/attendees/{shortId}': order(200),
  'GET /api/public/events/{id}/attendees/{shortId}/qr.svg': order(200),
  'GET /api/public/events/{id}/attendees/{shortId}/ticket.pdf': order(200),
  'GET /api/public/events/{id}/orders/{shortId}/tickets.pdf': order(200),
  'GET /api/public/events/{id}/orders/{shortId}/invoices/{invoiceId}/pdf': order(200),
  // The sweep's server makes passes for both wallets (a test kit's credentials).
  'GET /api/public/events/{id}/attendees/{shortId}/wallet.pkpass': order(200),
  'GET /api/public/events/{id}/attendees/{shortId}/wallet/google': order(302),

  'GET /api/events/{id}/orders': member,
  'GET /api/events/{id}/orders/export': member,
  'GET /api/events/{id}/orders/{orderId}': member,
  'PUT /api/events/{id}/orders/{orderId}': { access: 'member', body: () => person('taken.over@example.com') },
  'GET /api/events/{id}/orders/{orderId}/invoices': member,
  'GET /api/events/{id}/orders/{orderId}/invoices/{invoiceId}/pdf': member,
  'GET /api/events/{id}/invoices': member,
  'GET /api/events/{id}/invoices/export': member,
  'GET /api/events/{id}/invoices/zip': member,
  'POST /api/events/{id}/orders/{orderId}/mark-paid': member,
  'POST /api/events/{id}/orders/{orderId}/cancel': {
    access: 'member',
    body: () => ({ notify_buyer: false }),
  },
  'POST /api/events/{id}/orders/{orderId}/resend': member,
  'POST /api/events/{id}/orders/{orderId}/notes': { access: 'member', body: () => ({ note: 'Was here' }) },
  'POST /api/events/{id}/orders/{orderId}/refund': { access: 'member', body: () => ({ amount: 100 }) },
  'POST /api/events/{id}/orders/{orderId}/offline-refunds': {
    access: 'member',
    body: () => ({ amount: 100, note: 'Cash back at the box office' }),
  },

  'GET /api/events/{id}/attendees': member,
  'POST /api/events/{id}/attendees': {
    access: 'member',
    body: (w) => ({ ticket_id: w.ticketId, ...person('walk.in@example.com'), send_ticket_email: false }),
  },
  'GET /api/events/{id}/attendees/export': member,
  'GET /api/events/{id}/attendees/{attendeeId}': member,
  'PUT /api/events/{id}/attendees/{attendeeId}': {
    access: 'member',
    body: () => person('taken.over@example.com'),
  },
  'POST /api/events/{id}/attendees/{attendeeId}/cancel': member,
  'POST /api/events/{id}/attendees/{attendeeId}/reactivate': member,
  'POST /api/events/{id}/attendees/{attendeeId}/resend': member,

  'GET /api/events/{id}/messages': member,
  'POST /api/events/{id}/messages': {
    access: 'member',
    body: () => ({
      subject: 'Doors open at seven',
      body: '<p>See you there.</p>',
      scope: { type: 'ALL_ATTENDEES' },
      is_test: true,
      acknowledged_not_promotional: true,
    }),
  },
  'POST /api/events/{id}/messages/preview': {
    access: 'member',
    body: () => ({
      subject: 'Hello {{attendee_name}}',
      body: '<p>See you at {{event_title}}.</p>',
      scope: { type: 'ALL_ATTENDEES' },
    }),
  },
  'GET /api/events/{id}/messages/{messageId}': member,
  'GET /api/events/{id}/messages/{messageId}/recipients': member,
  'DELETE /api/events/{id}/messages/{messageId}': member,
  'GET /api/events/{id}/mail-templates': member,
  'PUT /api/events/{id}/mail-templates/{kind}/{locale}': {
    ...member,
    body: () => ({ subject: 'Hi {{ event.title }}', body_html: '<p>Hello {{ event.title }}</p>' }),
  },
  'DELETE /api/events/{id}/mail-templates/{kind}/{locale}': member,
  'POST /api/events/{id}/ticket-design/preview': {
    ...member,
    body: () => ({
      design: {
        show_logo: true,
        accent_color: '#0b6e4f',
        show_price: false,
        show_buyer: false,
        question_ids: [],
        free_text: 'Doors at seven.',
        footer: null,
      },
    }),
  },
  'POST /api/events/{id}/mail-templates/preview': {
    ...member,
    body: () => ({
      kind: 'order_confirmation',
      locale: 'de',
      body_html: '<p>Hello {{ buyer.first_name }}</p>',
    }),
  },
  'POST /api/events/{id}/mail-templates/test': {
    ...member,
    person: true,
    body: () => ({
      kind: 'order_confirmation',
      locale: 'de',
      body_html: '<p>Hello {{ buyer.first_name }}</p>',
    }),
  },

  'GET /api/events/{id}/check-in-lists': member,
  'POST /api/events/{id}/check-in-lists': {
    access: 'member',
    body: (w) => ({ name: 'Side door', ticket_ids: [w.ticketId] }),
  },
  'GET /api/events/{id}/check-in-lists/{listId}': member,
  'PUT /api/events/{id}/check-in-lists/{listId}': {
    access: 'member',
    body: (w) => ({ name: 'Main door', ticket_ids: [w.ticketId] }),
  },
  'DELETE /api/events/{id}/check-in-lists/{listId}': member,
  'POST /api/events/{id}/check-in-lists/{listId}/link': member,
  'GET /api/events/{id}/check_in_stats': member,
  'GET /api/public/check-in-lists/{shortId}': pub(200),
  'GET /api/public/check-in-lists/{shortId}/attendees': pub(200),
  'POST /api/public/check-in-lists/{shortId}/check-ins': pub(201, (w) => ({ attendee_id: w.attendeeId })),
  'DELETE /api/public/check-in-lists/{shortId}/check-ins/{checkInId}': pub(200),

  'POST /api/public/webhooks/stripe': pub(400),
};
