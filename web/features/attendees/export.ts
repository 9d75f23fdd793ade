import { apiUrl } from '../../api/client';
import { getToken } from '../../api/token';
import { i18n } from '../../i18n';
import { filenameFromDisposition, readWithProgress, saveBlob } from './download';
import { type AttendeesParams, filterQuery } from './params';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * Downloads the event's attendees with the list's search and filters, as CSV or XLSX. The
 * file comes with the bearer token, so it is fetched and then handed to the browser.
 */
export async function downloadAttendees(
  eventId: number,
  format: ExportFormat,
  params: AttendeesParams,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (i18n.locale) headers['Accept-Language'] = i18n.locale;
  const url = apiUrl(`/events/${eventId}/attendees/export`, { ...filterQuery(params), format });
  const response = await fetch(url, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Export answered ${response.status}`);
  const blob = await readWithProgress(response, onProgress);
  const name = filenameFromDisposition(
    response.headers.get('content-disposition'),
    `attendees-${eventId}.${format}`,
  );
  saveBlob(blob, name);
}
