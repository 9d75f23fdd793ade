import { type ComponentType, Fragment, lazy, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { EVENT_PAGE_ROUTES } from '../common/event-page-path';
import { LOGIN_PATH } from './api/auth-redirect';
import { setApiNavigator } from './api/client';
import { hasToken } from './api/token';
import { ErrorPage } from './components/ErrorPage';
import { lazyPage } from './components/lazy-page';
import { PageLoader } from './components/PageLoader';
import { RouteErrorBoundary } from './components/RouteErrorPage';
import {
  isWidgetPath,
  OutsideWidget,
  useFramed,
  useLastWidgetPage,
  useLinksLeaveInNewTab,
} from './features/widget/frame-guard';
import { type CatalogArea, loadCatalogArea } from './i18n';

/**
 * A section of the app (login pages, organizer app, checkout, …): its routes, and any part of
 * the message catalog they need, are chunks of their own, downloaded the first time the visitor
 * opens one of its addresses. A buyer never loads the login pages or the organizer app.
 * Sections are built with Mantine, which comes with them, except checkout, which like the
 * event page uses the lighter components of `ui/` (decision 034).
 */
function section(
  load: () => Promise<RouteObject[]>,
  { catalog, mantine = true }: { catalog?: CatalogArea; mantine?: boolean } = {},
): ComponentType {
  return lazy(async () => {
    const [routes, shell] = await Promise.all([
      load(),
      mantine ? import('./components/MantineShell') : undefined,
      catalog ? loadCatalogArea(catalog) : undefined,
    ]);
    const withNotFound: RouteObject[] = [...routes, { path: '*', element: <ErrorPage status={404} /> }];
    const Shell = shell?.MantineShell ?? Fragment;
    return {
      default: function SectionRoutes() {
        return <Shell>{useRoutes(withNotFound)}</Shell>;
      },
    };
  });
}

const organizerApp = section(async () => (await import('./features/manage/routes')).organizerRoutes, {
  catalog: 'manage',
});
const buyerPages = section(async () => (await import('./features/order-pages/routes')).orderPageRoutes);
const lookupPages = section(async () => (await import('./features/order-lookup/routes')).orderLookupRoutes);
const dataPages = section(async () => (await import('./features/personal-data/routes')).personalDataRoutes);

/** Sections by the first segment of the address. */
const sections: Record<string, ComponentType> = {
  auth: section(async () => (await import('./features/auth/routes')).authRoutes, { catalog: 'manage' }),
  manage: organizerApp,
  account: organizerApp,
  welcome: organizerApp,
  checkout: section(async () => (await import('./features/checkout/routes')).checkoutRoutes, {
    mantine: false,
  }),
  order: buyerPages,
  ticket: buyerPages,
  'find-tickets': lookupPages,
  'order-link': lookupPages,
  'my-data': dataPages,
  waitlist: section(async () => (await import('./features/waitlist-entry/routes')).waitlistEntryRoutes),
  'check-in': section(async () => (await import('./features/check-in/staff/routes')).staffRoutes, {
    catalog: 'manage',
  }),
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
  ...EVENT_PAGE_ROUTES.map((path) => ({ path, Component: PublicEventPage })),
  { path: '*', Component: SectionOrNotFound },
];

/**
 * Every page of the app, inside a `BrowserRouter`. In a frame, only the widget's pages: any
 * other address shows where to open it instead, and links that would leave the widget open in
 * a new tab (decisions 022, 038).
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const page = useRoutes(routes);
  const framed = useFramed();
  const inWidget = isWidgetPath(pathname);
  const widgetPage = useLastWidgetPage(pathname);
  useLinksLeaveInNewTab(framed || inWidget);

  // The API client sends the visitor to the login page on a 401 without reloading the app.
  useEffect(() => setApiNavigator((to) => navigate(to, { replace: true })), [navigate]);

  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        {framed && !inWidget ? <OutsideWidget href={`${pathname}${search}`} widgetPage={widgetPage} /> : page}
      </Suspense>
    </RouteErrorBoundary>
  );
}
