import { queryOptions } from '@tanstack/react-query';
import type { PublicWaitlistEntry } from '../../../common/waitlist';
import { apiFetch, isApiError } from '../../api/client';

/** The waiting list of a sold-out ticket, as the person on it sees it (decision 030). */
const base = (eventId: string) => `/public/events/${encodeURIComponent(eventId)}/waitlist`;
const entryPath = (eventId: string, token: string) => `${base(eventId)}/${encodeURIComponent(token)}`;

export const waitlistEntryKey = (eventId: string, token: string) =>
  ['public', 'waitlist', eventId, token] as const;

/** `GET …/waitlist/{token}`: the entry behind the link of its e-mails, or null when there is none (404). */
export const waitlistEntryQuery = (eventId: string, token: string) =>
  queryOptions({
    queryKey: waitlistEntryKey(eventId, token),
    queryFn: async ({ signal }): Promise<PublicWaitlistEntry | null> => {
      try {
        return await apiFetch<PublicWaitlistEntry>(entryPath(eventId, token), { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `DELETE …/waitlist/{token}`: leave the list (an offered seat goes to the next person). */
export const leaveWaitlist = (eventId: string, token: string) =>
  apiFetch<PublicWaitlistEntry>(entryPath(eventId, token), { method: 'DELETE' });
