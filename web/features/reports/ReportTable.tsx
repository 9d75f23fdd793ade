import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { useLingui } from '@lingui/react/macro';
import { Table } from '@mantine/core';
import { formatMoney, formatPercent } from '../../../common/money';
import type { ReportColumn, ReportResponse, ReportRow } from '../../../common/reports';
import { useReportLabels } from './labels';

/** Days and months as the interface language writes them: "12 May 2031", "May 2031". */
export function usePeriodName() {
  const { i18n } = useLingui();
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (period: string) =>
    period.length === 7
      ? month.format(new Date(`${period}-01T00:00:00Z`))
      : day.format(new Date(`${period}T00:00:00Z`));
}

const numeric = (column: ReportColumn) =>
  column.kind === 'count' || column.kind === 'money' || column.kind === 'percent';

/** A report as a table with its totals at the foot: the figures of the chart, as text. */
export function ReportTable({ report, caption }: { report: ReportResponse; caption: string }) {
  const { t, i18n } = useLingui();
  const labels = useReportLabels();
  const periodName = usePeriodName();
  const count = new Intl.NumberFormat(i18n.locale);
  const cell = (row: ReportRow, column: ReportColumn): string => {
    const value = row[column.key] ?? null;
    if (column.key === 'name' && value === null && row.charge_kind) return labels.unnamed;
    if (value === null) return '—';
    switch (column.kind) {
      case 'money':
        return formatMoney(Number(value), String(row.currency ?? report.currency ?? ''), i18n.locale);
      case 'count':
        return count.format(Number(value));
      case 'percent':
        return formatPercent(String(value), i18n.locale);
      case 'day':
      case 'month':
        return periodName(String(value));
      default:
        return labels.cellWords[String(value)] ?? String(value);
    }
  };
  const [first, ...rest] = report.columns;
  if (!first) return null;
  return (
    // A region that keyboards can scroll sideways when the table is wider than the screen.
    <Table.ScrollContainer
      minWidth={Math.max(480, report.columns.length * 110)}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table verticalSpacing="xs" striped highlightOnHover data-testid="report-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={numeric(column) ? 'right' : undefined}>
                {labels.columns[column.key]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row, index) => (
            // Rows have no id of their own; their order is the report's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one answer never move.
            <Table.Tr key={index}>
              <Table.Th scope="row" fw={500}>
                {cell(row, first)}
              </Table.Th>
              {rest.map((column) => (
                <Table.Td key={column.key} ta={numeric(column) ? 'right' : undefined}>
                  {cell(row, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {report.totals.map((row) => (
            <Table.Tr key={String(row.currency ?? 'total')} data-testid="report-total">
              <Table.Th scope="row">{t`Total`}</Table.Th>
              {rest.map((column) => (
                <Table.Td key={column.key} ta={numeric(column) ? 'right' : undefined} fw={700}>
                  {column.kind === 'text' && column.key !== 'currency' ? '' : cell(row, column)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
