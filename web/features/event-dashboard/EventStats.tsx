import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { EventStatsResponse } from '../../../common/events';
import { formatMoney } from '../../../common/money';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { whileLoggedIn } from '../../api/token';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { DateFilterSelect } from '../event-dates/DateFilter';
import { Card } from '../events/EventLayout';
import { ItemSales } from './ItemSales';

/**
 * The event's figures, or those of one date of it (issue 36): under the event's key with the
 * date, so that whatever makes the event's figures stale makes the date's stale too.
 */
const useStats = (eventId: number, dateId: number | null) =>
  useQuery({
    queryKey:
      dateId === null ? queryKeys.events.stats(eventId) : [...queryKeys.events.stats(eventId), { dateId }],
    queryFn: ({ signal }) =>
      apiFetch<EventStatsResponse>(`/events/${eventId}/stats`, {
        signal,
        query: { date_id: dateId ?? undefined },
      }),
    placeholderData: keepPreviousData,
    ...whileLoggedIn,
  });

/** The date the figures are narrowed to, kept in the address (`?date=`). */
function useStatsDate(): [number | null, (dateId: number | null) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('date'));
  const dateId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setDate = (next: number | null) => {
    const params = new URLSearchParams(search);
    if (next === null) params.delete('date');
    else params.set('date', String(next));
    setSearch(params, { replace: true });
  };
  return [dateId, setDate];
}

/**
 * The dashboard's figures: stat cards, sales and page views of the last two weeks; for an event
 * of several dates, those of all its dates or of the one chosen.
 */
export function EventStats({ eventId, timezone }: { eventId: number; timezone: string }) {
  const { t } = useLingui();
  const [dateId, setDateId] = useStatsDate();
  const stats = useStats(eventId, dateId);
  return (
    <Stack gap="md">
      <DateFilterSelect eventId={eventId} timezone={timezone} value={dateId} onChange={setDateId} />
      {stats.isPending ? (
        <InlineLoader />
      ) : stats.isError ? (
        <ErrorAlert error={stats.error} title={t`Could not load the figures`} />
      ) : (
        <Figures s={stats.data} />
      )}
    </Stack>
  );
}

function Figures({ s }: { s: EventStatsResponse }) {
  const { t, i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor, s.currency, i18n.locale);
  const lastWeek = s.daily.slice(-7).reduce((sum, d) => sum + d.page_views, 0);
  const net = money(s.net_sales);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <StatCard label={t`Gross sales`} value={money(s.gross_sales)}>
          {s.refunds > 0 ? (
            <Trans>{net} after taxes, fees and refunds</Trans>
          ) : (
            <Trans>{net} after taxes and fees</Trans>
          )}
        </StatCard>
        <StatCard label={t`Orders`} value={s.orders}>
          {s.orders_awaiting_payment > 0 ? (
            <Plural
              value={s.orders_awaiting_payment}
              one="# more awaiting payment"
              other="# more awaiting payment"
            />
          ) : null}
        </StatCard>
        <StatCard label={t`Tickets sold`} value={s.tickets_sold}>
          {s.tickets_awaiting_payment > 0 ? (
            <Plural
              value={s.tickets_awaiting_payment}
              one="# more awaiting payment"
              other="# more awaiting payment"
            />
          ) : null}
        </StatCard>
        <StatCard label={t`In open checkouts`} value={s.tickets_in_checkout}>
          {s.checkouts_in_progress > 0 ? (
            <Plural
              value={s.checkouts_in_progress}
              one="Held by # buyer checking out now"
              other="Held by # buyers checking out now"
            />
          ) : (
            <Trans>Tickets held while buyers check out</Trans>
          )}
        </StatCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <StatCard label={t`Attendees`} value={s.attendees} />
        <StatCard label={t`Page views`} value={s.page_views}>
          <Plural value={lastWeek} one="# in the last 7 days" other="# in the last 7 days" />
        </StatCard>
        <StatCard label={t`Views today`} value={s.daily.at(-1)?.page_views ?? 0} />
      </SimpleGrid>
      <ItemSales s={s} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card>
          <Title order={3} fz="lg" mb="md">
            <Trans>Orders, last 14 days</Trans>
          </Title>
          <DailyChart
            daily={s.daily}
            value={(d) => d.orders}
            format={(n) => new Intl.NumberFormat(i18n.locale).format(n)}
            caption={t`Paid orders per day`}
            empty={t`No orders yet. Paid orders are counted here by the day they were completed.`}
          />
        </Card>
        <Card>
          <Title order={3} fz="lg" mb="md">
            <Trans>Page views, last 14 days</Trans>
          </Title>
          <DailyChart
            daily={s.daily}
            value={(d) => d.page_views}
            format={(n) => new Intl.NumberFormat(i18n.locale).format(n)}
            caption={t`Page views per day`}
            empty={t`No visits yet. Views of the public event page are counted here once the event is live.`}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function StatCard({
  label,
  value,
  children,
}: {
  label: string;
  value: number | string;
  children?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Card>
      <Stack gap={4}>
        <Text size="xs" fw={700} c="gray.7" tt="uppercase">
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.1}>
          {typeof value === 'number' ? new Intl.NumberFormat(i18n.locale).format(value) : value}
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

type Day = EventStatsResponse['daily'][number];

/** A bar per day; the numbers are also in a table for screen readers. */
function DailyChart({
  daily,
  value,
  format,
  caption,
  empty,
}: {
  daily: Day[];
  value: (day: Day) => number;
  format: (n: number) => string;
  caption: string;
  empty: string;
}) {
  const { i18n } = useLingui();
  const max = Math.max(1, ...daily.map(value));
  const day = new Intl.DateTimeFormat(i18n.locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
  if (daily.every((d) => value(d) === 0)) {
    return (
      <Text size="sm" c="gray.7">
        {empty}
      </Text>
    );
  }
  return (
    <Box>
      <Group gap={4} align="flex-end" h={CHART_HEIGHT} wrap="nowrap" aria-hidden="true">
        {daily.map((d) => (
          <Box
            key={d.date}
            title={`${label(d.date)}: ${format(value(d))}`}
            style={{
              flex: 1,
              height: `${Math.max(2, Math.round((value(d) / max) * CHART_HEIGHT))}px`,
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
          <caption>{caption}</caption>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{label(d.date)}</th>
                <td>{format(value(d))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
