import { useLingui } from '@lingui/react/macro';
import { Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type BreakdownSource, orderBreakdown } from '../../common/order-breakdown';
import { describeBreakdown } from '../../common/order-breakdown-text';

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
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {text.rows.map((row) => (
          <Group
            component="li"
            key={row.key}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            data-testid="breakdown-row"
            data-kind={row.kind}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text
                size="sm"
                c={row.kind === 'LINE' ? undefined : 'gray.7'}
                style={{ overflowWrap: 'anywhere' }}
                data-testid="breakdown-label"
              >
                {row.label}
              </Text>
              {row.detail ? (
                <Text size="xs" c="gray.7" data-testid="breakdown-detail">
                  {row.detail}
                </Text>
              ) : null}
            </Stack>
            <Text
              size="sm"
              fw={row.kind === 'LINE' ? 600 : undefined}
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              data-testid="breakdown-amount"
            >
              {row.amount}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider />
      <Group justify="space-between" data-testid="order-total">
        <Text fw={700}>{text.total.label}</Text>
        <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {text.total.amount}
        </Text>
      </Group>
      {text.included.map((sentence) => (
        <Text key={sentence} size="xs" c="gray.7" ta="right" data-testid="breakdown-included">
          {sentence}
        </Text>
      ))}
      {children}
    </Stack>
  );
}
