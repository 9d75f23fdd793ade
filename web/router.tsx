import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { LOGIN_PATH } from './api/auth-redirect';
import { setApiNavigator } from './api/client';
import { hasToken } from './api/token';
import { ErrorPage } from './components/ErrorPage';
import { lazyPage } from './components/lazy-page';
import { PageLoader } from './components/PageLoader';
import { RouteErrorBoundary } from './components/RouteErrorPage';
import { type CatalogArea, loadCatalogArea } from './i18n';

/**
 * A section of the app (login pages, organizer app, checkout, …): its routes, and any part of
 * the message catalog they need, are chunks of their own, downloaded the first time the visitor
 * opens one of its addresses. A buyer never loads the login pages or the organizer app.
 */
function section(load: () => Promise<RouteObject[]>, catalog?: CatalogArea): ComponentType {
  return lazy(async () => {
    const [routes] = await Promise.all([load(), catalog ? loadCatalogArea(catalog) : undefined]);
    const withNotFound: RouteObject[] = [...routes, { path: '*', element: <ErrorPage status={404} /> }];
    return {
      default: function SectionRoutes() {
        return useRoutes(withNotFound);
      },
    };
  });
}

const organizerApp = section(
  async () => (await import('./features/manage/routes')).organizerRoutes,
  'manage',
);
const buyerPages = section(async () => (await import('./features/order-pages/routes')).orderPageRoutes);

/** Sections by the first segment of the address. */
const sections: Record<string, ComponentType> = {
  auth: section(async () => (await import('./features/auth/routes')).authRoutes, 'manage'),
  manage: organizerApp,
  account: organizerApp,
  welcome: organizerApp,
  checkout: section(async () => (await import('./features/checkout/routes')).checkoutRoutes),
  order: buyerPages,
  ticket: buyerPages,
  waitlist: buyerPages,
  'check-in': section(async () => (await import('./features/check-in/staff/routes')).staffRoutes, 'manage'),
  widget: section(async () => (await import('./features/widget/routes')).widgetRoutes),
};

function SectionOrNotFound() {
  const { pathname } = useLocation();
  const Section = sections[pathname.split('/')[1] ?? ''];
  return Section ? <Section /> : <ErrorPage status={404} />;
}

function Home() {
  return <Navigate to={hasToken() ? '/manage/events' : LOGIN_PATH} replace />;
}

// The public event page is the one route of the first download: what a buyer opens first.
const PublicEventPage = lazyPage(
  () => import('./features/public-event/PublicEventPage'),
  (m) => m.PublicEventPage,
);

const routes: RouteObject[] = [
  { path: '/', Component: Home },
  { path: 'e/:eventId/:eventSlug?', Component: PublicEventPage },
  { path: 'event/:eventId/:eventSlug?', Component: PublicEventPage },
  { path: '*', Component: SectionOrNotFound },
];

/** Every page of the app, inside a `BrowserRouter`. */
export function AppRoutes() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const page = useRoutes(routes);

  // The API client sends the visitor to the login page on a 401 without reloading the app.
  useEffect(() => setApiNavigator((to) => navigate(to, { replace: true })), [navigate]);

  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}
