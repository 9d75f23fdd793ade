import type { RouteObject } from 'react-router';

/** `/checkout/{eventId}/{orderShortId}/…`, found by the router on first visit (see `router.tsx`). */
export const checkoutRoutes: RouteObject[] = [];
