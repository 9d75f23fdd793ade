import { Navigate, type RouteObject } from 'react-router';
import { CheckoutLayout } from '../checkout/CheckoutLayout';
import { DetailsStep } from '../checkout/DetailsStep';
import { PaymentStep } from '../checkout/PaymentStep';
import { SummaryStep } from '../checkout/SummaryStep';
import { CardInNewTabPanel } from './CardInNewTabPanel';
import { WidgetLayout } from './WidgetLayout';
import { WidgetTicketsPage } from './WidgetTicketsPage';

/**
 * `/widget/{eventId}` and its checkout, `/widget/{eventId}/checkout/{orderShortId}/…`, loaded
 * on first visit (see `router.tsx`). The same pages as the public event page and checkout, in
 * the widget's frame (decision 022); card payment goes to a tab of its own.
 */
export const widgetRoutes: RouteObject[] = [
  {
    path: 'widget/:eventId',
    Component: WidgetLayout,
    children: [
      { index: true, Component: WidgetTicketsPage },
      {
        path: 'checkout/:orderShortId',
        element: <CheckoutLayout compact />,
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          { path: 'details', Component: DetailsStep },
          { path: 'payment', element: <PaymentStep panels={{ card: CardInNewTabPanel }} /> },
          { path: 'summary', Component: SummaryStep },
        ],
      },
    ],
  },
];
