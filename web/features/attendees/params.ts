import { ATTENDEE_STATUSES, type AttendeeStatus } from '../../../common/orders';

export type AttendeeSort = 'created_at' | 'last_name' | 'first_name' | 'email';
const SORTS: readonly AttendeeSort[] = ['created_at', 'last_name', 'first_name', 'email'];

/** The attendee list as the page shows it; kept in the address so that reload and back keep it. */
export interface AttendeesParams {
  page: number;
  query: string;
  sortBy: AttendeeSort;
  sortDirection: 'asc' | 'desc';
  ticketId: number | null;
  status: AttendeeStatus | null;
  /** One date of the event (issue 36), or all. */
  dateId: number | null;
  /** The attendee whose details are open, if any. */
  attendeeId: number | null;
}

export const ATTENDEES_PER_PAGE = 20;

export const DEFAULT_PARAMS: AttendeesParams = {
  page: 1,
  query: '',
  sortBy: 'created_at',
  sortDirection: 'desc',
  ticketId: null,
  status: null,
  dateId: null,
  attendeeId: null,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : null;
}

/** Reads the page's state from the address; anything unknown or malformed falls back to the default. */
export function paramsFromSearch(search: URLSearchParams): AttendeesParams {
  const sortBy = oneOf(SORTS, search.get('sort_by'));
  const direction = search.get('sort_direction');
  return {
    page: positiveInt(search.get('page')) ?? 1,
    query: search.get('query')?.trim() ?? '',
    sortBy: sortBy ?? DEFAULT_PARAMS.sortBy,
    sortDirection: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_PARAMS.sortDirection,
    ticketId: positiveInt(search.get('ticket')),
    status: oneOf(ATTENDEE_STATUSES, search.get('status')),
    dateId: positiveInt(search.get('date')),
    attendeeId: positiveInt(search.get('attendee')),
  };
}

/** Writes the page's state to the address, leaving out what is the default. */
export function searchFromParams(params: AttendeesParams): Record<string, string> {
  const entries: Record<string, string> = {};
  if (params.query) entries.query = params.query;
  if (params.ticketId !== null) entries.ticket = String(params.ticketId);
  if (params.status) entries.status = params.status;
  if (params.dateId !== null) entries.date = String(params.dateId);
  if (params.sortBy !== DEFAULT_PARAMS.sortBy) entries.sort_by = params.sortBy;
  if (params.sortDirection !== DEFAULT_PARAMS.sortDirection) entries.sort_direction = params.sortDirection;
  if (params.page > 1) entries.page = String(params.page);
  if (params.attendeeId !== null) entries.attendee = String(params.attendeeId);
  return entries;
}

type ApiQuery = Record<string, string | number | undefined>;

/** The search and filters of the list, as the list and its export both take them. */
export function filterQuery(params: AttendeesParams): ApiQuery {
  return {
    query: params.query.trim() || undefined,
    'filter_fields[ticket_id][eq]': params.ticketId ?? undefined,
    'filter_fields[status][eq]': params.status ?? undefined,
    date_id: params.dateId ?? undefined,
  };
}

/** The list query of `GET /api/events/{id}/attendees`. */
export function listQuery(params: AttendeesParams): ApiQuery {
  return {
    page: params.page,
    per_page: ATTENDEES_PER_PAGE,
    sort_by: params.sortBy,
    sort_direction: params.sortDirection,
    ...filterQuery(params),
  };
}

/** Whether a search or filter narrows the list (an empty list then means "nothing matches"). */
export const isFiltered = (params: AttendeesParams): boolean =>
  params.query !== '' || params.ticketId !== null || params.status !== null || params.dateId !== null;
