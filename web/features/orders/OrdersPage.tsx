import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/EmptyState.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { EventResponse } from '../../../common/events';
import { ORDER_STATUSES } from '../../../common/orders';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ExportMenu } from '../../components/ExportMenu';
import { downloadExport } from '../../components/export-download';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPagination } from '../../components/ListPagination';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { ORDER_STATUS_LABELS } from '../../components/OrderStatusBadge';
import { SearchIcon } from '../../components/organizer-icons';
import { FitSelect } from '../../components/selects';
import { useSearchBox } from '../../components/use-search-box';
import { useAffiliates } from '../affiliates/api';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useOrders } from './api';
import { OrderDrawer } from './OrderDrawer';
import { OrdersTable } from './OrdersTable';
import { filterQuery, type OrdersParams, paramsFromSearch, searchFromParams } from './params';

const ALL = 'all';

/** `/manage/event/:eventId/orders`: the event's orders, searched, filtered and opened one by one. */
export function OrdersPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading orders`} />;
  return <Orders event={event.data} />;
}

function useOrdersParams(): [OrdersParams, (change: Partial<OrdersParams>, push?: boolean) => void] {
  const [search, setSearch] = useSearchParams();
  const params = paramsFromSearch(search);
  const update = (change: Partial<OrdersParams>, push = false) => {
    const page = 'page' in change || Object.keys(change).every((key) => key === 'orderId') ? {} : { page: 1 };
    setSearch(searchFromParams({ ...params, ...page, ...change }), { replace: !push });
  };
  return [params, update];
}

function Orders({ event }: { event: EventResponse }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useOrdersParams();
  const orders = useOrders(event.id, params);
  const [searchText, setSearchText] = useSearchBox(params.query, (query) => setParams({ query }));
  // Members who may not see the affiliates (a 403) simply get no affiliate filter.
  const affiliates = useAffiliates(event.id).data ?? [];

  const filtered = params.query !== '' || params.status !== null || params.affiliateId !== null;
  if (orders.isError && isForbidden(orders.error)) return <NoPermissionPage />;
  const total = orders.data?.meta.total ?? 0;
  const hasAny = orders.data !== undefined && (total > 0 || filtered);

  return (
    <Stack gap="lg">
      <title>{`${t`Orders`} · ${event.title} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={560}>
          <Title order={2} fz="xl">
            <Trans>Orders</Trans>
          </Title>
          <Text size="sm" c="gray.7">
            <Trans>
              Every order placed: find one, mark an offline payment as received, refund or cancel.
            </Trans>
          </Text>
        </Stack>
        {hasAny ? (
          <ExportMenu
            download={(format, onProgress) =>
              downloadExport({
                path: `/events/${event.id}/orders/export`,
                query: filterQuery(params),
                format,
                fallbackName: `orders-${event.id}`,
                onProgress,
              })
            }
            done={t`The orders have been exported.`}
            failed={t`The export of orders failed. Please try again.`}
          />
        ) : null}
      </Group>

      {hasAny ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t`Search`}
            placeholder={t`Reference, name or e-mail`}
            leftSection={<SearchIcon size={16} />}
            type="search"
            value={searchText}
            onChange={(change) => setSearchText(change.currentTarget.value)}
            w={{ base: '100%', xs: 280 }}
          />
          <FitSelect
            label={t`Status`}
            data={[
              { value: ALL, label: t`Placed and in checkout` },
              ...ORDER_STATUSES.map((status) => ({
                value: status,
                label: i18n._(ORDER_STATUS_LABELS[status]),
              })),
            ]}
            value={params.status ?? ALL}
            onChange={(value) =>
              setParams({ status: ORDER_STATUSES.find((status) => status === value) ?? null })
            }
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {affiliates.length > 0 ? (
            <Select
              label={t`Affiliate`}
              data={[
                { value: ALL, label: t`All orders` },
                ...affiliates.map((affiliate) => ({
                  value: String(affiliate.id),
                  label: `${affiliate.name} (${affiliate.code})`,
                })),
              ]}
              value={params.affiliateId === null ? ALL : String(params.affiliateId)}
              onChange={(value) =>
                setParams({ affiliateId: value === null || value === ALL ? null : Number(value) })
              }
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 240 }}
            />
          ) : null}
        </Group>
      ) : null}

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {orders.isPending ? (
          <InlineLoader label={t`Loading orders`} />
        ) : orders.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={orders.error} title={t`Could not load the orders`} />
            <Button variant="default" w="fit-content" onClick={() => orders.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : orders.data.data.length === 0 ? (
          <EmptyState variant="light" py="xl">
            <EmptyState.Title order={3}>
              {filtered ? <Trans>No order matches</Trans> : <Trans>No orders yet</Trans>}
            </EmptyState.Title>
            <EmptyState.Description>
              {filtered ? (
                <Trans>Try another search, or clear the filters.</Trans>
              ) : (
                <Trans>Orders appear here as buyers check out on the event page.</Trans>
              )}
            </EmptyState.Description>
            {filtered ? (
              <EmptyState.Actions>
                <Button
                  variant="default"
                  onClick={() => {
                    setSearchText('');
                    setParams({ query: '', status: null, affiliateId: null });
                  }}
                >
                  <Trans>Clear filters</Trans>
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <OrdersTable
            orders={orders.data.data}
            params={params}
            timezone={event.timezone}
            onSort={(sorting) => setParams(sorting)}
            busy={orders.isPlaceholderData}
          />
        )}
      </Paper>

      {orders.data && total > 0 ? (
        <ListPagination
          count={<Plural value={total} one="# order" other="# orders" />}
          page={params.page}
          lastPage={orders.data.meta.last_page}
          onPage={(page) => setParams({ page }, true)}
        />
      ) : null}

      <OrderDrawer
        eventId={event.id}
        orderId={params.orderId}
        timezone={event.timezone}
        onClose={() => setParams({ orderId: null })}
      />
    </Stack>
  );
}
