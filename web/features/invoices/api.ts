import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceResponse,
  InvoiceSettingsRequest,
  InvoiceSettingsResponse,
} from '../../../common/invoices';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn, whileLoggedInAnd } from '../../api/token';
import { downloadFile } from '../../components/export-download';

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
