import { Trans, useLingui } from '@lingui/react/macro';
import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../common/money';
import type { StripePaymentIntentResponse } from '../../../common/payments';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Group, Skeleton, Stack } from '../../ui';
import { checkoutPath, type PublicOrder, refreshPayment } from './api';

interface Props {
  order: PublicOrder;
  eventId: string;
  shortId: string;
  intent: StripePaymentIntentResponse;
}

/** Stripe's Payment Element on the organizer's account; Stripe returns the buyer to `payment_return`. */
export function StripeElementForm({ order, eventId, shortId, intent }: Props) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadStripe(intent.publishable_key, { stripeAccount: intent.stripe_account }).then((loaded) => {
      if (cancelled || !loaded || !mount.current) return;
      const elements = loaded.elements({ clientSecret: intent.client_secret, locale: i18n.locale as 'auto' });
      const element = elements.create('payment');
      element.on('ready', () => setReady(true));
      element.mount(mount.current);
      stripe.current = { stripe: loaded, elements };
    });
    return () => {
      cancelled = true;
    };
  }, [intent, i18n.locale]);

  const pay = async () => {
    if (!stripe.current) return;
    setPaying(true);
    setFailure(null);
    const returnUrl = new URL(checkoutPath(eventId, shortId, 'payment_return'), window.location.origin).href;
    const { error } = await stripe.current.stripe.confirmPayment({
      elements: stripe.current.elements,
      confirmParams: { return_url: returnUrl },
    });
    // Only reached when Stripe did not redirect: the card was refused or the form is incomplete.
    setPaying(false);
    setFailure(error.message ?? '');
    await refreshPayment(eventId, shortId).catch(() => undefined);
    await queryClient.invalidateQueries({
      queryKey: queryKeys.checkout.order(eventId, shortId),
      exact: true,
    });
  };

  const total = formatMoney(order.totals.total, order.currency, i18n.locale);
  return (
    <Stack gap="sm">
      {ready ? null : <Skeleton height={160} />}
      <div ref={mount} />
      {failure !== null ? (
        <Alert tone="error">
          {failure || <Trans>The payment could not be processed. Please try again or contact support.</Trans>}
        </Alert>
      ) : null}
      <Group justify="end">
        <Button size="md" disabled={!ready} loading={paying} onClick={() => void pay()}>
          <Trans>Pay {total}</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
