/**
 * Who may call each route of the API, as data: `authorization.test.ts` reads the OpenAPI
 * document and fails on a route this table does not name, or names but the API no longer has.
 * A new route gets an entry here (and, if it takes ids, a way to fill them in `PARAMS`).
 *
 * The roles come from `common/permissions.ts`: ADMINs may do everything, ORGANIZERs only events
 * and what is in them (tickets, orders, attendees, check-in…), not users, account settings,
 * taxes or payments (docs/architecture.md, "Data rules" for scoping).
 */

import { ACCOUNT_ROUTES } from './authorization/account';
import { EVENTS_ROUTES } from './authorization/events';
import { ORDERS_ROUTES } from './authorization/orders';
import type { RouteRule } from './authorization-rules';

/** Every route, one area file each: `authorization/account.ts`, `events.ts`, `orders.ts`. */
export const AUTHORIZATION_MATRIX: Record<string, RouteRule> = {
  ...ACCOUNT_ROUTES,
  ...EVENTS_ROUTES,
  ...ORDERS_ROUTES,
};
