import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** What the abuse-limit suites share: addresses, requests from them, and the 429 they expect. */

/** Small limits, so that a test reaches each in a few requests (docs/decisions/018-rate-limits.md). */
export const STRICT_LIMITS = {
  AUTH_RATE_LIMIT_PER_MINUTE: '3',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '5',
  ORDER_RATE_LIMIT_PER_MINUTE: '4',
  ORDER_RATE_LIMIT_PER_EVENT_PER_MINUTE: '6',
  OPEN_ORDERS_PER_ADDRESS: '2',
  PROMO_CODE_RATE_LIMIT_PER_MINUTE: '3',
  PROMO_CODE_RATE_LIMIT_PER_EVENT_PER_MINUTE: '5',
  CHECK_IN_SEARCH_RATE_LIMIT_PER_MINUTE: '3',
};

let addresses = 0;
/** A client address no other test uses (files in one worker share the count). */
export const newAddress = (): string => {
  addresses += 1;
  return `203.0.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

export const send = (t: TestApp, from: string, options: InjectOptions): Promise<LightMyRequestResponse> =>
  t.app.inject({ ...options, remoteAddress: from });

export function expectRateLimited(res: LightMyRequestResponse, code = 'RATE_LIMITED'): void {
  expect(res.statusCode).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
  expect(res.json().code).toBe(code);
}
