import { ORDER_STATUSES, type OrderStatus } from '../../../common/orders';

export type OrderSort = 'created_at' | 'total' | 'reference';
const SORTS: readonly OrderSort[] = ['created_at', 'total', 'reference'];

/** The order list as the page shows it; kept in the address so that reload and back keep it. */
export interface OrdersParams {
  page: number;
  query: string;
  sortBy: OrderSort;
  sortDirection: 'asc' | 'desc';
  status: OrderStatus | null;
  /** Only the orders credited to this affiliate (its id). */
  affiliateId: number | null;
  /** One date of the event (issue 36), or all. */
  dateId: number | null;
  /** The order whose details are open, if any. */
  orderId: number | null;
}

export const ORDERS_PER_PAGE = 20;

export const DEFAULT_PARAMS: OrdersParams = {
  page: 1,
  query: '',
  sortBy: 'created_at',
  sortDirection: 'desc',
  status: null,
  affiliateId: null,
  dateId: null,
  orderId: null,
};

const positiveInt = (value: string | null): number | null => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : null;
};

/** Reads the page's state from the address; anything unknown falls back to the default. */
export function paramsFromSearch(search: URLSearchParams): OrdersParams {
  const sortBy = search.get('sort_by');
  const direction = search.get('sort_direction');
  const status = search.get('status');
  return {
    page: positiveInt(search.get('page')) ?? 1,
    query: search.get('query')?.trim() ?? '',
    sortBy: SORTS.includes(sortBy as OrderSort) ? (sortBy as OrderSort) : DEFAULT_PARAMS.sortBy,
    sortDirection: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_PARAMS.sortDirection,
    status: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : null,
    affiliateId: positiveInt(search.get('affiliate')),
    dateId: positiveInt(search.get('date')),
    orderId: positiveInt(search.get('order')),
  };
}

/** Writes the page's state to the address, leaving out the defaults. */
export function searchFromParams(params: OrdersParams): Record<string, string> {
  const entries: Record<string, string> = {};
  if (params.query) entries.query = params.query;
  if (params.status) entries.status = params.status;
  if (params.affiliateId !== null) entries.affiliate = String(params.affiliateId);
  if (params.dateId !== null) entries.date = String(params.dateId);
  if (params.sortBy !== DEFAULT_PARAMS.sortBy) entries.sort_by = params.sortBy;
  if (params.sortDirection !== DEFAULT_PARAMS.sortDirection) entries.sort_direction = params.sortDirection;
  if (params.page > 1) entries.page = String(params.page);
  if (params.orderId !== null) entries.order = String(params.orderId);
  return entries;
}

/** The search and filter, as the list and its export both take them. */
export const filterQuery = (params: OrdersParams) => ({
  query: params.query.trim() || undefined,
  'filter_fields[status][eq]': params.status ?? undefined,
  'filter_fields[affiliate_id][eq]': params.affiliateId ?? undefined,
  date_id: params.dateId ?? undefined,
});

export const listQuery = (params: OrdersParams) => ({
  page: params.page,
  per_page: ORDERS_PER_PAGE,
  sort_by: params.sortBy,
  sort_direction: params.sortDirection,
  ...filterQuery(params),
});
