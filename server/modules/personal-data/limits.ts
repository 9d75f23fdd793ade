import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { clientAddress, limitRequests } from '../../http/rate-limits';

// The limits of a buyer's data requests and downloads (decision 064). Fixed here rather than
// configured: they protect mailboxes and the database, not the server's throughput.

const HOUR = 60 * 60_000;

export const DATA_REQUEST_LIMITS = {
  /** Requests per client address a minute. */
  perAddress: 5,
  /** Requests for one e-mail address (or one order's) an hour, counted whether or not it has records. */
  perEmail: 3,
  /** Downloads per client address a minute: each reads every record of an address. */
  downloadsPerAddress: 10,
};

const bodyEmail = (request: FastifyRequest): string | undefined => {
  const value = (request.body as { email?: unknown } | undefined)?.email;
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
};

const orderParam = (request: FastifyRequest): string | undefined => {
  const value = (request.params as { shortId?: unknown } | undefined)?.shortId;
  return typeof value === 'string' ? value : undefined;
};

/** Per client address, then per e-mail address (or per order, from the order page) an hour. */
export function dataRequestLimits(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  from: 'email' | 'order',
): preHandlerAsyncHookHandler {
  return limitRequests(app, [
    { name: `data-request-${from}-address`, max: DATA_REQUEST_LIMITS.perAddress, key: clientAddress },
    from === 'email'
      ? { name: 'data-request-email', max: DATA_REQUEST_LIMITS.perEmail, windowMs: HOUR, key: bodyEmail }
      : { name: 'data-request-order', max: DATA_REQUEST_LIMITS.perEmail, windowMs: HOUR, key: orderParam },
  ]);
}

/** Downloads of exports per client address a minute. */
export function dataDownloadLimits(
  app: Pick<FastifyInstance, 'createRateLimit'>,
): preHandlerAsyncHookHandler {
  return limitRequests(app, [
    { name: 'data-download-address', max: DATA_REQUEST_LIMITS.downloadsPerAddress, key: clientAddress },
  ]);
}
