import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, Card, RadioGroup, Stack, Title } from '../../ui';
import { useCheckout } from './context';
import { OfflinePanel } from './OfflinePanel';
import { availablePanels, type PanelId, type PanelProps } from './panels';
import { StripePanel } from './StripePanel';

const PANEL_COMPONENTS: Record<PanelId, React.ComponentType<PanelProps>> = {
  card: StripePanel,
  offline: OfflinePanel,
};

/**
 * `…/payment`: the ways this event takes payment, each a panel. `panels` replaces some of them
 * (the embeddable widget hands card payment over to a tab of its own, decision 022).
 */
export function PaymentStep({
  panels: replaced,
}: {
  panels?: Partial<Record<PanelId, React.ComponentType<PanelProps>>>;
} = {}) {
  const { t } = useLingui();
  const { order, eventId, shortId, handleOrderError } = useCheckout();
  const location = useLocation();
  const panels = availablePanels(order);
  const [chosen, setChosen] = useState<PanelId | undefined>(panels[0]?.id);
  const current = panels.find((p) => p.id === chosen) ?? panels[0];
  const failed = order.status === 'PAYMENT_FAILED' || (location.state as { failed?: boolean } | null)?.failed;
  const Panel = current ? (replaced?.[current.id] ?? PANEL_COMPONENTS[current.id]) : null;

  return (
    <Card as="section" aria-labelledby="payment-heading">
      <title>{`${t`Payment`} · ${order.event.title}`}</title>
      <Stack gap="md">
        <Title order={2} size="h3" id="payment-heading">
          <Trans>Payment</Trans>
        </Title>
        {failed ? (
          <Alert tone="error" title={t`Your payment failed`} data-testid="payment-failed-banner">
            <Trans>
              Your tickets are still reserved. Please try again, with another card or another way to pay.
            </Trans>
          </Alert>
        ) : null}
        {panels.length === 0 ? (
          <Alert tone="warning" role="alert">
            <Trans>This event cannot take payments right now. Please contact the organizer.</Trans>
          </Alert>
        ) : panels.length > 1 ? (
          <RadioGroup
            label={t`How would you like to pay?`}
            value={current?.id ?? ''}
            onChange={(v) => setChosen(v as PanelId)}
            cards
            options={panels.map((panel) => ({
              value: panel.id,
              label: <strong>{t(panel.label)}</strong>,
              description: t(panel.description),
              testId: `method-${panel.id}`,
            }))}
          />
        ) : null}
        {Panel && current ? (
          <Panel
            key={current.id}
            order={order}
            eventId={eventId}
            shortId={shortId}
            onError={handleOrderError}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
