import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceListItem,
  InvoiceResponse,
  InvoiceSettingsRequest,
  InvoiceSettingsResponse,
} from '../../../common/invoices';
import type { PageMeta } from '../../../common/list-query';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';
import type { ExportFormat } from '../../components/ExportMenu';
import { downloadExport, downloadFile } from '../../components/export-download';
import { filterQuery, type InvoicesParams, listQuery } from './params';

// Invoices and credit notes (issue 38, docs/decisions/053-invoices.md): the seller's settings,
// an order's documents and their PDFs.

export const invoiceSettingsQuery = queryOptions({
  queryKey: queryKeys.invoiceSettings,
  queryFn: ({ signal }) =>
    apiFetch<InvoiceSettingsResponse>('/accounts/current/invoice-settings', { signal }),
  ...whileLoggedIn,
});

export const useInvoiceSettings = () => useQuery(invoiceSettingsQuery);

export function useUpdateInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceSettingsRequest) =>
      apiFetch<InvoiceSettingsResponse>('/accounts/current/invoice-settings', { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.invoiceSettings, settings),
  });
}

/** The order's invoice and credit notes, oldest first (none while invoicing is off). */
export const useOrderInvoices = (eventId: number, orderId: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.invoices.order(eventId, orderId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: InvoiceResponse[] }>(`/events/${eventId}/orders/${orderId}/invoices`, { signal }),
    select: (answer) => answer.data,
    ...whileLoggedInAnd(enabled),
  });

/** Saves one invoice or credit note as the PDF the server draws from its frozen document. */
export function downloadInvoicePdf(
  invoice: Pick<InvoiceResponse, 'id' | 'event_id' | 'order_id' | 'reference'>,
) {
  return downloadFile({
    path: `/events/${invoice.event_id}/orders/${invoice.order_id}/invoices/${invoice.id}/pdf`,
    fallbackName: `${invoice.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
  });
}

/** Whose invoices a screen lists: one event's, or (null) the whole account's. */
export type InvoiceScope = { eventId: number } | null;

const basePath = (scope: InvoiceScope) =>
  scope === null ? '/accounts/current/invoices' : `/events/${scope.eventId}/invoices`;

export const useInvoices = (scope: InvoiceScope, params: InvoicesParams) => {
  const query = listQuery(params);
  return useQuery({
    queryKey: queryKeys.invoices.list(scope?.eventId ?? null, query),
    queryFn: ({ signal }) =>
      apiFetch<{ data: InvoiceListItem[]; meta: PageMeta }>(basePath(scope), { signal, query }),
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });
};

/** The list as it is searched and filtered, as CSV or XLSX. */
export const downloadInvoices = ({
  scope,
  params,
  format,
  onProgress,
}: {
  scope: InvoiceScope;
  params: InvoicesParams;
  format: ExportFormat;
  onProgress: (bytes: number) => void;
}) =>
  downloadExport({
    path: `${basePath(scope)}/export`,
    query: filterQuery(params),
    format,
    fallbackName: scope === null ? 'invoices' : `invoices-${scope.eventId}`,
    onProgress,
  });

/** One month's documents (YYYY-MM), a PDF each, in a ZIP. */
export const downloadInvoiceMonth = (scope: InvoiceScope, month: string) =>
  downloadFile({ path: `${basePath(scope)}/zip`, query: { month }, fallbackName: `invoices-${month}.zip` });
