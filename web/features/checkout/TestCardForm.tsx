import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../common/money';
import type { StripePaymentIntentResponse } from '../../../common/payments';
import { queryKeys } from '../../api/query-keys';
import { Alert, Badge, Button, Group, RadioGroup, Stack, Text } from '../../ui';
import { checkoutPath, type PublicOrder, refreshPayment } from './api';

interface Props {
  order: PublicOrder;
  eventId: string;
  shortId: string;
  intent: StripePaymentIntentResponse;
  testApiBase: string;
}

const CARDS = ['pm_card_visa', 'pm_card_chargeDeclined'] as const;

/**
 * Only with the local Stripe stand-in (development and end-to-end tests): a choice of test
 * cards, confirmed from the browser with the publishable key, as Stripe.js would.
 */
export function TestCardForm({ order, eventId, shortId, intent, testApiBase }: Props) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [card, setCard] = useState<(typeof CARDS)[number]>('pm_card_visa');
  const intentId = intent.client_secret.split('_secret_')[0] ?? '';

  const pay = useMutation({
    mutationFn: async () => {
      const response = await fetch(
        `${testApiBase}/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${intent.publishable_key}`,
            'Stripe-Account': intent.stripe_account,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ payment_method: card, client_secret: intent.client_secret }),
        },
      );
      const body = (await response.json()) as {
        status?: string;
        last_payment_error?: { message: string } | null;
      };
      return body;
    },
    onSuccess: async (result) => {
      if (result.status === 'succeeded' || result.status === 'processing') {
        void navigate(`${checkoutPath(eventId, shortId, 'payment_return')}?redirect_status=${result.status}`);
        return;
      }
      // Declined: the server hears it from Stripe too; the order turns PAYMENT_FAILED and the
      // payment page says so above the panels.
      await refreshPayment(eventId, shortId).catch(() => undefined);
      await queryClient.invalidateQueries({
        queryKey: queryKeys.checkout.order(eventId, shortId),
        exact: true,
      });
    },
  });

  const total = formatMoney(order.totals.total, order.currency, i18n.locale);
  return (
    <Stack gap="sm" data-testid="test-card-form">
      <Group gap="xs">
        <Badge tone="warning">
          <Trans>Test mode</Trans>
        </Badge>
        <Text size="sm" tone="muted">
          <Trans>This server uses a local Stripe stand-in: no real card is charged.</Trans>
        </Text>
      </Group>
      <RadioGroup
        label={t`Test card`}
        value={card}
        onChange={(v) => setCard(v as (typeof CARDS)[number])}
        options={[
          { value: 'pm_card_visa', label: t`Visa 4242 – payment succeeds` },
          { value: 'pm_card_chargeDeclined', label: t`Visa 0002 – card is declined` },
        ]}
      />
      {pay.isError ? (
        <Alert tone="error">
          <Trans>The payment could not be processed. Please try again or contact support.</Trans>
        </Alert>
      ) : null}
      <Group justify="end">
        <Button size="md" loading={pay.isPending} onClick={() => pay.mutate()} data-testid="pay-button">
          <Trans>Pay {total}</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
