import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

/**
 * `/waitlist/{eventId}/{token}`: the page of a place on a waiting list (its e-mails' link,
 * decision 030), loaded on first visit (see `router.tsx`).
 */
export const waitlistEntryRoutes: RouteObject[] = [
  {
    path: 'waitlist/:eventId/:token',
    Component: lazyPage(
      () => import('./WaitlistEntryPage'),
      (m) => m.WaitlistEntryPage,
    ),
  },
];
