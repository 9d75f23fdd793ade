import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Alert, buttonLook, Card, Loader, Stack, Text, Title } from '../../ui';
import { checkoutPath, type PublicOrder, refreshPayment } from './api';
import { useCheckout } from './context';
import { afterPaymentReturn } from './stages';

const POLL_MS = 1500;
const GIVE_UP_AFTER = 40;

/** `…/payment_return`: where Stripe sends the buyer back; waits for the payment to settle. */
export function PaymentReturnStep() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { eventId, shortId, setOrder } = useCheckout();
  const [params] = useSearchParams();
  const redirectStatus = params.get('redirect_status');
  const attempts = useRef(0);

  const poll = useQuery({
    queryKey: [...queryKeys.checkout.order(eventId, shortId), 'payment-return'],
    queryFn: async () => {
      attempts.current += 1;
      await refreshPayment(eventId, shortId).catch(() => undefined);
      return apiFetch<PublicOrder>(`/public/events/${eventId}/orders/${shortId}`);
    },
    refetchInterval: (query) => {
      const data = query.state.data;
      if (attempts.current >= GIVE_UP_AFTER) return false;
      return data && afterPaymentReturn(data.status, redirectStatus, attempts.current) !== 'wait'
        ? false
        : POLL_MS;
    },
    gcTime: 0,
  });

  const outcome = poll.data ? afterPaymentReturn(poll.data.status, redirectStatus, attempts.current) : 'wait';
  useEffect(() => {
    if (!poll.data || outcome === 'wait') return;
    setOrder(poll.data);
    if (outcome === 'summary') void navigate(checkoutPath(eventId, shortId, 'summary'), { replace: true });
    else void navigate(checkoutPath(eventId, shortId, 'payment'), { replace: true, state: { failed: true } });
  }, [outcome, poll.data, navigate, eventId, shortId, setOrder]);

  const gaveUp = attempts.current >= GIVE_UP_AFTER && outcome === 'wait';
  return (
    <Card padding="xl" data-testid="payment-processing">
      <title>{`${t`Payment processing`} · Tessera`}</title>
      <Stack align="center" gap="sm" role="status" aria-live="polite" style={{ textAlign: 'center' }}>
        {gaveUp ? null : <Loader />}
        <Title order={2} size="h3">
          {gaveUp ? <Trans>Your payment is still processing</Trans> : <Trans>Confirming your payment…</Trans>}
        </Title>
        <Text tone="muted">
          {gaveUp ? (
            <Trans>We will e-mail you as soon as it is confirmed. You can safely leave this page.</Trans>
          ) : (
            <Trans>This usually takes a few seconds. Please keep this page open.</Trans>
          )}
        </Text>
        {poll.isError ? (
          <Alert tone="warning">
            <Trans>We could not check your payment just now. We keep trying.</Trans>
          </Alert>
        ) : null}
        {gaveUp ? (
          <Link {...buttonLook({ variant: 'light' })} to={checkoutPath(eventId, shortId, 'summary')}>
            <Trans>View your order</Trans>
          </Link>
        ) : null}
      </Stack>
    </Card>
  );
}
