import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type BreakdownSource, type LineSource, orderBreakdown } from '../../common/order-breakdown';
import { describeBreakdown } from '../../common/order-breakdown-text';
import { Divider, Group, Stack, Text } from '../ui';
import { type AddonLineFields, addonHolders } from './addon-lines';

/**
 * An order's price breakdown (`common/order-breakdown.ts`), as checkout, the order pages and
 * the organizer's order screen all show it: the rows that add up to the total, the total, and
 * in the inclusive display what the total includes. `children` come after (refunds). An
 * add-on's line says whom it is for (decision 052): "for Rita Lima", or "for attendee 2" before
 * the attendees are named.
 */
export function PriceBreakdown({
  order,
  children,
}: {
  order: BreakdownSource & { currency: string; items: readonly (LineSource & AddonLineFields)[] };
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const text = describeBreakdown(orderBreakdown(order), { i18n, currency: order.currency });
  const holders = addonHolders(order.items);
  const holderOf = (key: string) => {
    const holder = key.startsWith('LINE:') ? holders.get(Number(key.slice(5))) : undefined;
    if (!holder) return null;
    const { name, number } = holder;
    return name ? t`for ${name}` : t`for attendee ${number}`;
  };
  return (
    <Stack gap="xs" data-testid="price-breakdown">
      <Stack as="ul" gap="xs" className="ui-bare-list">
        {text.rows.map((row) => {
          const detail = row.detail ?? holderOf(row.key);
          return (
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
                <Text
                  size="sm"
                  tone={row.kind === 'LINE' ? undefined : 'muted'}
                  data-testid="breakdown-label"
                >
                  {row.label}
                </Text>
                {detail ? (
                  <Text size="xs" tone="muted" data-testid="breakdown-detail">
                    {detail}
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
          );
        })}
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
