import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { errorCode, errorMessage } from '../../components/api-error';
import { Alert, Button, Skeleton, Stack, Text } from '../../ui';
import { createPaymentIntent } from './api';
import type { PanelProps } from './panels';
import { problemOfError } from './stages';
import { TestCardForm } from './TestCardForm';

const errorStatus = (error: unknown) => (isApiError(error) ? error.status : undefined);

/** The key of the local Stripe stand-in (`server/payments/stripe/client.ts`). */
const TEST_PUBLISHABLE_KEY = 'pk_test_tessera_local';

// Stripe.js is only downloaded by buyers who pay by card.
const StripeElementForm = lazy(async () => ({
  default: (await import('./StripeElementForm')).StripeElementForm,
}));

/** Card payment on the organizer's Stripe account: Stripe's Payment Element, or the test-only form. */
export function StripePanel({ order, eventId, shortId, onError }: PanelProps) {
  const { t } = useLingui();
  const intent = useQuery({
    queryKey: [...queryKeys.checkout.order(eventId, shortId), 'payment-intent'],
    queryFn: () => createPaymentIntent(eventId, shortId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  // An expired or finished order gets the layout's screen (set after render, not during it).
  const orderGone =
    intent.isError && problemOfError(errorCode(intent.error), errorStatus(intent.error)) !== null;
  useEffect(() => {
    if (orderGone) onError(intent.error);
  }, [orderGone, onError, intent.error]);
  if (intent.isPending)
    return <Skeleton height={160} role="status" aria-label={t`Preparing the card payment`} />;
  if (intent.isError) {
    if (orderGone) return null;
    return (
      <Alert tone="error" title={t`Card payment is not available right now`}>
        <Stack gap="xs" align="start">
          <Text size="sm">{errorMessage(intent.error)}</Text>
          <Button size="xs" variant="light" loading={intent.isFetching} onClick={() => void intent.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }
  const props = { order, eventId, shortId, intent: intent.data };
  if (intent.data.test_api_base && intent.data.publishable_key === TEST_PUBLISHABLE_KEY)
    return <TestCardForm {...props} testApiBase={intent.data.test_api_base} />;
  return (
    <Suspense fallback={<Skeleton height={160} />}>
      <StripeElementForm {...props} />
    </Suspense>
  );
}
