import type { ExportFormat } from '../../components/ExportMenu';
import { downloadExport } from '../../components/export-download';
import { type AttendeesParams, filterQuery } from './params';

/** The event's attendees, as the list is searched and filtered. */
export const downloadAttendees = (
  eventId: number,
  format: ExportFormat,
  params: AttendeesParams,
  onProgress: (bytes: number) => void,
) =>
  downloadExport(
    `/events/${eventId}/attendees/export`,
    filterQuery(params),
    format,
    `attendees-${eventId}`,
    onProgress,
  );
