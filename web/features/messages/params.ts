import { RECIPIENT_STATUSES, type RecipientStatus } from '../../../common/messages';

/** A message's recipient list as the page shows it; kept in the address so that reload and back keep it. */
export interface RecipientsParams {
  page: number;
  query: string;
  status: RecipientStatus | null;
}

export const RECIPIENTS_PER_PAGE = 25;

export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : null;
}

/** Reads the recipient list's state from the address; anything unknown falls back to the default. */
export function recipientsParamsFromSearch(search: URLSearchParams): RecipientsParams {
  const status = search.get('status');
  return {
    page: positiveInt(search.get('page')) ?? 1,
    query: search.get('query')?.trim() ?? '',
    status: RECIPIENT_STATUSES.find((known) => known === status) ?? null,
  };
}

/** Writes the recipient list's state to the address, leaving out the defaults. */
export function searchFromRecipientsParams(params: RecipientsParams): Record<string, string> {
  const entries: Record<string, string> = {};
  if (params.query) entries.query = params.query;
  if (params.status) entries.status = params.status;
  if (params.page > 1) entries.page = String(params.page);
  return entries;
}

/** The query of `GET /api/events/{id}/messages/{messageId}/recipients`. */
export const recipientsQuery = (params: RecipientsParams) => ({
  page: params.page,
  per_page: RECIPIENTS_PER_PAGE,
  sort_by: 'email',
  sort_direction: 'asc',
  query: params.query || undefined,
  'filter_fields[status][eq]': params.status ?? undefined,
});
