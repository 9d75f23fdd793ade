import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

/**
 * `/find-tickets/{eventId}`: "Find my tickets", and `/order-link/{eventId}/{token}`: the links
 * of its mail (decision 056), loaded on first visit (see `router.tsx`).
 */
export const orderLookupRoutes: RouteObject[] = [
  {
    path: 'find-tickets/:eventId',
    Component: lazyPage(
      () => import('./FindTicketsPage'),
      (m) => m.FindTicketsPage,
    ),
  },
  {
    path: 'order-link/:eventId/:token',
    Component: lazyPage(
      () => import('./OrderLinkPage'),
      (m) => m.OrderLinkPage,
    ),
  },
];
