/**
 * Who may call each route of the API, as data: `authorization.test.ts` reads the OpenAPI
 * document and fails on a route this table does not name, or names but the API no longer has.
 * A new route gets an entry here (and, if it takes ids, a way to fill them in `PARAMS`).
 *
 * The roles come from `common/permissions.ts`: ADMINs may do everything, ORGANIZERs only events
 * and what is in them (tickets, orders, attendees, check-in…), not users, account settings,
 * taxes or payments (docs/architecture.md, "Data rules" for scoping).
 */

import type { Access, RouteRule } from './authorization-rules';

let unique = 0;
const fresh = (name: string) => `${name}.${++unique}.${Date.now()}@example.com`;
const PASSWORD = 'correct horse battery';
const person = (email: string) => ({ first_name: 'Rosa', last_name: 'Parks', email });
const tax = { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '23' };

const member: RouteRule = { access: 'member' };
const own = (access: Access, body?: RouteRule['body']): RouteRule => ({ access, reach: 'caller', body });
const pub = (answers: number, body?: RouteRule['body']): RouteRule => ({ access: 'public', answers, body });
const order = (answers: number, body?: RouteRule['body']): RouteRule => ({
  ...pub(answers, body),
  showsOrder: true,
});
const self: RouteRule = { access: 'self', person: true };
const personal = (rule: RouteRule): RouteRule => ({ ...rule, person: true });

