import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type InvoiceKind,
  type InvoiceStatus,
} from '../../../common/invoices';

export type InvoiceSort = 'issued_at' | 'number';
const SORTS: readonly InvoiceSort[] = ['issued_at', 'number'];

/** An invoice list as the page shows it; kept in the address so that reload and back keep it. */
export interface InvoicesParams {
  page: number;
  query: string;
  sortBy: InvoiceSort;
  sortDirection: 'asc' | 'desc';
  kind: InvoiceKind | null;
  status: InvoiceStatus | null;
}

export const INVOICES_PER_PAGE = 20;

export const DEFAULT_PARAMS: InvoicesParams = {
  page: 1,
  query: '',
  sortBy: 'issued_at',
  sortDirection: 'desc',
  kind: null,
  status: null,
};

const positiveInt = (value: string | null): number | null => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : null;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.includes(value as T) ? (value as T) : null;

/** Reads the page's state from the address; anything unknown falls back to the default. */
export function paramsFromSearch(search: URLSearchParams): InvoicesParams {
  const direction = search.get('sort_direction');
  return {
    page: positiveInt(search.get('page')) ?? 1,
    query: search.get('query')?.trim() ?? '',
    sortBy: oneOf(SORTS, search.get('sort_by')) ?? DEFAULT_PARAMS.sortBy,
    sortDirection: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_PARAMS.sortDirection,
    kind: oneOf(INVOICE_KINDS, search.get('kind')),
    status: oneOf(INVOICE_STATUSES, search.get('status')),
  };
}

/** Writes the page's state to the address, leaving out the defaults. */
export function searchFromParams(params: InvoicesParams): Record<string, string> {
  const entries: Record<string, string> = {};
  if (params.query) entries.query = params.query;
  if (params.kind) entries.kind = params.kind;
  if (params.status) entries.status = params.status;
  if (params.sortBy !== DEFAULT_PARAMS.sortBy) entries.sort_by = params.sortBy;
  if (params.sortDirection !== DEFAULT_PARAMS.sortDirection) entries.sort_direction = params.sortDirection;
  if (params.page > 1) entries.page = String(params.page);
  return entries;
}

/** The search and filters, as the list and its export both take them. */
export const filterQuery = (params: InvoicesParams) => ({
  query: params.query.trim() || undefined,
  'filter_fields[kind][eq]': params.kind ?? undefined,
  'filter_fields[status][eq]': params.status ?? undefined,
});

export const listQuery = (params: InvoicesParams) => ({
  page: params.page,
  per_page: INVOICES_PER_PAGE,
  sort_by: params.sortBy,
  sort_direction: params.sortDirection,
  ...filterQuery(params),
});

/** The last `count` months, newest first, as YYYY-MM (in the browser's time zone). */
export function recentMonths(now: Date, count = 24): string[] {
  return Array.from({ length: count }, (_, back) => {
    const month = new Date(now.getFullYear(), now.getMonth() - back, 1);
    return `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
  });
}
