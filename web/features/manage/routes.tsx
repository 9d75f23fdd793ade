import { Navigate, type RouteObject, useLocation } from 'react-router';
import { LOGIN_PATH, rememberReturnPath } from '../../api/auth-redirect';
import { hasToken } from '../../api/token';
import { lazyPage } from '../../components/lazy-page';
import { seatingPlanRoutes } from '../seating-plans/routes';

const ManageLayout = lazyPage(
  () => import('./ManageLayout'),
  (m) => m.ManageLayout,
);

/** The organizer app needs a token; without one, remember where the visitor was going. */
function RequireToken() {
  const { pathname, search } = useLocation();
  if (hasToken()) return <ManageLayout />;
  rememberReturnPath(`${pathname}${search}`, sessionStorage);
  return <Navigate to={LOGIN_PATH} replace />;
}

/** `/manage/*`, `/account/*` and `/welcome`, loaded on the first visit to one of them (see `router.tsx`). */
export const organizerRoutes: RouteObject[] = [
  {
    // The organizer app: /manage/* and /account/* share its layout and need a session.
    Component: RequireToken,
    children: [
      {
        path: 'manage',
        children: [
          { index: true, element: <Navigate to="/manage/events" replace /> },
          {
            path: 'events/:eventsState?',
            Component: lazyPage(
              () => import('../events/EventsListPage'),
              (m) => m.EventsPage,
            ),
          },
          {
            path: 'organizer/:organizerId/events/:eventsState?',
            Component: lazyPage(
              () => import('../events/EventsListPage'),
              (m) => m.OrganizerEventsPage,
            ),
          },
          {
            path: 'organizer/:organizerId/settings',
            Component: lazyPage(
              () => import('../organizers/OrganizerSettingsPage'),
              (m) => m.OrganizerSettingsPage,
            ),
          },
          {
            path: 'organizer/:organizerId/homepage',
            Component: lazyPage(
              () => import('../organizers/OrganizerDesignPage'),
              (m) => m.OrganizerDesignPage,
            ),
          },
          {
            path: 'event/:eventId',
            Component: lazyPage(
              () => import('../events/EventLayout'),
              (m) => m.EventLayout,
            ),
            children: [
              {
                index: true,
                Component: lazyPage(
                  () => import('../event-dashboard/EventDashboardPage'),
                  (m) => m.EventDashboardPage,
                ),
              },
              {
                path: 'dashboard',
                Component: lazyPage(
                  () => import('../event-dashboard/EventDashboardPage'),
                  (m) => m.EventDashboardPage,
                ),
              },
              {
                path: 'promo-codes',
                Component: lazyPage(
                  () => import('../promo-codes/PromoCodesPage'),
                  (m) => m.PromoCodesPage,
                ),
              },
              {
                path: 'affiliates',
                Component: lazyPage(
                  () => import('../affiliates/AffiliatesPage'),
                  (m) => m.AffiliatesPage,
                ),
              },
              {
                path: 'waitlist',
                Component: lazyPage(
                  () => import('../waitlist/WaitlistPage'),
                  (m) => m.WaitlistPage,
                ),
              },
              {
                path: 'attendees',
                Component: lazyPage(
                  () => import('../attendees/AttendeesPage'),
                  (m) => m.AttendeesPage,
                ),
              },
              {
                path: 'tickets',
                Component: lazyPage(
                  () => import('../tickets/TicketsPage'),
                  (m) => m.TicketsPage,
                ),
              },
              {
                path: 'products',
                Component: lazyPage(
                  () => import('../products/ProductsPage'),
                  (m) => m.ProductsPage,
                ),
              },
              {
                path: 'settings',
                Component: lazyPage(
                  () => import('../events/EventSettingsPage'),
                  (m) => m.EventSettingsPage,
                ),
              },
              {
                path: 'mail-templates',
                Component: lazyPage(
                  () => import('../mail-templates/MailTemplatesPage'),
                  (m) => m.EventMailTemplatesPage,
                ),
              },
              {
                path: 'ticket-design',
                Component: lazyPage(
                  () => import('../ticket-design/TicketDesignPage'),
                  (m) => m.TicketDesignPage,
                ),
              },
              {
                path: 'homepage-designer',
                Component: lazyPage(
                  () => import('../events/HomepageDesignerPage'),
                  (m) => m.HomepageDesignerPage,
                ),
              },
              {
                path: 'questions',
                Component: lazyPage(
                  () => import('../questions/QuestionsPage'),
                  (m) => m.QuestionsPage,
                ),
              },
              {
                path: 'dates',
                Component: lazyPage(
                  () => import('../event-dates/EventDatesPage'),
                  (m) => m.EventDatesPage,
                ),
              },
              {
                path: 'capacity-assignments',
                Component: lazyPage(
                  () => import('../capacity/CapacityPage'),
                  (m) => m.CapacityPage,
                ),
              },
              {
                path: 'seating',
                Component: lazyPage(
                  () => import('../seating/SeatingPage'),
                  (m) => m.SeatingPage,
                ),
              },
              {
                path: 'orders',
                Component: lazyPage(
                  () => import('../orders/OrdersPage'),
                  (m) => m.OrdersPage,
                ),
              },
              {
                path: 'invoices',
                Component: lazyPage(
                  () => import('../invoices/InvoicesPage'),
                  (m) => m.EventInvoicesPage,
                ),
              },
              {
                path: 'messages',
                Component: lazyPage(
                  () => import('../messages/MessagesPage'),
                  (m) => m.MessagesPage,
                ),
              },
              {
                path: 'messages/new',
                Component: lazyPage(
                  () => import('../messages/ComposeMessagePage'),
                  (m) => m.ComposeMessagePage,
                ),
              },
              {
                path: 'messages/:messageId',
                Component: lazyPage(
                  () => import('../messages/MessageDetailPage'),
                  (m) => m.MessageDetailPage,
                ),
              },
              {
                path: 'check-in',
                Component: lazyPage(
                  () => import('../check-in/CheckInListsPage'),
                  (m) => m.CheckInListsPage,
                ),
              },
              {
                path: 'reports',
                Component: lazyPage(
                  () => import('../reports/EventReportsPage'),
                  (m) => m.EventReportsPage,
                ),
              },
              {
                path: 'widget',
                Component: lazyPage(
                  () => import('../widget/WidgetEmbedPage'),
                  (m) => m.WidgetEmbedPage,
                ),
              },
              {
                path: 'getting-started',
                Component: lazyPage(
                  () => import('../event-dashboard/GettingStartedPage'),
                  (m) => m.GettingStartedPage,
                ),
              },
            ],
          },
          { path: 'account', element: <Navigate to="/account/settings" replace /> },
          ...seatingPlanRoutes,
          {
            path: 'profile',
            Component: lazyPage(
              () => import('../profile/ProfilePage'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: 'profile/security',
            Component: lazyPage(
              () => import('../security/SecurityPage'),
              (m) => m.SecurityPage,
            ),
          },
          {
            path: 'profile/confirm-email-address/:token',
            Component: lazyPage(
              () => import('../profile/ConfirmEmailAddressPage'),
              (m) => m.ConfirmEmailAddressPage,
            ),
          },
          {
            path: 'profile/confirm-email-change/:token',
            Component: lazyPage(
              () => import('../profile/ConfirmEmailChangePage'),
              (m) => m.ConfirmEmailChangePage,
            ),
          },
        ],
      },
      {
        path: 'welcome',
        Component: lazyPage(
          () => import('../events/WelcomePage'),
          (m) => m.WelcomePage,
        ),
      },
      {
        path: 'account',
        Component: lazyPage(
          () => import('../accounts/AccountLayout'),
          (m) => m.AccountLayout,
        ),
        children: [
          { index: true, element: <Navigate to="/account/settings" replace /> },
          {
            path: 'settings',
            Component: lazyPage(
              () => import('../accounts/AccountSettingsPage'),
              (m) => m.AccountSettingsPage,
            ),
          },
          {
            path: 'security',
            Component: lazyPage(
              () => import('../security/AccountSecurityPage'),
              (m) => m.AccountSecurityPage,
            ),
          },
          {
            path: 'deletion/:token',
            Component: lazyPage(
              () => import('../accounts/ConfirmAccountDeletionPage'),
              (m) => m.ConfirmAccountDeletionPage,
            ),
          },
          {
            path: 'users',
            Component: lazyPage(
              () => import('../accounts/UsersPage'),
              (m) => m.UsersPage,
            ),
          },
          {
            path: 'event-defaults',
            Component: lazyPage(
              () => import('../accounts/EventDefaultsPage'),
              (m) => m.EventDefaultsPage,
            ),
          },
          {
            path: 'mail-templates',
            Component: lazyPage(
              () => import('../mail-templates/MailTemplatesPage'),
              (m) => m.AccountMailTemplatesPage,
            ),
          },
          {
            path: 'taxes-and-fees',
            Component: lazyPage(
              () => import('../taxes-fees/TaxesAndFeesPage'),
              (m) => m.TaxesAndFeesPage,
            ),
          },
          {
            path: 'invoices',
            Component: lazyPage(
              () => import('../invoices/InvoicesPage'),
              (m) => m.AccountInvoicesPage,
            ),
          },
          {
            path: 'invoice-settings',
            Component: lazyPage(
              () => import('../invoices/InvoiceSettingsPage'),
              (m) => m.InvoiceSettingsPage,
            ),
          },
          {
            path: 'privacy',
            Component: lazyPage(
              () => import('../personal-data/PrivacyPage'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: 'payment',
            Component: lazyPage(
              () => import('../accounts/PaymentPage'),
              (m) => m.PaymentPage,
            ),
          },
          {
            path: 'billing',
            Component: lazyPage(
              () => import('../billing/BillingPage'),
              (m) => m.BillingPage,
            ),
          },
          {
            path: 'reports',
            Component: lazyPage(
              () => import('../reports/AccountReportsPage'),
              (m) => m.AccountReportsPage,
            ),
          },
          {
            path: 'integrations',
            Component: lazyPage(
              () => import('../integrations/IntegrationsPage'),
              (m) => m.IntegrationsPage,
            ),
          },
          {
            path: 'integrations/webhooks/:webhookId',
            Component: lazyPage(
              () => import('../integrations/WebhookDeliveriesPage'),
              (m) => m.WebhookDeliveriesPage,
            ),
          },
        ],
      },
    ],
  },
];
