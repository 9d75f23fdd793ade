import '@mantine/core/styles/Input.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { INVOICE_KINDS, INVOICE_STATUSES } from '../../../common/invoices';
import { ExportMenu } from '../../components/ExportMenu';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPage, ListSearch } from '../../components/ListPage';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { FitSelect } from '../../components/selects';
import { useSearchBox } from '../../components/use-search-box';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { downloadInvoices, type InvoiceScope, useInvoices } from './api';
import { InvoicesTable } from './InvoicesTable';
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from './labels';
import { MonthZip } from './MonthZip';
import { type InvoicesParams, paramsFromSearch, searchFromParams } from './params';

const ALL = 'all';

/** `/manage/event/:eventId/invoices`: the event's invoices and credit notes. */
export function EventInvoicesPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading invoices`} />;
  return (
    <Invoices
      scope={{ eventId: event.data.id }}
      documentTitle={`${t`Invoices`} · ${event.data.title} · Tessera`}
    />
  );
}

/** `/account/invoices` (ADMIN): the invoices and credit notes of all the account's events. */
export function AccountInvoicesPage() {
  const { t } = useLingui();
  return (
    <RequirePermission permission="account.manage">
      <Invoices scope={null} documentTitle={`${t`Invoices`} · Tessera`} />
    </RequirePermission>
  );
}

function useInvoicesParams(): [InvoicesParams, (change: Partial<InvoicesParams>, push?: boolean) => void] {
  const [search, setSearch] = useSearchParams();
  const params = paramsFromSearch(search);
  const update = (change: Partial<InvoicesParams>, push = false) => {
    const page = 'page' in change ? {} : { page: 1 };
    setSearch(searchFromParams({ ...params, ...page, ...change }), { replace: !push });
  };
  return [params, update];
}

function Invoices({ scope, documentTitle }: { scope: InvoiceScope; documentTitle: string }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useInvoicesParams();
  const invoices = useInvoices(scope, params);
  const [searchText, setSearchText] = useSearchBox(params.query, (query) => setParams({ query }));
  const filtered = params.query !== '' || params.kind !== null || params.status !== null;
  if (invoices.isError && isForbidden(invoices.error)) return <NoPermissionPage />;
  const total = invoices.data?.meta.total ?? 0;
  const hasAny = invoices.data !== undefined && (total > 0 || filtered);

  return (
    <ListPage
      documentTitle={documentTitle}
      title={<Trans>Invoices</Trans>}
      description={
        <Trans>
          Every invoice and credit note issued: find one, open its order, export them or download a month's
          PDFs for your accountant.
        </Trans>
      }
      actions={
        hasAny ? (
          <ExportMenu
            download={(format, onProgress) => downloadInvoices({ scope, params, format, onProgress })}
            done={t`The invoices have been exported.`}
            failed={t`The export of invoices failed. Please try again.`}
          />
        ) : null
      }
      intro={hasAny ? <MonthZip scope={scope} /> : null}
      filters={
        hasAny ? (
          <>
            <ListSearch placeholder={t`Number, buyer or order`} value={searchText} onChange={setSearchText} />
            <FitSelect
              label={t`Kind`}
              data={[
                { value: ALL, label: t`Invoices and credit notes` },
                ...INVOICE_KINDS.map((kind) => ({ value: kind, label: i18n._(INVOICE_KIND_LABELS[kind]) })),
              ]}
              value={params.kind ?? ALL}
              onChange={(value) => setParams({ kind: INVOICE_KINDS.find((kind) => kind === value) ?? null })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <FitSelect
              label={t`Status`}
              data={[
                { value: ALL, label: t`Any status` },
                ...INVOICE_STATUSES.map((status) => ({
                  value: status,
                  label: i18n._(INVOICE_STATUS_LABELS[status]),
                })),
              ]}
              value={params.status ?? ALL}
              onChange={(value) =>
                setParams({ status: INVOICE_STATUSES.find((status) => status === value) ?? null })
              }
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        ) : null
      }
      query={invoices}
      loadingLabel={t`Loading invoices`}
      errorTitle={t`Could not load the invoices`}
      isEmpty={(page) => page.data.length === 0}
      empty={{
        title: filtered ? <Trans>No invoice matches</Trans> : <Trans>No invoices yet</Trans>,
        description: filtered ? (
          <Trans>Try another search, or clear the filters.</Trans>
        ) : (
          <Trans>
            Invoices appear here as orders are completed, once invoicing is on in the invoice settings.
          </Trans>
        ),
        actions: filtered ? (
          <Button
            variant="default"
            onClick={() => {
              setSearchText('');
              setParams({ query: '', kind: null, status: null });
            }}
          >
            <Trans>Clear filters</Trans>
          </Button>
        ) : (
          <Group>
            <Button component={Link} to="/account/invoice-settings" variant="default">
              <Trans>Invoice settings</Trans>
            </Button>
          </Group>
        ),
      }}
      table={(page) => (
        <InvoicesTable
          rows={page.data}
          params={params}
          showEvent={scope === null}
          onSort={(sorting) => setParams(sorting)}
          busy={invoices.isPlaceholderData}
        />
      )}
      pagination={(page) =>
        total > 0
          ? {
              count: <Plural value={total} one="# document" other="# documents" />,
              page: params.page,
              lastPage: page.meta.last_page,
              onPage: (next) => setParams({ page: next }, true),
            }
          : null
      }
    />
  );
}
