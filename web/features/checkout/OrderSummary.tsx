import { Trans } from '@lingui/react/macro';
import { Paper, Stack, Title } from '@mantine/core';
import { PriceBreakdown } from '../../components/PriceBreakdown';
import type { PublicOrder } from './api';

/** The sidebar: what is in the order and what it costs, in the order's currency. */
export function OrderSummary({ order }: { order: PublicOrder }) {
  return (
    <Paper withBorder radius="lg" p="md" component="aside" aria-labelledby="order-summary-heading">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="order-summary-heading">
          <Trans>Order summary</Trans>
        </Title>
        <PriceBreakdown order={order} />
      </Stack>
    </Paper>
  );
}
