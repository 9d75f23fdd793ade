import type { RouteObject } from 'react-router';

/**
 * `/order/{eventId}/{orderShortId}/print`, `/ticket/{eventId}/{attendeeShortId}` and its
 * `/print`: the buyer's printable pages, found by the router on first visit (see `router.tsx`).
 */
export const orderPageRoutes: RouteObject[] = [
  {
    path: 'order/:eventId/:orderShortId/print',
    lazy: async () => ({ Component: (await import('./OrderPrintPage')).OrderPrintPage }),
  },
  {
    path: 'ticket/:eventId/:attendeeShortId',
    lazy: async () => ({ Component: (await import('./TicketPage')).TicketPage }),
  },
  {
    path: 'ticket/:eventId/:attendeeShortId/print',
    lazy: async () => ({ Component: (await import('./TicketPrintPage')).TicketPrintPage }),
  },
];
