import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { useLingui } from '@lingui/react/macro';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { formatMoney } from '../../../common/money';
import type { TrendPoint } from './report-data';

/**
 * A report's trend as bars: what buyers paid and what was given back per day or month. Loaded
 * on its own (recharts is large), on the organizer's screens only. It is an image to assistive
 * technology: the table beside it holds the same figures as text.
 */
export default function ReportChart({
  points,
  currency,
  label,
  periodName,
}: {
  points: TrendPoint[];
  currency: string;
  label: string;
  periodName: (period: string) => string;
}) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, currency, i18n.locale);
  const data = points.map((p) => ({ ...p, period: periodName(p.period) }));
  return (
    <Box role="img" aria-label={label} data-testid="report-chart">
      <BarChart
        h={260}
        data={data}
        dataKey="period"
        // Blue 8 and red 9 stand out from the white page by more than 4.5 to 1.
        series={[
          { name: 'total', label: t`Total paid`, color: 'blue.8' },
          { name: 'refunds', label: t`Refunds`, color: 'red.9' },
        ]}
        textColor="gray.8"
        gridAxis="y"
        withLegend
        valueFormatter={money}
        yAxisProps={{ width: 90 }}
        tooltipAnimationDuration={0}
        barChartProps={{ accessibilityLayer: false }}
      />
    </Box>
  );
}
