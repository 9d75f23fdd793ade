import { Navigate, type RouteObject, redirect } from 'react-router';
import { CheckoutLayout } from './CheckoutLayout';
import { DetailsStep } from './DetailsStep';
import { PaymentReturnStep } from './PaymentReturnStep';
import { PaymentStep } from './PaymentStep';
import { SummaryStep } from './SummaryStep';

/** `/checkout/{eventId}/{orderShortId}/…`, found by the router on first visit (see `router.tsx`). */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'checkout/:eventId',
    children: [
      // No order named: the event page is where one starts.
      { index: true, loader: ({ params }) => redirect(`/e/${params.eventId ?? ''}`) },
      {
        path: ':orderShortId',
        Component: CheckoutLayout,
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          { path: 'details', Component: DetailsStep },
          { path: 'payment', Component: PaymentStep },
          { path: 'payment_return', Component: PaymentReturnStep },
          { path: 'summary', Component: SummaryStep },
        ],
      },
    ],
  },
];
