import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { clientAddress, limitRequests } from '../../http/rate-limits';

// The limits of "Find my tickets" and of the buyer's resends (decision 056). Fixed here rather
// than configured: they protect mailboxes, not the server, and no organizer needs them higher.

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const HOUR = 60 * MINUTE;

export const LOOKUP_LIMITS = {
  /** Lookups per client address a minute. */
  perAddress: 5,
  /** Lookups of one e-mail address an hour, counted whether or not it has orders. */
  perEmail: 3,
  /** Lookups from one event's page a minute, whoever asks. */
  perEvent: 60,
};

export const RESEND_LIMITS = {
  /** Resends per client address a minute. */
  perAddress: 10,
  /** Confirmations of one order per quarter of an hour. */
  perOrder: 3,
  /** Sends of one ticket per quarter of an hour. */
  perTicket: 3,
};

const param = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return value === undefined ? undefined : String(value);
};

const bodyEmail = (request: FastifyRequest): string | undefined => {
  const value = (request.body as { email?: unknown } | undefined)?.email;
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
};

/** Per client address, per e-mail address (an hour), per event, in that order. */
export function lookupLimits(app: Pick<FastifyInstance, 'createRateLimit'>): preHandlerAsyncHookHandler {
  return limitRequests(app, [
    { name: 'lookup-address', max: LOOKUP_LIMITS.perAddress, key: clientAddress },
    { name: 'lookup-email', max: LOOKUP_LIMITS.perEmail, windowMs: HOUR, key: bodyEmail },
    { name: 'lookup-event', max: LOOKUP_LIMITS.perEvent, key: (r) => param(r, 'id') },
  ]);
}

/** Per client address, then per order (or per ticket), over a quarter of an hour. */
export function resendLimits(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  what: 'order' | 'ticket',
): preHandlerAsyncHookHandler {
  return limitRequests(app, [
    { name: `resend-${what}-address`, max: RESEND_LIMITS.perAddress, key: clientAddress },
    what === 'order'
      ? {
          name: 'resend-order',
          max: RESEND_LIMITS.perOrder,
          windowMs: QUARTER,
          key: (r) => param(r, 'shortId'),
        }
      : {
          name: 'resend-ticket',
          max: RESEND_LIMITS.perTicket,
          windowMs: QUARTER,
          key: (r) => param(r, 'attendeeShortId'),
        },
  ]);
}
