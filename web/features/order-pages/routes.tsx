import type { RouteObject } from 'react-router';

/**
 * `/order/{eventId}/{orderShortId}/print`, `/ticket/{eventId}/{attendeeShortId}` and its
 * `/print`: the buyer's printable pages, found by the router on first visit (see `router.tsx`).
 */
export const orderPageRoutes: RouteObject[] = [];
