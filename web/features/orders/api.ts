import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrderDetailResponse,
  AdminOrderResponse,
  CancelOrderRequest,
  UpdateOrderBuyerRequest,
} from '../../../common/admin-orders';
import type { PageMeta } from '../../../common/list-query';
import type { RecordRefundRequest, RefundOrderRequest } from '../../../common/payments';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';
import { listQuery, type OrdersParams } from './params';

export const ordersQuery = (eventId: number, params: OrdersParams) => {
  const query = listQuery(params);
  return queryOptions({
    queryKey: queryKeys.adminOrders.list(eventId, query),
    queryFn: ({ signal }) =>
      apiFetch<{ data: AdminOrderResponse[]; meta: PageMeta }>(`/events/${eventId}/orders`, {
        signal,
        query,
      }),
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });
};

export const orderQuery = (eventId: number, orderId: number) =>
  queryOptions({
    queryKey: queryKeys.adminOrders.detail(eventId, orderId),
    queryFn: ({ signal }) =>
      apiFetch<AdminOrderDetailResponse>(`/events/${eventId}/orders/${orderId}`, { signal }),
    ...whileLoggedIn,
  });

export const useOrders = (eventId: number, params: OrdersParams) => useQuery(ordersQuery(eventId, params));
export const useOrder = (eventId: number, orderId: number | null) =>
  useQuery({ ...orderQuery(eventId, orderId ?? 0), enabled: orderId !== null });

/** A change to one order: afterwards the list, the order and the event's counts are read again. */
function useOrderAction<V>(eventId: number, mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) }),
  });
}

const path = (eventId: number, orderId: number, action = '') =>
  `/events/${eventId}/orders/${orderId}${action}`;

export const useMarkPaid = (eventId: number, orderId: number) =>
  useOrderAction(eventId, () => apiFetch(path(eventId, orderId, '/mark-paid'), { method: 'POST' }));
export const useCancelOrder = (eventId: number, orderId: number) =>
  useOrderAction(eventId, (body: CancelOrderRequest) =>
    apiFetch(path(eventId, orderId, '/cancel'), { method: 'POST', body }),
  );
export const useResendOrder = (eventId: number, orderId: number) =>
  useOrderAction(eventId, () => apiFetch(path(eventId, orderId, '/resend'), { method: 'POST' }));
export const useAddNote = (eventId: number, orderId: number) =>
  useOrderAction(eventId, (note: string) =>
    apiFetch(path(eventId, orderId, '/notes'), { method: 'POST', body: { note } }),
  );
export const useUpdateBuyer = (eventId: number, orderId: number) =>
  useOrderAction(eventId, (body: UpdateOrderBuyerRequest) =>
    apiFetch(path(eventId, orderId), { method: 'PUT', body }),
  );
export const useRefund = (eventId: number, orderId: number) =>
  useOrderAction(eventId, (body: RefundOrderRequest) =>
    apiFetch(path(eventId, orderId, '/refund'), { method: 'POST', body }),
  );
export const useRecordRefund = (eventId: number, orderId: number) =>
  useOrderAction(eventId, (body: RecordRefundRequest) =>
    apiFetch(path(eventId, orderId, '/offline-refunds'), { method: 'POST', body }),
  );
