import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
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
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="payment-heading"
    >
      <title>{`${t`Payment`} · ${order.event.title}`}</title>
      <Stack gap="md">
        <Title order={2} fz="h3" id="payment-heading">
          <Trans>Payment</Trans>
        </Title>
        {failed ? (
          <Alert color="red" role="alert" title={t`Your payment failed`} data-testid="payment-failed-banner">
            <Trans>
              Your tickets are still reserved. Please try again, with another card or another way to pay.
            </Trans>
          </Alert>
        ) : null}
        {panels.length === 0 ? (
          <Alert color="orange" role="alert">
            <Trans>This event cannot take payments right now. Please contact the organizer.</Trans>
          </Alert>
        ) : panels.length > 1 ? (
          <Radio.Group
            label={t`How would you like to pay?`}
            value={current?.id ?? null}
            onChange={(v) => setChosen(v as PanelId)}
          >
            <Stack gap="xs" mt="xs">
              {panels.map((panel) => (
                <Radio.Card
                  key={panel.id}
                  value={panel.id}
                  radius="md"
                  p="sm"
                  data-testid={`method-${panel.id}`}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={2} style={{ flex: 1 }}>
                      <Text fw={600}>{t(panel.label)}</Text>
                      <Text size="sm" c="gray.7">
                        {t(panel.description)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
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
    </Paper>
  );
}
