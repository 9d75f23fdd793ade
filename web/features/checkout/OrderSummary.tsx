import { Trans } from '@lingui/react/macro';
import { OrderSeats } from '../../components/OrderSeats';
import { PriceBreakdown } from '../../components/PriceBreakdown';
import { Card, Stack, Title } from '../../ui';
import type { PublicOrder } from './api';

/** The sidebar: what is in the order and what it costs, in the order's currency. */
export function OrderSummary({ order }: { order: PublicOrder }) {
  return (
    <Card as="aside" aria-labelledby="order-summary-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-summary-heading">
          <Trans>Order summary</Trans>
        </Title>
        <PriceBreakdown order={order} />
        <OrderSeats items={order.items} />
      </Stack>
    </Card>
  );
}
