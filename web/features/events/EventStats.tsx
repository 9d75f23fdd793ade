import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EventStatsResponse } from '../../../common/events';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { eventStatsQuery } from './api';
import { Card } from './EventLayout';

/** The dashboard's figures: stat cards and the page views of the last two weeks. */
export function EventStats({ eventId }: { eventId: number }) {
  const { t } = useLingui();
  const stats = useQuery(eventStatsQuery(eventId));
  if (stats.isPending) return <InlineLoader />;
  if (stats.isError) return <ErrorAlert error={stats.error} title={t`Could not load the figures`} />;
  const s = stats.data;
  const lastWeek = s.daily.slice(-7).reduce((sum, d) => sum + d.page_views, 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard label={t`Tickets sold`} value={s.tickets_sold}>
          {s.tickets_reserved > 0 ? (
            <Plural
              value={s.tickets_reserved}
              one="# more in checkouts now"
              other="# more in checkouts now"
            />
          ) : null}
        </StatCard>
        <StatCard label={t`Page views`} value={s.page_views}>
          <Plural value={lastWeek} one="# in the last 7 days" other="# in the last 7 days" />
        </StatCard>
        <StatCard label={t`Views today`} value={s.daily.at(-1)?.page_views ?? 0} />
      </SimpleGrid>
      <Card>
        <Title order={3} fz="lg" mb="md">
          <Trans>Page views, last 14 days</Trans>
        </Title>
        <DailyChart daily={s.daily} />
      </Card>
    </Stack>
  );
}

function StatCard({ label, value, children }: { label: string; value: number; children?: React.ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Card>
      <Stack gap={4}>
        <Text size="xs" fw={700} c="gray.7" tt="uppercase">
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.1}>
          {new Intl.NumberFormat(i18n.locale).format(value)}
        </Text>
        {children ? (
          <Text size="sm" c="gray.7">
            {children}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

const CHART_HEIGHT = 120;

/** A bar per day; the numbers are also in a table for screen readers. */
function DailyChart({ daily }: { daily: EventStatsResponse['daily'] }) {
  const { t, i18n } = useLingui();
  const max = Math.max(1, ...daily.map((d) => d.page_views));
  const day = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  if (daily.every((d) => d.page_views === 0)) {
    return (
      <Text size="sm" c="gray.7">
        <Trans>No visits yet. Views of the public event page are counted here once the event is live.</Trans>
      </Text>
    );
  }
  return (
    <Box>
      <Group gap={4} align="flex-end" h={CHART_HEIGHT} wrap="nowrap" aria-hidden="true">
        {daily.map((d) => (
          <Box
            key={d.date}
            title={`${label(d.date)}: ${d.page_views}`}
            style={{
              flex: 1,
              height: `${Math.max(2, Math.round((d.page_views / max) * CHART_HEIGHT))}px`,
              background: 'var(--mantine-color-tessera-6)',
              borderRadius: '3px 3px 0 0',
            }}
          />
        ))}
      </Group>
      <Group justify="space-between" mt={6} aria-hidden="true">
        <Text size="xs" c="gray.7">
          {label(daily[0]?.date ?? '')}
        </Text>
        <Text size="xs" c="gray.7">
          {label(daily.at(-1)?.date ?? '')}
        </Text>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{t`Page views per day`}</caption>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{label(d.date)}</th>
                <td>{d.page_views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
