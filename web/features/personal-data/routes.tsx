import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

/** `/my-data/{token}`: the link of a data request's mail (decision 064), loaded on first visit. */
export const personalDataRoutes: RouteObject[] = [
  {
    path: 'my-data/:token',
    Component: lazyPage(
      () => import('./MyDataPage'),
      (m) => m.MyDataPage,
    ),
  },
];
