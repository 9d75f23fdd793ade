import type { RouteObject } from 'react-router';
import { lazyPage } from '../../components/lazy-page';

const designer = lazyPage(
  () => import('./DesignerPage'),
  (m) => m.SeatingPlanDesignerPage,
);

/** The account's seating plans and their designer, in the organizer app (`/manage/seating-plans`). */
export const seatingPlanRoutes: RouteObject[] = [
  {
    path: 'seating-plans',
    Component: lazyPage(
      () => import('./SeatingPlansPage'),
      (m) => m.SeatingPlansPage,
    ),
  },
  { path: 'seating-plans/new', Component: designer },
  { path: 'seating-plans/:planId', Component: designer },
];
