import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Box,
  Group,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import type { EventDateResponse, EventDateStatus } from '../../../common/event-dates';
import {
  addMonths,
  dayOf,
  dayTitle,
  firstMonth,
  type Month,
  monthGrid,
  monthTitle,
  timeOf,
  weekdayNames,
} from './calendar';
import { DATE_STATUS_LABELS, useSoldText } from './labels';

/** The tint of a date's entry on the grid; the text stays dark enough on each. */
const ENTRY_COLORS: Record<EventDateStatus, { bg: string; border: string }> = {
  ON_SALE: { bg: 'var(--mantine-color-tessera-0)', border: 'var(--mantine-color-tessera-6)' },
  SOLD_OUT: { bg: 'var(--mantine-color-orange-0)', border: 'var(--mantine-color-orange-6)' },
  CANCELLED: { bg: 'var(--mantine-color-red-0)', border: 'var(--mantine-color-red-7)' },
  HIDDEN: { bg: 'var(--mantine-color-gray-1)', border: 'var(--mantine-color-gray-6)' },
};

/**
 * The dates on a month grid: previous and next month buttons, a table with a column per
 * weekday, and on each day its dates as buttons that open the date to edit. Every button is
 * reached with Tab; each says its day, time, label, status and sales to a screen reader.
 */
export function DatesCalendar({
  dates,
  timeZone,
  onEdit,
}: {
  dates: EventDateResponse[];
  timeZone: string;
  onEdit: (date: EventDateResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const titleId = useId();
  const today = dayOf(new Date().toISOString(), timeZone);
  const byDay = useMemo(() => {
    const days = new Map<string, EventDateResponse[]>();
    for (const date of dates) {
      const day = dayOf(date.starts_at, timeZone);
      days.set(day, [...(days.get(day) ?? []), date]);
    }
    return days;
  }, [dates, timeZone]);
  const [month, setMonth] = useState<Month>(() => firstMonth([...byDay.keys()].sort(), today));
  const weeks = monthGrid(month);
  const shortNames = weekdayNames(locale, 'short');
  const longNames = weekdayNames(locale, 'long');
  const inMonth = weeks.flat().filter((cell) => cell.inMonth && byDay.has(cell.day));
  const count = inMonth.reduce((sum, cell) => sum + (byDay.get(cell.day)?.length ?? 0), 0);
  const title = monthTitle(month, locale);
  const soldText = useSoldText();

  return (
    <Stack gap="sm" p="md" data-testid="dates-calendar">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Previous month`}
          onClick={() => setMonth((m) => addMonths(m, -1))}
        >
          <span aria-hidden="true">‹</span>
        </ActionIcon>
        <Stack gap={0} align="center" aria-live="polite">
          <Title order={3} fz="lg" id={titleId} tt="capitalize">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {count === 0 ? (
              <Trans>No dates this month</Trans>
            ) : (
              <Plural value={count} one="# date this month" other="# dates this month" />
            )}
          </Text>
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Next month`}
          onClick={() => setMonth((m) => addMonths(m, 1))}
        >
          <span aria-hidden="true">›</span>
        </ActionIcon>
      </Group>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table layout="fixed" withTableBorder withColumnBorders aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              {shortNames.map((name, i) => (
                <Table.Th key={name} ta="center" fz="xs">
                  <abbr title={longNames[i]} style={{ textDecoration: 'none' }}>
                    {name}
                  </abbr>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeks.map((week) => (
              <Table.Tr key={week[0]?.day}>
                {week.map((cell) => {
                  const entries = byDay.get(cell.day) ?? [];
                  const isToday = cell.day === today;
                  return (
                    <Table.Td
                      key={cell.day}
                      valign="top"
                      h={96}
                      p={4}
                      bg={cell.inMonth ? undefined : 'gray.0'}
                      data-day={cell.day}
                      aria-current={isToday ? 'date' : undefined}
                    >
                      <Text
                        size="xs"
                        fw={isToday ? 700 : 500}
                        c={cell.inMonth ? (isToday ? 'tessera.8' : 'gray.8') : 'gray.7'}
                        mb={4}
                      >
                        {Number(cell.day.slice(8, 10))}
                      </Text>
                      <Stack gap={4}>
                        {entries.map((date) => (
                          <DateEntry
                            key={date.id}
                            date={date}
                            onEdit={onEdit}
                            text={{
                              time: timeOf(date.starts_at, timeZone, locale),
                              day: dayTitle(cell.day, locale),
                              sold: soldText(date),
                            }}
                          />
                        ))}
                      </Stack>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function DateEntry({
  date,
  text,
  onEdit,
}: {
  date: EventDateResponse;
  text: { time: string; day: string; sold: string };
  onEdit: (date: EventDateResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const colors = ENTRY_COLORS[date.status];
  const status = i18n._(DATE_STATUS_LABELS[date.status]);
  const { time, day, sold } = text;
  const line = { display: 'block', overflowWrap: 'anywhere' } as const;
  // The name a screen reader reads starts with what the button is for and the whole day; the
  // visible text (time, label, sales, a status other than "on sale") follows unbroken.
  return (
    <UnstyledButton
      onClick={() => onEdit(date)}
      data-testid="calendar-date"
      px={6}
      py={2}
      fz="xs"
      c="dark.8"
      style={{
        display: 'block',
        width: '100%',
        background: colors.bg,
        borderLeft: `3px solid ${colors.border}`,
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <VisuallyHidden>{t`Edit the date of ${day}:`} </VisuallyHidden>
      <Box component="span" fw={600} style={line}>
        {time}
      </Box>
      {date.label ? (
        <Box component="span" style={line}>
          {date.label}
        </Box>
      ) : null}
      <Box component="span" style={line}>
        {sold}
      </Box>
      {date.status === 'ON_SALE' ? (
        <VisuallyHidden>, {status}</VisuallyHidden>
      ) : (
        <Box
          component="span"
          fw={600}
          style={{ ...line, textDecoration: date.status === 'CANCELLED' ? 'line-through' : undefined }}
        >
          {status}
        </Box>
      )}
    </UnstyledButton>
  );
}
