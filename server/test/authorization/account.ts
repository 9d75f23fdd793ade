/** The authorization matrix (`../authorization-matrix.ts`): Sign-in, people, the account, API keys, webhooks and organizers. */

import { type RouteRule, UNKNOWN_TOKEN } from '../authorization-rules';
import { fresh, member, own, PASSWORD, person, personal, pub, self } from './helpers';

/** Well-formed WebAuthn answers to challenges never handed out (decision 066). */
const passkeyAnswer = {
  challenge: 'x'.repeat(43),
  response: {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
  },
};
const passkeyAssertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};

export const ACCOUNT_ROUTES: Record<string, RouteRule> = {
  'GET /api/health': pub(200),

  'POST /api/auth/register': pub(201, () => ({
    ...person(fresh('newcomer')),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    accept_terms: true,
  })),
  'POST /api/auth/login': pub(401, () => ({ email: 'nobody@example.com', password: PASSWORD })),
  'POST /api/auth/login/continue': pub(410, () => ({ ticket: 'x'.repeat(43), code: '123456' })),
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
  // A wrong password: nobody's login is deleted by the sweep (422 is an answer past the checks).
  'POST /api/users/me/deletion': personal(own('member', () => ({ password: 'not the password' }))),
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
  'GET /api/accounts/current/security-events': own('admin'),
  'GET /api/accounts/current/security': own('member'),
  'PUT /api/accounts/current/security': own('admin', () => ({ require_two_factor: false })),
  'GET /api/users/me/two-factor': personal(own('member')),
  'POST /api/users/me/two-factor/totp': personal(own('member')),
  'POST /api/users/me/two-factor/totp/confirm': personal(own('member', () => ({ code: '000000' }))),
  'POST /api/users/me/two-factor/totp/disable': personal(own('member', () => ({ password: PASSWORD }))),
  'POST /api/users/me/two-factor/recovery-codes': personal(own('member', () => ({ password: PASSWORD }))),
  'GET /api/users/me/passkeys': personal(own('member')),
  'POST /api/users/me/passkeys/registration-options': personal(own('member')),
  'POST /api/users/me/passkeys': personal(own('member', () => passkeyAnswer)),
  // Another user's passkey is a 404, whichever account they are in.
  'PUT /api/users/me/passkeys/{id}': personal({ access: 'member', body: () => ({ name: 'Mine now' }) }),
  'DELETE /api/users/me/passkeys/{id}': personal(member),
  'POST /api/auth/passkeys/options': pub(410, () => ({ ticket: 'x'.repeat(43) })),
  'POST /api/auth/passkeys/login': pub(410, () => ({
    challenge: 'x'.repeat(43),
    response: passkeyAssertion,
  })),
  'GET /api/users/me/sessions': personal(own('member')),
  // Another user's session is a 404; ending the caller's other sessions touches only theirs.
  'DELETE /api/users/me/sessions/{id}': personal(member),
  'POST /api/users/me/sessions/end-others': personal(own('member')),
  'GET /api/accounts/current/deletion': own('admin'),
  'POST /api/accounts/current/deletion': personal(own('admin', () => ({ password: 'not the password' }))),
  'POST /api/accounts/current/deletion/confirm': personal(own('admin', () => ({ token: UNKNOWN_TOKEN }))),
  'DELETE /api/accounts/current/deletion': own('admin'),
  // Names the account's buyer: another account's member gets 404 (decision 064). A person only.
  'POST /api/accounts/current/erasures': personal({
    access: 'admin',
    body: (w) => ({ email: w.orderEmail }),
  }),
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
  'GET /api/organizers/{id}/images': member,
  'POST /api/organizers/{id}/images': { access: 'member', upload: true },
  'DELETE /api/organizers/{id}/images/{imageId}': member,
  'POST /api/organizers/{id}/homepage-preview': {
    access: 'member',
    body: () => ({ design: { primary_color: '#224466' } }),
  },
  'GET /api/public/organizers/{id}/events': pub(200),
  // The first account's organizer has no homepage address.
  'GET /api/public/organizer-pages/{slug}': { ...pub(404), params: () => ({ slug: 'no-such-page' }) },
};
