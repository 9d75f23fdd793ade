import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReportResponse } from '../../../common/reports';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ExportMenu } from '../../components/ExportMenu';
import { InlineLoader } from '../../components/InlineLoader';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { Section } from '../../components/Section';
import { downloadReport, type ReportRange, type ReportSource, reportQuery } from './api';
import { useReportLabels } from './labels';
import { ReportTable, usePeriodName } from './ReportTable';
import { hasFigures, rangeIsValid, trendOf } from './report-data';

// recharts is large: the chart is its own download, fetched when a trend is first shown.
const ReportChart = lazy(() => import('./ReportChart'));

const NO_RANGE: ReportRange = { from: '', to: '' };

/**
 * A report screen: which report, which days, the chart of a trend, the table and its totals, and
 * the downloads. Without a range the server answers the last 30 days, which then fill the form.
 */
export function ReportsView<N extends ReportSource['report']>({
  names,
  sourceOf,
  zoneNote,
}: {
  names: readonly N[];
  sourceOf: (report: N) => ReportSource;
  zoneNote: string;
}) {
  const { t } = useLingui();
  const labels = useReportLabels();
  const [report, setReport] = useState<N>(names[0] as N);
  const [asked, setAsked] = useState<ReportRange>(NO_RANGE);
  const [draft, setDraft] = useState<ReportRange>(NO_RANGE);
  const source = sourceOf(report);
  const answer = useQuery(reportQuery(source, asked));
  const data = answer.data;

  // The range the server chose fills the form the first time.
  useEffect(() => {
    if (data && draft.from === '' && draft.to === '') setDraft({ from: data.from, to: data.to });
  }, [data, draft]);

  const change = (next: Partial<ReportRange>) => {
    const range = { ...draft, ...next };
    setDraft(range);
    if (rangeIsValid(range)) setAsked(range);
  };
  const invalid = draft.from !== '' && draft.to !== '' && !rangeIsValid(draft);

  if (answer.isError && isForbidden(answer.error)) return <NoPermissionPage />;
  return (
    <Stack gap="lg">
      <title>{`${t`Reports`} · Tessera`}</title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label={t`Report`}
          value={report}
          onChange={(e) => setReport(e.currentTarget.value as N)}
          data={names.map((name) => ({ value: name, label: labels.reports[name] }))}
          w={{ base: '100%', sm: 280 }}
        />
        <TextInput
          type="date"
          label={t`From`}
          value={draft.from}
          onChange={(e) => change({ from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t`To`}
          value={draft.to}
          onChange={(e) => change({ to: e.currentTarget.value })}
          error={invalid ? t`The last day comes before the first.` : undefined}
        />
        <ExportMenu
          download={(format, onProgress) => downloadReport(source, { range: asked, format, onProgress })}
          done={t`The report was downloaded.`}
          failed={t`The report could not be downloaded. Please try again.`}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {zoneNote}
      </Text>
      {answer.isPending ? (
        <InlineLoader label={t`Loading the report`} />
      ) : answer.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={answer.error} title={t`Could not load the report`} />
          <Button variant="default" w="fit-content" onClick={() => answer.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : data ? (
        <Result report={data} title={labels.reports[report]} />
      ) : null}
    </Stack>
  );
}

function Result({ report, title }: { report: ReportResponse; title: string }) {
  const { t } = useLingui();
  const periodName = usePeriodName();
  const from = periodName(report.from);
  const to = periodName(report.to);
  const caption = t`${title}, ${from} to ${to}`;
  const trend = trendOf(report);
  return (
    <Section title={title} description={t`${from} to ${to}`}>
      {!hasFigures(report) ? (
        <Text size="sm" c="dimmed" data-testid="report-empty">
          <Trans>Nothing to show for these days. Choose other days or another report.</Trans>
        </Text>
      ) : (
        <>
          {trend && trend.points.length > 0 ? (
            <Suspense fallback={<InlineLoader label={t`Loading the chart`} />}>
              <ReportChart
                points={trend.points}
                currency={trend.currency}
                periodName={periodName}
                label={t`Chart of what buyers paid and what was refunded, ${from} to ${to}; the table below holds the same figures.`}
              />
            </Suspense>
          ) : null}
          <ReportTable report={report} caption={caption} />
        </>
      )}
    </Section>
  );
}
