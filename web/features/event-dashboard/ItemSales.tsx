import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Table, Text, Title } from '@mantine/core';
import type { EventStatsResponse } from '../../../common/events';
import { formatMoney } from '../../../common/money';
import { Card } from '../events/EventLayout';

/**
 * Sales per ticket and product (issue 37): units sold and what paid orders' lines of each came
 * to, in the catalogue's order, so an organizer sees at a glance which size or add-on sells.
 */
export function ItemSales({ s }: { s: EventStatsResponse }) {
  const { t, i18n } = useLingui();
  const count = new Intl.NumberFormat(i18n.locale);
  if (s.sales_by_item.length === 0) return null;
  return (
    <Card>
      <Title order={3} fz="lg" mb="md">
        <Trans>Sales by ticket and product</Trans>
      </Title>
      <Table.ScrollContainer minWidth={420} type="native">
        <Table verticalSpacing="xs" aria-label={t`Sales by ticket and product`} data-testid="item-sales">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Item</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Sold</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Gross sales</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.sales_by_item.map((item) => (
              <Table.Tr key={item.ticket_id} data-testid="item-sales-row">
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {item.title}
                    </Text>
                    {item.kind === 'PRODUCT' ? (
                      <Badge variant="light" color="gray" size="sm">
                        <Trans>Product</Trans>
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{count.format(item.sold)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.gross_sales, s.currency, i18n.locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
