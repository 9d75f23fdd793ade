/** The authorization matrix (`../authorization-matrix.ts`): Events and what is in them: tickets, images, dates, promo codes, capacity, questions… */

import type { RouteRule } from '../authorization-rules';
import { fresh, member, order, own, pub, seatingPlan, tax } from './helpers';

export const EVENTS_ROUTES: Record<string, RouteRule> = {
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

  'GET /api/seating-plans': own('member'),
  'POST /api/seating-plans': own('member', seatingPlan),
  'GET /api/seating-plans/{id}': member,
  'GET /api/seating-plans/{id}/export': member,
  'PUT /api/seating-plans/{id}': { access: 'member', body: seatingPlan },
  'DELETE /api/seating-plans/{id}': member,

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
};