export const AUTHORIZATION_MATRIX: Record<string, RouteRule> = {
  'GET /api/health': pub(200),

  'POST /api/auth/register': pub(201, () => ({
    ...person(fresh('newcomer')),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accept_terms: true,
  })),
  'POST /api/auth/login': pub(401, () => ({ email: 'nobody@example.com', password: PASSWORD })),
  'POST /api/auth/logout': { access: 'member', reach: 'session', person: true },
  'POST /api/auth/forgot-password': pub(200, () => ({ email: 'nobody@example.com' })),
  'GET /api/auth/reset-password/{token}': pub(410),
  'POST /api/auth/reset-password/{token}': pub(410, () => ({
    password: PASSWORD,
    password_confirmation: PASSWORD,
  })),
  'GET /api/auth/invitations/{token}': pub(410),
  'POST /api/auth/invitations/{token}': pub(410, () => ({
    first_name: 'Rosa',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accept_terms: true,
  })),

  'GET /api/users/me': personal(own('member')),
  'PUT /api/users/me': personal(own('member', () => ({ first_name: 'Renamed' }))),
  'GET /api/users': own('admin'),
  'POST /api/users': own('admin', () => ({ email: fresh('invitee'), role: 'ORGANIZER' })),
  'GET /api/users/{id}': { access: 'admin' },
  'PUT /api/users/{id}': {
    access: 'admin',
    params: (w) => ({ id: w.organizerUserId }),
    body: () => ({ role: 'ADMIN' }),
  },
  'POST /api/users/{id}/invitation': { access: 'admin', params: (w) => ({ id: w.invitedUserId }) },
  'DELETE /api/users/{id}/invitation': { access: 'admin', params: (w) => ({ id: w.invitedUserId }) },
  'POST /api/users/{id}/confirm-email/{token}': self,
  'POST /api/users/{id}/resend-email-confirmation': self,
  'POST /api/users/{id}/email-change/{token}': self,
  'DELETE /api/users/{id}/email-change': self,

  'GET /api/accounts/current': own('member'),
  'PUT /api/accounts/current': own('admin', () => ({ name: 'Renamed account' })),
  'GET /api/accounts/current/event-defaults': own('member'),
  'PUT /api/accounts/current/event-defaults': own('admin', () => ({ allow_search_indexing: false })),
  'GET /api/accounts/current/mail-templates': own('admin'),
  'PUT /api/accounts/current/mail-templates/{kind}/{locale}': own('admin', () => ({
    subject: 'Hi {{ event.title }}',
    body_html: '<p>Hello {{ event.title }}</p>',
  })),
  'DELETE /api/accounts/current/mail-templates/{kind}/{locale}': own('admin'),
  'POST /api/accounts/current/mail-templates/preview': own('admin', () => ({
    kind: 'order_confirmation',
    locale: 'de',
    body_html: '<p>Hello {{ buyer.first_name }}</p>',
  })),
  'POST /api/accounts/current/mail-templates/test': {
    ...own('admin', () => ({
      kind: 'order_confirmation',
      locale: 'de',
      body_html: '<p>Hello {{ buyer.first_name }}</p>',
    })),
    person: true,
  },
  'GET /api/accounts/current/invoice-settings': own('admin'),
  'PUT /api/accounts/current/invoice-settings': own('admin', () => ({
    enabled: false,
    legal_name: 'Riverside Events Lda',
    address: 'Rua do Rio 1, Lisboa',
  })),
  'GET /api/accounts/current/invoices': own('admin'),
  'GET /api/accounts/current/invoices/export': own('admin'),
  // This month's PDFs (the world's invoice is of this month); another account gets its own, none.
  'GET /api/accounts/current/invoices/zip': own('admin'),
  'GET /api/accounts/payment': own('admin'),
  'POST /api/accounts/payment/stripe/connect': own('admin'),
  'GET /api/accounts/billing': own('admin'),
  // A month without the caller's card payments has no statement: 404, like another account's id.
  'GET /api/accounts/billing/statements/{month}.csv': { access: 'admin' },
  'GET /api/accounts/current/reports/{report}': {
    ...own('admin'),
    params: () => ({ report: 'revenue-by-month' }),
  },
  'GET /api/accounts/current/reports/{report}/export': {
    ...own('admin'),
    params: () => ({ report: 'revenue-by-month' }),
  },

  'GET /api/api-keys': personal(own('admin')),
  'POST /api/api-keys': personal(own('admin', () => ({ name: 'Door system', role: 'ORGANIZER' }))),
  'POST /api/api-keys/{keyId}/revoke': personal({ access: 'admin' }),

  'GET /api/webhooks': own('admin'),
  'POST /api/webhooks': own('admin', () => ({
    url: 'https://hooks.example.com/tessera',
    event_types: ['order.completed'],
  })),
  'GET /api/webhooks/{webhookId}': { access: 'admin' },
  'PUT /api/webhooks/{webhookId}': { access: 'admin', body: () => ({ active: false }) },
  'DELETE /api/webhooks/{webhookId}': { access: 'admin' },
  'POST /api/webhooks/{webhookId}/test': { access: 'admin' },
  'GET /api/webhooks/{webhookId}/deliveries': { access: 'admin' },
  'POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/resend': { access: 'admin' },

  'GET /api/organizers': own('member'),
  'POST /api/organizers': own('member', () => ({ name: 'Another organizer' })),
  'GET /api/organizers/{id}': member,
  'PUT /api/organizers/{id}': { access: 'member', body: () => ({ name: 'Renamed organizer' }) },
  'GET /api/organizers/{id}/events': member,
  'GET /api/public/organizers/{id}/events': pub(200),
  // The first account's organizer has no homepage address.
  'GET /api/public/organizer-pages/{slug}': { ...pub(404), params: () => ({ slug: 'no-such-page' }) },

  'GET /api/events': own('member'),
  'POST /api/events': {
    access: 'member',
    body: (w) => ({ title: 'Copycat', start_date: '2031-06-01T20:00:00Z', organizer_id: w.organizerId }),
  },
  'GET /api/events/{id}': member,
  'PUT /api/events/{id}': { access: 'member', body: () => ({ title: 'Renamed event' }) },
  'PUT /api/events/{id}/status': { access: 'member', body: () => ({ status: 'LIVE' }) },
  'POST /api/events/{id}/duplicate': { access: 'member', body: () => ({}) },
  'GET /api/events/{id}/stats': member,
  'GET /api/events/{id}/reports/{report}': member,
  'GET /api/events/{id}/reports/{report}/export': member,
  'GET /api/public/events/{id}': pub(200),
  'GET /api/public/events/{id}/calendar.ics': pub(200),
  'GET /api/public/events/{id}/logo.png': pub(404),

  'GET /api/events/{id}/images': member,
  'POST /api/events/{id}/images': { access: 'member', upload: true },
  'DELETE /api/events/{id}/images/{imageId}': member,

  'GET /api/taxes-and-fees': own('member'),
  'POST /api/taxes-and-fees': own('admin', () => tax),
  'PUT /api/taxes-and-fees/{id}': { access: 'admin', body: () => tax },
  'DELETE /api/taxes-and-fees/{id}': { access: 'admin' },

  'GET /api/events/{id}/tickets': member,
  'POST /api/events/{id}/tickets': { access: 'member', body: () => ({ title: 'Late entry', type: 'FREE' }) },
  'POST /api/events/{id}/tickets/sort': {
    access: 'member',
    body: (w) => ({ ticket_ids: [w.hiddenTicketId, w.ticketId] }),
  },
  'GET /api/events/{id}/tickets/{ticketId}': member,
  'PUT /api/events/{id}/tickets/{ticketId}': {
    access: 'member',
    body: () => ({ title: 'General admission', type: 'FREE' }),
  },
  'DELETE /api/events/{id}/tickets/{ticketId}': member,
  'GET /api/public/events/{id}/tickets': pub(200),
  'GET /api/events/{id}/public-tickets': member,
  'GET /api/events/{id}/categories': member,
  'POST /api/events/{id}/categories': { access: 'member', body: () => ({ name: 'Merchandise' }) },
  'POST /api/events/{id}/categories/sort': {
    access: 'member',
    body: (w) => ({ category_ids: [w.categoryId] }),
  },
  'PUT /api/events/{id}/categories/{categoryId}': { access: 'member', body: () => ({ name: 'Drinks' }) },
  'DELETE /api/events/{id}/categories/{categoryId}': member,

  'GET /api/events/{id}/promo-codes': member,
  'POST /api/events/{id}/promo-codes': {
    access: 'member',
    body: () => ({ code: 'TAKEN', discount_type: 'PERCENTAGE', discount: '50' }),
  },
  'GET /api/events/{id}/promo-codes/{codeId}': member,
  'PUT /api/events/{id}/promo-codes/{codeId}': {
    access: 'member',
    body: (w) => ({ code: w.promoCode, discount_type: 'PERCENTAGE', discount: '100' }),
  },
  'DELETE /api/events/{id}/promo-codes/{codeId}': member,
  'GET /api/public/events/{id}/promo-codes/{code}': pub(200),

  'GET /api/events/{id}/waitlist': member,
  'GET /api/events/{id}/waitlist/export': member,
  'POST /api/events/{id}/waitlist/{entryId}/offer': member,
  'DELETE /api/events/{id}/waitlist/{entryId}': member,
  // The ticket is on sale: the list is not open (409), whatever the caller.
  'POST /api/public/events/{id}/waitlist': pub(409, (w) => ({
    ticket_id: w.ticketId,
    first_name: 'Rosa',
    last_name: 'Parks',
    email: fresh('waiting'),
  })),
  'GET /api/public/events/{id}/waitlist/{token}': order(200),
  'DELETE /api/public/events/{id}/waitlist/{token}': order(200),
  'GET /api/events/{id}/affiliates': member,
  'POST /api/events/{id}/affiliates': {
    access: 'member',
    body: () => ({ name: 'Radio Harbour', code: 'RADIO', email: 'radio@example.com' }),
  },
  'GET /api/events/{id}/affiliates/export': member,
  'GET /api/events/{id}/affiliates/{affiliateId}': member,
  'PUT /api/events/{id}/affiliates/{affiliateId}': {
    access: 'member',
    body: () => ({ name: 'Radio Harbour', code: 'RADIO', status: 'INACTIVE' }),
  },
  'DELETE /api/events/{id}/affiliates/{affiliateId}': member,

  'GET /api/events/{id}/capacity-assignments': member,
  'POST /api/events/{id}/capacity-assignments': {
    access: 'member',
    body: (w) => ({ name: 'Room', capacity: 100, ticket_ids: [w.ticketId] }),
  },
  'GET /api/events/{id}/capacity-assignments/{assignmentId}': member,
  'PUT /api/events/{id}/capacity-assignments/{assignmentId}': {
    access: 'member',
    body: (w) => ({ name: 'Room', capacity: 500, ticket_ids: [w.ticketId] }),
  },
  'DELETE /api/events/{id}/capacity-assignments/{assignmentId}': member,

  'GET /api/events/{id}/dates': member,
  'POST /api/events/{id}/dates': {
    access: 'member',
    body: () => ({ starts_at: '2031-06-02T19:00:00Z', ends_at: '2031-06-02T21:00:00Z', label: 'Matinee' }),
  },
  'POST /api/events/{id}/dates/rule': {
    access: 'member',
    body: () => ({
      frequency: 'WEEKLY',
      weekdays: ['TU', 'TH'],
      from: '2031-09-02',
      until: '2031-09-30',
      start_time: '19:00',
      end_time: '21:00',
    }),
  },
  'PUT /api/events/{id}/date-rules/{ruleId}': { access: 'member', body: () => ({ label: 'Weekly' }) },
  'GET /api/events/{id}/dates/{dateId}': member,
  'PUT /api/events/{id}/dates/{dateId}': {
    access: 'member',
    body: () => ({ starts_at: '2031-06-01T19:00:00Z', ends_at: '2031-06-01T22:00:00Z' }),
  },
  'DELETE /api/events/{id}/dates/{dateId}': member,
  'GET /api/events/{id}/dates/{dateId}/tickets': member,
  'PUT /api/events/{id}/dates/{dateId}/tickets/{ticketId}': {
    access: 'member',
    body: () => ({ quantity_available: 40, price: 1500 }),
  },
  'GET /api/public/events/{id}/dates': pub(200),
  'POST /api/events/{id}/dates/{dateId}/cancel': {
    access: 'member',
    params: (w) => ({ id: w.draftEventId, dateId: w.spareDateId }),
    body: () => ({ action: 'REFUND', subject: 'This night is off', message: 'We are sorry.' }),
  },
  'GET /api/events/{id}/dates/{dateId}/cancellation': {
    access: 'member',
    params: (w) => ({ id: w.draftEventId, dateId: w.cancelledDateId }),
  },
  'POST /api/events/{id}/date-rules/{ruleId}/cancel': {
    access: 'member',
    body: () => ({ subject: 'The autumn nights are off', message: 'We are sorry.' }),
  },

  'GET /api/events/{id}/questions': member,
  'POST /api/events/{id}/questions': {
    access: 'member',
    body: () => ({ title: 'Shoe size', type: 'SINGLE_LINE' }),
  },
  'POST /api/events/{id}/questions/sort': {
    access: 'member',
    body: (w) => ({ question_ids: [w.questionId] }),
  },
  'GET /api/events/{id}/questions/{questionId}': member,
  'PUT /api/events/{id}/questions/{questionId}': {
    access: 'member',
    body: () => ({ title: 'Diet', type: 'SINGLE_LINE' }),
  },
  'DELETE /api/events/{id}/questions/{questionId}': member,
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
