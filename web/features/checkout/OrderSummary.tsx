import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../tickets/money';
import type { PublicOrder } from './api';

/** The sidebar: what is in the order and what it costs, in the order's currency. */
export function OrderSummary({ order }: { order: PublicOrder }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const { totals } = order;
  return (
    <Paper withBorder radius="lg" p="md" component="aside" aria-labelledby="order-summary-heading">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="order-summary-heading">
          <Trans>Order summary</Trans>
        </Title>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {order.items.map((item) => (
            <Group component="li" key={item.id} justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.quantity} × {item.title}
                {item.price_label ? ` – ${item.price_label}` : ''}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {item.unit_price === 0 && item.total === 0 ? (
                  <Trans>Free</Trans>
                ) : (
                  money(item.unit_price * item.quantity)
                )}
              </Text>
            </Group>
          ))}
        </Stack>
        <Divider />
        {totals.discount > 0 ? (
          <Row
            label={order.promo_code ? <Trans>Discount ({order.promo_code})</Trans> : <Trans>Discount</Trans>}
            value={`−${money(totals.discount)}`}
          />
        ) : null}
        {totals.fees > 0 ? <Row label={<Trans>Fees</Trans>} value={money(totals.fees)} /> : null}
        {totals.taxes > 0 ? <Row label={<Trans>Taxes</Trans>} value={money(totals.taxes)} /> : null}
        <Group justify="space-between" data-testid="order-total">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={700} fz="lg">
            {money(totals.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function Row({ label, value }: { label: React.ReactNode; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
