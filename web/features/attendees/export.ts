import type { ExportFormat } from '../../components/ExportMenu';
import { downloadExport } from '../../components/export-download';
import { type AttendeesParams, filterQuery } from './params';

/** The event's attendees, as the list is searched and filtered. */
export const downloadAttendees = (
  { eventId, params }: { eventId: number; params: AttendeesParams },
  format: ExportFormat,
  onProgress: (bytes: number) => void,
) =>
  downloadExport({
    path: `/events/${eventId}/attendees/export`,
    query: filterQuery(params),
    format,
    fallbackName: `attendees-${eventId}`,
    onProgress,
  });
