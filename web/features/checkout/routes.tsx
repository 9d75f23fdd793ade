import { Navigate, type RouteObject, useParams } from 'react-router';
import { CheckoutLayout } from './CheckoutLayout';
import { DetailsStep } from './DetailsStep';
import { PaymentReturnStep } from './PaymentReturnStep';
import { PaymentStep } from './PaymentStep';
import { SummaryStep } from './SummaryStep';

/** No order named: the event page is where one starts. */
function ToEventPage() {
  const { eventId = '' } = useParams();
  return <Navigate to={`/e/${eventId}`} replace />;
}

/** `/checkout/{eventId}/{orderShortId}/…`, loaded on first visit (see `router.tsx`). */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'checkout/:eventId',
    children: [
      { index: true, Component: ToEventPage },
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
