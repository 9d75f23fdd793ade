import type { ServerOptions } from 'node:http';

/**
 * How long a client may take to send a request (docs/decisions/018-rate-limits.md): the whole
 * request within `requestTimeoutMs`, its headers within 15 s of it at most, and no silence on
 * the connection longer than `requestTimeoutMs`. Node checks the first two every few seconds
 * at most, so a slow client is cut off soon after its time is up.
 */
export function serverTimeouts(requestTimeoutMs: number): {
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  const headersTimeout = Math.min(15_000, requestTimeoutMs);
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: requestTimeoutMs,
    http: {
      headersTimeout,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(headersTimeout / 4))),
    },
  };
}
