import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { LOGIN_PATH, rememberReturnPath } from '../../api/auth-redirect';
import { hasToken } from '../../api/token';
import { PageLoader } from '../../components/PageLoader';

/** The organizer app needs a token; without one, remember where the visitor was going. */
function requireToken({ request }: LoaderFunctionArgs) {
  if (hasToken()) return null;
  const url = new URL(request.url);
  rememberReturnPath(`${url.pathname}${url.search}`, sessionStorage);
  return redirect(LOGIN_PATH);
}

/** `/manage/*` and `/account/*`, found by the router on the first visit to one of them (see `router.tsx`). */
export const organizerRoutes: RouteObject[] = [
  {
    // The organizer app: /manage/* and /account/* share its layout and need a session.
    id: 'organizer',
    loader: requireToken,
    lazy: async () => ({ Component: (await import('./ManageLayout')).ManageLayout }),
    children: [
      {
        path: 'manage',
        children: [
          { index: true, loader: () => redirect('/manage/events'), Component: PageLoader },
          {
            path: 'events/:eventsState?',
            lazy: async () => ({ Component: (await import('../events/EventsListPage')).EventsPage }),
          },
          {
            path: 'organizer/:organizerId/events/:eventsState?',
            lazy: async () => ({
              Component: (await import('../events/EventsListPage')).OrganizerEventsPage,
            }),
          },
          {
            path: 'organizer/:organizerId/settings',
            lazy: async () => ({
              Component: (await import('../organizers/OrganizerSettingsPage')).OrganizerSettingsPage,
            }),
          },
          {
            path: 'event/:eventId',
            lazy: async () => ({ Component: (await import('../events/EventLayout')).EventLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../events/EventDashboardPage')).EventDashboardPage,
                }),
              },
              {
                path: 'dashboard',
                lazy: async () => ({
                  Component: (await import('../events/EventDashboardPage')).EventDashboardPage,
                }),
              },
              {
                path: 'promo-codes',
                lazy: async () => ({
                  Component: (await import('../promo-codes/PromoCodesPage')).PromoCodesPage,
                }),
              },
              {
                path: 'attendees',
                lazy: async () => ({
                  Component: (await import('../attendees/AttendeesPage')).AttendeesPage,
                }),
              },
              {
                path: 'tickets',
                lazy: async () => ({
                  Component: (await import('../tickets/TicketsPage')).TicketsPage,
                }),
              },
              {
                path: 'settings',
                lazy: async () => ({
                  Component: (await import('../events/EventSettingsPage')).EventSettingsPage,
                }),
              },
              {
                path: 'questions',
                lazy: async () => ({
                  Component: (await import('../questions/QuestionsPage')).QuestionsPage,
                }),
              },
              {
                path: 'capacity-assignments',
                lazy: async () => ({
                  Component: (await import('../capacity/CapacityPage')).CapacityPage,
                }),
              },
              {
                path: 'orders',
                lazy: async () => ({
                  Component: (await import('../orders/OrdersPage')).OrdersPage,
                }),
              },
              {
                path: 'check-in',
                lazy: async () => ({
                  Component: (await import('../check-in/CheckInListsPage')).CheckInListsPage,
                }),
              },
              {
                path: 'getting-started',
                lazy: async () => ({
                  Component: (await import('../events/GettingStartedPage')).GettingStartedPage,
                }),
              },
            ],
          },
          { path: 'account', loader: () => redirect('/account/settings'), Component: PageLoader },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../profile/ProfilePage')).ProfilePage,
            }),
          },
          {
            path: 'profile/confirm-email-address/:token',
            lazy: async () => ({
              Component: (await import('../profile/ConfirmEmailAddressPage')).ConfirmEmailAddressPage,
            }),
          },
          {
            path: 'profile/confirm-email-change/:token',
            lazy: async () => ({
              Component: (await import('../profile/ConfirmEmailChangePage')).ConfirmEmailChangePage,
            }),
          },
        ],
      },
      {
        path: 'welcome',
        lazy: async () => ({ Component: (await import('../events/WelcomePage')).WelcomePage }),
      },
      {
        path: 'account',
        lazy: async () => ({
          Component: (await import('../account/AccountLayout')).AccountLayout,
        }),
        children: [
          { index: true, loader: () => redirect('/account/settings'), Component: PageLoader },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('../account/AccountSettingsPage')).AccountSettingsPage,
            }),
          },
          {
            path: 'users',
            lazy: async () => ({ Component: (await import('../account/UsersPage')).UsersPage }),
          },
          {
            path: 'event-defaults',
            lazy: async () => ({
              Component: (await import('../account/EventDefaultsPage')).EventDefaultsPage,
            }),
          },
          {
            path: 'taxes-and-fees',
            lazy: async () => ({
              Component: (await import('../taxes-fees/TaxesAndFeesPage')).TaxesAndFeesPage,
            }),
          },
          {
            path: 'payment',
            lazy: async () => ({ Component: (await import('../account/PaymentPage')).PaymentPage }),
          },
        ],
      },
    ],
  },
];
