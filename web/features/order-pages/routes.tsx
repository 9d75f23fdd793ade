import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

/**
 * `/order/{eventId}/{orderShortId}/print`, `/ticket/{eventId}/{attendeeShortId}` and its
 * `/print`: the buyer's printable pages, loaded on first visit (see `router.tsx`).
 */
export const orderPageRoutes: RouteObject[] = [
  {
    path: 'order/:eventId/:orderShortId/print',
    Component: lazyPage(
      () => import('./OrderPrintPage'),
      (m) => m.OrderPrintPage,
    ),
  },
  {
    path: 'ticket/:eventId/:attendeeShortId',
    Component: lazyPage(
      () => import('./TicketPage'),
      (m) => m.TicketPage,
    ),
  },
  {
    path: 'ticket/:eventId/:attendeeShortId/print',
    Component: lazyPage(
      () => import('./TicketPrintPage'),
      (m) => m.TicketPrintPage,
    ),
  },
];
