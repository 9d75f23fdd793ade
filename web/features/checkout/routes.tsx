import { useEffect } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import { CheckoutLayout } from './CheckoutLayout';
import { DetailsStep } from './DetailsStep';

// The steps after the buyer's details are chunks of their own (decision 024): the first
// screen of the checkout does not wait for the payment panels, the test card form or the
// summary. The payment step is fetched once the details step is on screen and the browser idle.
const loadPaymentStep = () => import('./PaymentStep');
const PaymentStep = lazyPage(loadPaymentStep, (m) => m.PaymentStep);
const PaymentReturnStep = lazyPage(
  () => import('./PaymentReturnStep'),
  (m) => m.PaymentReturnStep,
);
const SummaryStep = lazyPage(
  () => import('./SummaryStep'),
  (m) => m.SummaryStep,
);

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 500);
  return () => window.clearTimeout(id);
}

function Details() {
  useEffect(() => whenIdle(() => void loadPaymentStep().catch(() => undefined)), []);
  return <DetailsStep />;
}

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
          { path: 'details', Component: Details },
          { path: 'payment', Component: PaymentStep },
          { path: 'payment_return', Component: PaymentReturnStep },
          { path: 'summary', Component: SummaryStep },
        ],
      },
    ],
  },
];
