import { useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { InvoiceListItem } from '../../../common/invoices';
import { formatMoney } from '../../../common/money';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { INVOICE_KIND_LABELS, InvoiceStatusBadge } from './labels';
import type { InvoiceSort, InvoicesParams } from './params';

/** A document's day of issue, in its event's time zone, as its PDF prints it. */
const dayOf = (row: InvoiceListItem, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: row.event.timezone }).format(
    new Date(row.issued_at),
  );

/** An invoice list: number, date, buyer, total, status and the order (a link to its drawer). */
export function InvoicesTable({
  rows,
  params,
  showEvent,
  onSort,
  busy,
}: {
  rows: InvoiceListItem[];
  params: InvoicesParams;
  /** The account's list: which event each document is of. */
  showEvent: boolean;
  onSort: (sorting: Pick<InvoicesParams, 'sortBy' | 'sortDirection'>) => void;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const columns: DataColumn<InvoiceListItem, InvoiceSort>[] = [
    {
      id: 'number',
      header: t`Number`,
      sortKey: 'number',
      firstDirection: 'desc',
      cell: (row) => {
        const credited = row.credits_invoice;
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600} ff="monospace">
              {row.reference}
            </Text>
            <Text size="xs" c="gray.7">
              {i18n._(INVOICE_KIND_LABELS[row.kind])}
              {credited ? ` · ${t`for ${credited}`}` : ''}
            </Text>
          </Stack>
        );
      },
    },
    {
      id: 'date',
      header: t`Date`,
      sortKey: 'issued_at',
      firstDirection: 'desc',
      cell: (row) => <Text size="sm">{dayOf(row, i18n.locale)}</Text>,
    },
    {
      id: 'buyer',
      header: t`Buyer`,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.buyer.company ?? (row.buyer.name || '—')}
          </Text>
          <Text size="xs" c="gray.7">
            {row.buyer.company ? `${row.buyer.name} · ` : ''}
            {row.buyer.email}
          </Text>
        </Stack>
      ),
    },
    ...(showEvent
      ? [
          {
            id: 'event',
            header: t`Event`,
            cell: (row: InvoiceListItem) => <Text size="sm">{row.event.title}</Text>,
          },
        ]
      : []),
    {
      id: 'total',
      header: t`Total`,
      align: 'right',
      cell: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.kind === 'CREDIT_NOTE' ? '−' : ''}
          {formatMoney(row.total, row.currency, i18n.locale)}
        </Text>
      ),
    },
    { id: 'status', header: t`Status`, cell: (row) => <InvoiceStatusBadge status={row.status} /> },
    {
      id: 'order',
      header: t`Order`,
      cell: (row) => {
        const reference = row.order_reference;
        return (
          <Anchor
            component={Link}
            to={`/manage/event/${row.event.id}/orders?order=${row.order_id}`}
            size="sm"
            ff="monospace"
            aria-label={t`Order ${reference}`}
          >
            {reference}
          </Anchor>
        );
      },
    },
  ];
  return (
    <DataTable
      label={t`Invoices`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sorting={{ sortBy: params.sortBy, sortDirection: params.sortDirection }}
      onSort={onSort}
      busy={busy}
      minWidth={showEvent ? 900 : 760}
    />
  );
}
