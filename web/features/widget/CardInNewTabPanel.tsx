import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { orderQuery } from '../checkout/api';
import type { PanelProps } from '../checkout/panels';

/** How often the widget asks whether the payment in the other tab went through. */
const POLL_MS = 3000;

/**
 * Card payment from inside the widget (decision 022): the buyer pays on Tessera's own checkout
 * page in a new tab, where the address bar shows whom they give their card to and Stripe's
 * checks and redirects work as on any top-level page. Meanwhile the widget asks for the order
 * every few seconds; once it is paid, checkout moves on to the summary by itself.
 */
export function CardInNewTabPanel({ eventId, shortId }: PanelProps) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const order = useQuery({ ...orderQuery(eventId, shortId), refetchInterval: opened ? POLL_MS : false });
  // Not checkoutPath(): inside the widget that is the widget's own address, and this one is the top-level page.
  const href = `/checkout/${encodeURIComponent(eventId)}/${encodeURIComponent(shortId)}/payment`;

  return (
    <Stack gap="sm" data-testid="card-in-new-tab">
      <Text size="sm">
        <Trans>
          For your security, card payment opens on our secure checkout page in a new tab. Your tickets stay
          reserved meanwhile.
        </Trans>
      </Text>
      <Group>
        <Button
          component="a"
          href={href}
          target="_blank"
          rel="noopener"
          onClick={() => setOpened(true)}
          variant={opened ? 'light' : 'filled'}
        >
          {opened ? <Trans>Open the payment page again</Trans> : <Trans>Pay by card in a new tab</Trans>}
        </Button>
      </Group>
      {opened ? (
        <Alert color="blue" variant="light" role="status" aria-live="polite">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Loader size="sm" aria-hidden />
            <Stack gap={6} align="flex-start">
              <Text size="sm">
                <Trans>Waiting for your payment. This page moves on by itself once it is done.</Trans>
              </Text>
              <Button
                size="xs"
                variant="default"
                loading={order.isFetching}
                onClick={() => void order.refetch()}
                aria-label={t`Check the payment now`}
              >
                <Trans>Check now</Trans>
              </Button>
            </Stack>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
