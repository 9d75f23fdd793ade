import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge } from '../../ui';
import type { PublicDate } from './api';
import { dayLabel, timeLabel } from './dates';

/** The dates as buttons, the chosen one pressed; each says its day, time, label and what is left. */
export function DateList({
  dates,
  timezone,
  chosenId,
  onChoose,
}: {
  dates: readonly PublicDate[];
  timezone: string;
  chosenId: number | undefined;
  onChoose: (date: PublicDate) => void;
}) {
  const { i18n } = useLingui();
  return (
    <ul className="date-list">
      {dates.map((date) => (
        <li key={date.id}>
          <button
            type="button"
            className="date-option"
            aria-pressed={date.id === chosenId}
            data-availability={date.availability}
            data-testid="date-option"
            data-date-id={date.id}
            onClick={() => onChoose(date)}
          >
            <span className="date-option-when">
              <span className="date-option-day">{dayLabel(date, timezone, i18n.locale)}</span>
              <span className="date-option-time">{timeLabel(date, timezone, i18n.locale)}</span>
            </span>
            {date.label ? <span className="date-option-label">{date.label}</span> : null}
            <AvailabilityBadge date={date} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "3 left", "Sold out" or "Waiting list"; nothing for a date on sale that does not count. */
export function AvailabilityBadge({ date }: { date: PublicDate }) {
  if (date.availability === 'SOLD_OUT') {
    return (
      <Badge tone="error">
        <Trans>Sold out</Trans>
      </Badge>
    );
  }
  if (date.availability === 'WAITLIST') {
    return (
      <Badge tone="warning">
        <Trans>Waiting list</Trans>
      </Badge>
    );
  }
  const left = date.seats_left;
  if (left === null) return null;
  return (
    <Badge tone="info">
      <Plural value={left} one="# left" other="# left" />
    </Badge>
  );
}
