import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../components/lazy-page';

/** `/check-in/{checkInListShortId}`: the door staff's page, loaded on first visit. */
export const staffRoutes: RouteObject[] = [
  {
    path: 'check-in/:shortId',
    Component: lazyPage(
      () => import('./StaffCheckInPage'),
      (m) => m.StaffCheckInPage,
    ),
  },
];
