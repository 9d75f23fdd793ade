import '@mantine/core/styles/Input.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { EventResponse } from '../../../common/events';
import { ORDER_STATUSES } from '../../../common/orders';
import { ExportMenu } from '../../components/ExportMenu';
import { downloadExport } from '../../components/export-download';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPage, ListSearch } from '../../components/ListPage';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { ORDER_STATUS_LABELS } from '../../components/OrderStatusBadge';
import { FitSelect } from '../../components/selects';
import { useSearchBox } from '../../components/use-search-box';
import { useAffiliates } from '../affiliates/api';
import { DateFilterSelect, useDateChoices } from '../event-dates/DateFilter';
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
  const dates = useDateChoices(event.id, event.timezone);

  const filtered =
    params.query !== '' || params.status !== null || params.affiliateId !== null || params.dateId !== null;
  if (orders.isError && isForbidden(orders.error)) return <NoPermissionPage />;
  const total = orders.data?.meta.total ?? 0;
  const hasAny = orders.data !== undefined && (total > 0 || filtered);

  return (
    <ListPage
      documentTitle={`${t`Orders`} · ${event.title} · Tessera`}
      title={<Trans>Orders</Trans>}
      description={
        <Trans>Every order placed: find one, mark an offline payment as received, refund or cancel.</Trans>
      }
      actions={
        hasAny ? (
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
        ) : null
      }
      filters={
        hasAny ? (
          <>
            <ListSearch
              placeholder={t`Reference, name or e-mail`}
              value={searchText}
              onChange={setSearchText}
            />
            <DateFilterSelect
              eventId={event.id}
              timezone={event.timezone}
              value={params.dateId}
              onChange={(dateId) => setParams({ dateId })}
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
          </>
        ) : null
      }
      query={orders}
      loadingLabel={t`Loading orders`}
      errorTitle={t`Could not load the orders`}
      isEmpty={(page) => page.data.length === 0}
      empty={{
        title: filtered ? <Trans>No order matches</Trans> : <Trans>No orders yet</Trans>,
        description: filtered ? (
          <Trans>Try another search, or clear the filters.</Trans>
        ) : (
          <Trans>Orders appear here as buyers check out on the event page.</Trans>
        ),
        actions: filtered ? (
          <Button
            variant="default"
            onClick={() => {
              setSearchText('');
              setParams({ query: '', status: null, affiliateId: null, dateId: null });
            }}
          >
            <Trans>Clear filters</Trans>
          </Button>
        ) : null,
      }}
      table={(page) => (
        <OrdersTable
          orders={page.data}
          params={params}
          timezone={event.timezone}
          showDate={dates.several}
          onSort={(sorting) => setParams(sorting)}
          busy={orders.isPlaceholderData}
        />
      )}
      pagination={(page) =>
        total > 0
          ? {
              count: <Plural value={total} one="# order" other="# orders" />,
              page: params.page,
              lastPage: page.meta.last_page,
              onPage: (next) => setParams({ page: next }, true),
            }
          : null
      }
    >
      <OrderDrawer
        eventId={event.id}
        orderId={params.orderId}
        timezone={event.timezone}
        onClose={() => setParams({ orderId: null })}
      />
    </ListPage>
  );
}
