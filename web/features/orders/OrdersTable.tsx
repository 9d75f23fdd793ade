import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminOrderResponse } from '../../../common/admin-orders';
import { formatMoney } from '../../../common/money';
import { SortableHeader } from '../../components/SortableHeader';
import { DateCell } from '../event-dates/DateFilter';
import { formatEventDate } from '../events/datetime';
import { OrderStateBadge } from './OpenCheckout';
import { type OrdersParams, searchFromParams } from './params';

type Sorting = Pick<OrdersParams, 'sortBy' | 'sortDirection'>;

export const buyerName = (order: Pick<AdminOrderResponse, 'first_name' | 'last_name'>) =>
  [order.first_name, order.last_name].filter(Boolean).join(' ');

export function OrdersTable({
  orders,
  params,
  timezone,
  showDate,
  onSort,
  busy,
}: {
  orders: AdminOrderResponse[];
  params: OrdersParams;
  timezone: string;
  /** The event has several dates: a "Date" column says which each order is for. */
  showDate: boolean;
  onSort: (sorting: Sorting) => void;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const sorting = { sortBy: params.sortBy, sortDirection: params.sortDirection };
  return (
    <Table.ScrollContainer minWidth={showDate ? 880 : 760} type="native">
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        highlightOnHover
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <SortableHeader field="reference" sorting={sorting} onSort={onSort} firstDirection="asc">
              <Trans>Order</Trans>
            </SortableHeader>
            <Table.Th>
              <Trans>Buyer</Trans>
            </Table.Th>
            {showDate ? (
              <Table.Th>
                <Trans>Date</Trans>
              </Table.Th>
            ) : null}
            <Table.Th ta="right">
              <Trans>Tickets</Trans>
            </Table.Th>
            <SortableHeader
              field="total"
              sorting={sorting}
              onSort={onSort}
              firstDirection="desc"
              align="right"
            >
              <Trans>Total</Trans>
            </SortableHeader>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <SortableHeader field="created_at" sorting={sorting} onSort={onSort} firstDirection="desc">
              <Trans>Placed</Trans>
            </SortableHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => {
            const reference = order.reference;
            return (
              <Table.Tr key={order.id} data-testid="order-row">
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={{
                      search: new URLSearchParams(
                        searchFromParams({ ...params, orderId: order.id }),
                      ).toString(),
                    }}
                    fw={600}
                    ff="monospace"
                    aria-label={t`Order ${reference}`}
                  >
                    {reference}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {buyerName(order) || '—'}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {order.email}
                    </Text>
                  </Stack>
                </Table.Td>
                {showDate ? (
                  <Table.Td>
                    <DateCell date={order.date} timezone={timezone} />
                  </Table.Td>
                ) : null}
                <Table.Td ta="right" data-testid="order-tickets">
                  <TicketCount order={order} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatMoney(order.total, order.currency, i18n.locale)}</Text>
                  {order.refunded_total > 0 ? (
                    <Text size="xs" c="gray.7">
                      {t`Refunded ${formatMoney(order.refunded_total, order.currency, i18n.locale)}`}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <OrderStateBadge order={order} size="sm" />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatEventDate(order.created_at, timezone, i18n.locale)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "2", or "2 (1 cancelled)" when some of the order's tickets were cancelled one by one. */
function TicketCount({ order }: { order: AdminOrderResponse }) {
  const { t } = useLingui();
  const count = order.attendee_count;
  const cancelled = order.cancelled_attendee_count;
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {cancelled > 0 ? t`${count} (${cancelled} cancelled)` : count}
    </Text>
  );
}
