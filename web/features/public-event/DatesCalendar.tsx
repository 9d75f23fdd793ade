import { Plural, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { IconButton, Text, VisuallyHidden } from '../../ui';
import type { PublicDate } from './api';
import { DateList } from './DateList';
import { firstGap, monthSpan } from './date-windows';
import {
  addMonths,
  byDay,
  dayIn,
  fullDayLabel,
  type Month,
  monthLabel,
  monthOfDay,
  sameMonth,
  weekdayLabels,
  weeksOf,
} from './dates';
import type { PublicDatesState } from './use-public-dates';

/**
 * Many dates on a month grid: previous and next month buttons (a month not read yet is read
 * when shown), a table with a column per
 * weekday, and each day that has dates as a button. A day chosen lists its dates under the grid
 * to choose from (a day with one date chooses it at once). Every button is reached with Tab and
 * says its day and how many dates it has.
 */
export function DatesCalendar({
  dates: loaded,
  timezone,
  chosen,
  onChoose,
}: {
  dates: PublicDatesState;
  timezone: string;
  chosen: PublicDate | undefined;
  onChoose: (date: PublicDate) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const titleId = useId();
  const dates = loaded.dates;
  const days = useMemo(() => byDay(dates, timezone), [dates, timezone]);
  const dayList = [...days.keys()];
  const firstDay = dayList[0] ?? dayIn(new Date().toISOString(), timezone);
  const lastDay = dayList[dayList.length - 1] ?? firstDay;
  const chosenDay = chosen ? dayIn(chosen.starts_at, timezone) : undefined;
  const [day, setDay] = useState<string>(chosenDay ?? firstDay);
  const [month, setMonth] = useState<Month>(monthOfDay(chosenDay ?? firstDay));
  // A date chosen elsewhere (a link under a sold-out date): the grid follows it.
  const [followed, setFollowed] = useState(chosenDay);
  if (chosenDay !== followed) {
    setFollowed(chosenDay);
    if (chosenDay) {
      setDay(chosenDay);
      setMonth(monthOfDay(chosenDay));
    }
  }
  const earliest = monthOfDay(firstDay);
  const latest = monthOfDay(lastDay);
  // The month shown is read whole, a window after another, before its days are trusted; and
  // dates known after it, or a window not read yet after it, let the buyer move on.
  const span = monthSpan(month);
  const gap = firstGap(loaded.windows, span.start);
  const missing = gap !== null && Date.parse(gap) < span.end ? gap : null;
  const { load } = loaded;
  useEffect(() => {
    if (missing) load(missing);
  }, [missing, load]);
  const hasLater = isBefore(month, latest) || firstGap(loaded.windows, span.end) !== null;
  const weekdays = weekdayLabels(locale);
  const onDay = days.get(day) ?? [];

  const pick = (picked: string) => {
    setDay(picked);
    const [only, ...others] = days.get(picked) ?? [];
    if (only && others.length === 0) onChoose(only);
  };

  return (
    <div className="date-calendar" data-testid="date-calendar">
      <div className="date-calendar-head">
        <IconButton
          aria-label={t`Previous month`}
          disabled={sameMonth(month, earliest)}
          onClick={() => setMonth(addMonths(month, -1))}
          data-testid="calendar-previous"
        >
          <span aria-hidden="true">‹</span>
        </IconButton>
        <Text as="span" weight={600} id={titleId} aria-live="polite">
          {monthLabel(month, locale)}
        </Text>
        <IconButton
          aria-label={t`Next month`}
          disabled={!hasLater}
          onClick={() => setMonth(addMonths(month, 1))}
          data-testid="calendar-next"
        >
          <span aria-hidden="true">›</span>
        </IconButton>
      </div>
      <table className="date-calendar-grid" aria-labelledby={titleId} aria-busy={missing !== null}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((cell, i) => (
                <td key={cell ?? `blank-${i}`}>
                  {cell ? (
                    <DayCell day={cell} dates={days.get(cell)} chosen={cell === day} onPick={pick} />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {onDay.length > 0 ? (
        <div className="date-calendar-day">
          <Text size="sm" weight={600}>
            {fullDayLabel(day, locale)}
          </Text>
          <DateList dates={onDay} timezone={timezone} chosenId={chosen?.id} onChoose={onChoose} />
        </div>
      ) : null}
    </div>
  );
}

const isBefore = (a: Month, b: Month) => a.year * 12 + a.month < b.year * 12 + b.month;

/** One day of the grid: a button when it has dates, its number otherwise. */
function DayCell({
  day,
  dates,
  chosen,
  onPick,
}: {
  day: string;
  dates: PublicDate[] | undefined;
  chosen: boolean;
  onPick: (day: string) => void;
}) {
  const { i18n } = useLingui();
  const number = Number(day.slice(8, 10));
  if (!dates) return <span className="date-calendar-empty">{number}</span>;
  const onSale = dates.some((d) => d.availability === 'ON_SALE');
  const full = fullDayLabel(day, i18n.locale);
  const count = dates.length;
  return (
    <button
      type="button"
      className="date-calendar-day-button"
      aria-pressed={chosen}
      data-on-sale={onSale ? '' : undefined}
      data-day={day}
      onClick={() => onPick(day)}
    >
      <span aria-hidden="true">{number}</span>
      <VisuallyHidden>
        {full}, <Plural value={count} one="# date" other="# dates" />
      </VisuallyHidden>
    </button>
  );
}
