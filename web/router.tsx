import {
  createBrowserRouter,
  Outlet,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  redirect,
} from 'react-router';
import { LOGIN_PATH } from './api/auth-redirect';
import { setApiNavigator } from './api/client';
import { hasToken } from './api/token';
import { ErrorPage } from './components/ErrorPage';
import { PageLoader } from './components/PageLoader';
import { RouteErrorPage } from './components/RouteErrorPage';
import { loadCatalogArea } from './i18n';

/**
 * The routes of the login pages and of the organizer app are not part of the first download:
 * each set, and the list of files its pages need, is a chunk of its own that the router asks
 * for the first time the visitor opens one of its addresses, together with the `manage` part
 * of the message catalog. A buyer never loads either.
 */
/** A section of the login pages, organizer app or door staff: its code and its messages. */
async function withManageCatalog<T>(code: Promise<T>): Promise<T> {
  const [module] = await Promise.all([code, loadCatalogArea('manage')]);
  return module;
}
const organizerRoutes = async () =>
  (await withManageCatalog(import('./features/manage/routes'))).organizerRoutes;

const sections: Record<string, () => Promise<RouteObject[]>> = {
  auth: async () => (await withManageCatalog(import('./features/auth/routes'))).authRoutes,
  manage: organizerRoutes,
  account: organizerRoutes,
  welcome: organizerRoutes,
  checkout: async () => (await import('./features/checkout/routes')).checkoutRoutes,
  order: async () => (await import('./features/order-pages/routes')).orderPageRoutes,
  ticket: async () => (await import('./features/order-pages/routes')).orderPageRoutes,
  'check-in': async () => (await withManageCatalog(import('./features/check-in/staff/routes'))).staffRoutes,
};

const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const load = sections[path.split('/')[1] ?? ''];
  // Patching the same routes twice is a no-op: the router leaves out routes it already has.
  if (load) patch('root', await load());
};

// Every feature is lazy: the buyer pages, the login pages and the organizer app are separate chunks.
export const router = createBrowserRouter(
  [
    {
      id: 'root',
      element: <Outlet />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          index: true,
          loader: () => redirect(hasToken() ? '/manage/events' : LOGIN_PATH),
          Component: PageLoader,
        },
        ...['e', 'event'].map((prefix) => ({
          path: `${prefix}/:eventId/:eventSlug?`,
          lazy: async () => ({
            Component: (await import('./features/public-event/PublicEventPage')).PublicEventPage,
          }),
        })),
        { path: '*', element: <ErrorPage status={404} /> },
      ],
    },
  ],
  { patchRoutesOnNavigation: discoverRoutes },
);

setApiNavigator((to) => void router.navigate(to, { replace: true }));
