import { queryOptions } from '@tanstack/react-query';
import type {
  OrderLinkResponse,
  OrderLookupAccepted,
  OrderLookupRequest,
} from '../../../common/order-lookup';
import type { DataRequest, DataRequestAccepted } from '../../../common/personal-data';
import { apiFetch } from '../../api/client';

/** `POST /api/public/events/{id}/order-lookup`: the same answer whatever the address has (decision 056). */
export const requestOrderLookup = (eventId: string, body: OrderLookupRequest) =>
  apiFetch<OrderLookupAccepted>(`/public/events/${encodeURIComponent(eventId)}/order-lookup`, {
    method: 'POST',
    body,
  });

/** `GET /api/public/order-links/{token}`: the page a "Find my tickets" link opens (410 once expired). */
export const orderLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['public', 'order-link', token] as const,
    queryFn: ({ signal }) =>
      apiFetch<OrderLinkResponse>(`/public/order-links/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

/** `POST /api/public/data-requests`: a link to the export of the address's data, mailed to it (decision 064). */
export const requestDataExport = (body: DataRequest) =>
  apiFetch<DataRequestAccepted>('/public/data-requests', { method: 'POST', body });
