import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ANCHOR_CLASS, Button, Stack, Text, Title } from '../../ui';
import type { PublicDate } from './api';
import { DateList } from './DateList';
import { DatesCalendar } from './DatesCalendar';
import { firstGap, showsCalendar } from './date-windows';
import { dayLabel, otherDatesOnSale, timeLabel, withDate } from './dates';
import { usePublicDates } from './use-public-dates';

/** How many more dates the list shows at a time. */
const LIST_STEP = 10;

/**
 * The dates of an event that happens more than once (issue 36), above its tickets: a list, or
 * a month calendar when a month holds many. They come a window at a time (`usePublicDates`):
 * the list shows more on "Show more dates", the calendar reads the months it moves to.
 * Choosing one puts it in the address (`?date=`), which the tickets are read for. Nothing at
 * all for an event with one date: its page is as it was.
 */
export function DateChoice({
  eventId,
  timezone,
  chosenId,
}: {
  eventId: string;
  timezone: string;
  /** The date whose tickets are shown: the one in the address, or the next on sale. */
  chosenId: number | undefined;
}) {
  const headingId = useId();
  const dates = usePublicDates(eventId, chosenId);
  const [searchParams, setSearchParams] = useSearchParams();
  const list = dates.dates;
  const more = firstGap(dates.windows, Number.NEGATIVE_INFINITY);
  // The list shows LIST_STEP dates at a time, and always the chosen one: the tickets stay in
  // sight below the next few dates, which is what most buyers pick from.
  const [shown, setShown] = useState(LIST_STEP);
  const chosenAt = list.findIndex((d) => d.id === chosenId);
  const chosenDate = list[chosenAt];
  const visible =
    chosenAt >= shown && chosenDate ? [...list.slice(0, shown), chosenDate] : list.slice(0, shown);
  // After "Show more dates" the focus goes to the first date it brought: a keyboard user goes
  // on from there, and is not left on nothing when the button goes with the last window.
  const [shownBefore, setShownBefore] = useState<Set<number> | null>(null);
  useEffect(() => {
    if (!shownBefore || dates.loading) return;
    const fresh = visible.find((d) => !shownBefore.has(d.id));
    if (!fresh) return;
    setShownBefore(null);
    document.querySelector<HTMLElement>(`.date-list [data-date-id="${fresh.id}"]`)?.focus();
  }, [shownBefore, visible, dates.loading]);
  const showMore = () => {
    setShownBefore(new Set(visible.map((d) => d.id)));
    setShown(shown + LIST_STEP);
    // The dates loaded run out within the next step: the next window is read.
    if (shown + LIST_STEP > list.length && more !== null) dates.load(more);
  };
  if (list.length < 2 && more === null) return null;
  const chosen = list.find((d) => d.id === chosenId);
  const choose = (date: PublicDate) =>
    setSearchParams((current) => withDate(current, date.id), { preventScrollReset: true });
  return (
    <Stack
      as="section"
      gap="xs"
      aria-labelledby={headingId}
      className="date-choice"
      data-testid="date-choice"
    >
      <Title order={3} size="h4" id={headingId}>
        <Trans>Choose a date</Trans>
      </Title>
      {showsCalendar(dates.first) ? (
        <DatesCalendar dates={dates} timezone={timezone} chosen={chosen} onChoose={choose} />
      ) : (
        <>
          <DateList dates={visible} timezone={timezone} chosenId={chosenId} onChoose={choose} />
          {shown < list.length || more !== null ? (
            <Button variant="default" loading={dates.loading} onClick={showMore} data-testid="more-dates">
              <Trans>Show more dates</Trans>
            </Button>
          ) : null}
        </>
      )}
      {chosen && chosen.availability !== 'ON_SALE' ? (
        <SoldOutNote
          chosen={chosen}
          others={otherDatesOnSale(list, chosen)}
          timezone={timezone}
          search={searchParams}
        />
      ) : null}
    </Stack>
  );
}

/** Under a sold-out date: the next dates on sale, as links that choose them. */
function SoldOutNote({
  chosen,
  others,
  timezone,
  search,
}: {
  chosen: PublicDate;
  others: PublicDate[];
  timezone: string;
  search: URLSearchParams;
}) {
  const { i18n } = useLingui();
  return (
    <div className="date-sold-out" role="status" data-testid="date-sold-out">
      <Text size="sm" weight={600}>
        {chosen.availability === 'WAITLIST' ? (
          <Trans>This date is sold out. Join its waiting list below, or choose another date.</Trans>
        ) : others.length > 0 ? (
          <Trans>This date is sold out. Choose another date.</Trans>
        ) : (
          <Trans>This date is sold out.</Trans>
        )}
      </Text>
      {others.length > 0 ? (
        <ul className="date-sold-out-links">
          {others.map((date) => (
            <li key={date.id}>
              <Link
                to={{ search: `?${withDate(search, date.id)}` }}
                preventScrollReset
                data-testid="other-date"
                className={ANCHOR_CLASS}
              >
                {dayLabel(date, timezone, i18n.locale)}, {timeLabel(date, timezone, i18n.locale)}
                {date.label ? ` · ${date.label}` : ''}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
