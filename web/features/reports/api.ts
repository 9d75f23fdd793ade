import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AccountReportName, EventReportName, ReportResponse } from '../../../common/reports';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';
import type { ExportFormat } from '../../components/ExportMenu';
import { downloadExport } from '../../components/export-download';

export interface ReportRange {
  from: string;
  to: string;
}

/** Where a report is read: an event's, or the account's. */
export type ReportSource =
  | { scope: 'event'; eventId: number; report: EventReportName }
  | { scope: 'account'; report: AccountReportName };

const pathOf = (source: ReportSource) =>
  source.scope === 'event'
    ? `/events/${source.eventId}/reports/${source.report}`
    : `/accounts/current/reports/${source.report}`;

export const reportQuery = (source: ReportSource, range: ReportRange) =>
  queryOptions({
    queryKey:
      source.scope === 'event'
        ? queryKeys.reports.event(source.eventId, source.report, range)
        : queryKeys.reports.account(source.report, range),
    queryFn: ({ signal }) => apiFetch<ReportResponse>(pathOf(source), { signal, query: { ...range } }),
    // The table stays while another range or report loads.
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });

/** Saves the report as CSV or XLSX, for the same range. */
export function downloadReport(
  source: ReportSource,
  {
    range,
    format,
    onProgress,
  }: { range: ReportRange; format: ExportFormat; onProgress: (bytes: number) => void },
): Promise<void> {
  return downloadExport({
    path: `${pathOf(source)}/export`,
    query: { ...range },
    format,
    fallbackName: `${source.report}-${range.from}-${range.to}`,
    onProgress,
  });
}
