import '@mantine/core/styles/Input.css';
import { useLingui } from '@lingui/react/macro';
import { Select, Stack, Text } from '@mantine/core';
import type { EventDateRef } from '../../../common/date-filter';
import { useEventDates } from './api';

// The date filter and column of the organizer's lists (issue 36): shown only when the event has
// more than one date, so that an event of one date looks as it always did.

/** The filter option that filters nothing. */
const ALL = 'all';

type DateOf = Pick<EventDateRef, 'starts_at' | 'label'>;

/** "Thu, Jan 8, 2031, 9:00 PM · Second night": a date's start in the event's zone, then its label. */
export function dateText(date: DateOf, timeZone: string, locale: string): string {
  const start = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(date.starts_at));
  return date.label ? `${start} · ${date.label}` : start;
}

/**
 * The event's dates as the lists offer them: `several` once it has more than one (only then a
 * filter and a column are shown), the choices of a select in order of start.
 */
export function useDateChoices(eventId: number, timeZone: string) {
  const { i18n } = useLingui();
  const dates = useEventDates(eventId);
  const list = dates.data ?? [];
  return {
    query: dates,
    several: list.length > 1,
    choices: list.map((date) => ({ value: String(date.id), label: dateText(date, timeZone, i18n.locale) })),
  };
}

/** The event's dates as texts, by id (undefined while they load): a message's recipients line. */
export function useDateTexts(eventId: number, timeZone: string): Map<number, string> | undefined {
  const { choices, query } = useDateChoices(eventId, timeZone);
  return query.data ? new Map(choices.map((choice) => [Number(choice.value), choice.label])) : undefined;
}

/**
 * The "Date" select of a list's filters: "All dates" or one date. Nothing while the dates load
 * or when the event has one date.
 */
export function DateFilterSelect({
  eventId,
  timezone,
  value,
  onChange,
}: {
  eventId: number;
  timezone: string;
  value: number | null;
  onChange: (dateId: number | null) => void;
}) {
  const { t } = useLingui();
  const { several, choices } = useDateChoices(eventId, timezone);
  if (!several) return null;
  return (
    <Select
      label={t`Date`}
      data={[{ value: ALL, label: t`All dates` }, ...choices]}
      value={value === null ? ALL : String(value)}
      onChange={(next) => onChange(next && next !== ALL ? Number(next) : null)}
      allowDeselect={false}
      searchable={choices.length > 10}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 260 }}
      data-testid="date-filter"
    />
  );
}

/** A list's "Date" cell: the day above the time and label, in the event's zone. */
export function DateCell({ date, timezone }: { date: EventDateRef; timezone: string }) {
  const { i18n } = useLingui();
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: timezone });
  const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short', timeZone: timezone });
  const at = new Date(date.starts_at);
  return (
    <Stack gap={0} data-testid="row-date">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {day.format(at)}
      </Text>
      <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {date.label ? `${time.format(at)} · ${date.label}` : time.format(at)}
      </Text>
    </Stack>
  );
}
