import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type BreakdownSource, orderBreakdown } from '../../common/order-breakdown';
import { describeBreakdown } from '../../common/order-breakdown-text';
import { Divider, Group, Stack, Text } from '../ui';

/**
 * An order's price breakdown (`common/order-breakdown.ts`), as checkout, the order pages and
 * the organizer's order screen all show it: the rows that add up to the total, the total, and
 * in the inclusive display what the total includes. `children` come after (refunds).
 */
export function PriceBreakdown({
  order,
  children,
}: {
  order: BreakdownSource & { currency: string };
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const text = describeBreakdown(orderBreakdown(order), { i18n, currency: order.currency });
  return (
    <Stack gap="xs" data-testid="price-breakdown">
      <Stack as="ul" gap="xs" className="ui-bare-list">
        {text.rows.map((row) => (
          <Group
            as="li"
            key={row.key}
            justify="between"
            align="start"
            nowrap
            data-testid="breakdown-row"
            data-kind={row.kind}
          >
            <Stack gap="0" style={{ minWidth: 0 }}>
              <Text size="sm" tone={row.kind === 'LINE' ? undefined : 'muted'} data-testid="breakdown-label">
                {row.label}
              </Text>
              {row.detail ? (
                <Text size="xs" tone="muted" data-testid="breakdown-detail">
                  {row.detail}
                </Text>
              ) : null}
            </Stack>
            <Text
              size="sm"
              weight={row.kind === 'LINE' ? 600 : undefined}
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              data-testid="breakdown-amount"
            >
              {row.amount}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider />
      <Group justify="between" data-testid="order-total">
        <Text weight={700}>{text.total.label}</Text>
        <Text weight={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {text.total.amount}
        </Text>
      </Group>
      {text.included.map((sentence) => (
        <Text
          key={sentence}
          size="xs"
          tone="muted"
          style={{ textAlign: 'right' }}
          data-testid="breakdown-included"
        >
          {sentence}
        </Text>
      ))}
      {children}
    </Stack>
  );
}
