import type {
  CheckInAttendee,
  CheckInRequest,
  CheckInResponse,
  CheckOutResponse,
  PublicCheckInListResponse,
} from '../../../../common/check-in';
import { apiFetch } from '../../../api/client';
import type { OfflineList } from './verify';

const base = (shortId: string) => `/public/check-in-lists/${encodeURIComponent(shortId)}`;

/** The list and all its attendees (pages of 1,000), as a device keeps them to work offline. */
export async function fetchWholeList(shortId: string, signal?: AbortSignal): Promise<OfflineList> {
  const list = await apiFetch<PublicCheckInListResponse>(base(shortId), { signal });
  const attendees: CheckInAttendee[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiFetch<{ data: CheckInAttendee[]; meta: { last_page: number } }>(
      `${base(shortId)}/attendees`,
      { query: { page, per_page: 1000 }, signal },
    );
    attendees.push(...answer.data);
    if (page >= answer.meta.last_page) break;
  }
  return { list, attendees };
}

export const postCheckIn = (shortId: string, body: CheckInRequest) =>
  apiFetch<CheckInResponse>(`${base(shortId)}/check-ins`, { method: 'POST', body });

export const deleteCheckIn = (shortId: string, checkInId: number) =>
  apiFetch<CheckOutResponse>(`${base(shortId)}/check-ins/${checkInId}`, { method: 'DELETE' });

/** The server's search of the list: names, and whole order references. */
export const searchAttendees = async (shortId: string, query: string, signal?: AbortSignal) =>
  (
    await apiFetch<{ data: CheckInAttendee[] }>(`${base(shortId)}/attendees`, {
      query: { query, per_page: 20 },
      signal,
    })
  ).data;
