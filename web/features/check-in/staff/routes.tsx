import type { RouteObject } from 'react-router';

/** `/check-in/{checkInListShortId}`: the door staff's page, found by the router on first visit. */
export const staffRoutes: RouteObject[] = [
  {
    path: 'check-in/:shortId',
    lazy: async () => ({ Component: (await import('./StaffCheckInPage')).StaffCheckInPage }),
  },
];
