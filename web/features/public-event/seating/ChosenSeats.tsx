import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { SeatSwatch } from '../../../components/seat-map/SeatMap';
import { IconButton } from '../../../ui';
import type { PickerContext } from './context';
import type { SeatChoice } from './seat-picks';
import { seatPriceText, seatText } from './seat-text';

interface Props extends PickerContext {
  choice: SeatChoice;
  /** The new choice, and what to announce. */
  onChange: (choice: SeatChoice, message: string) => void;
}

/** The seats chosen, each with its text, category, price and a remove button; then best available lines. */
export function ChosenSeats({ choice, onChange, ...context }: Props) {
  const { t, i18n } = useLingui();
  const bestLines = Object.entries(choice.best).filter(([, n]) => n > 0);
  if (choice.seats.length === 0 && bestLines.length === 0)
    return (
      <p className="seat-picker__empty">
        <Trans>No seats chosen yet.</Trans>
      </p>
    );
  const colorOf = (category: string) =>
    context.seating.plan.categories.find((c) => c.key === category)?.color ?? '#000';
  return (
    <div>
      <h4 className="seat-picker__subtitle">
        <Trans>Your seats</Trans>
      </h4>
      <ul className="chosen-seats" data-testid="chosen-seats">
        {choice.seats.map((key) => {
          const place = context.index.places.get(key);
          const ticket = context.index.ticketOf(key);
          if (!place || !ticket) return null;
          const text = seatText(i18n, place);
          return (
            <li key={key} data-testid="chosen-seat">
              <SeatSwatch state="available" color={colorOf(place.seat.category)} selected />
              <span className="chosen-seats__text">
                {text}
                <span className="chosen-seats__ticket">{ticket.title}</span>
              </span>
              <span className="chosen-seats__price">
                {seatPriceText(i18n, { ticket, currency: context.currency })}
              </span>
              <IconButton
                aria-label={t`Remove ${text}`}
                onClick={() =>
                  onChange({ ...choice, seats: choice.seats.filter((k) => k !== key) }, t`${text} removed.`)
                }
              >
                <RemoveIcon />
              </IconButton>
            </li>
          );
        })}
        {bestLines.map(([id, quantity]) => {
          const ticket = context.tickets.find((t) => t.id === Number(id));
          if (!ticket) return null;
          const title = ticket.title;
          return (
            <li key={`best-${id}`} data-testid="chosen-best">
              <span className="chosen-seats__text">
                <Plural
                  value={quantity}
                  one="# best available seat, side by side"
                  other="# best available seats, side by side"
                />
                <span className="chosen-seats__ticket">{title}</span>
              </span>
              <span className="chosen-seats__price">
                {quantity} × {seatPriceText(i18n, { ticket, currency: context.currency })}
              </span>
              <IconButton
                aria-label={t`Remove the best available seats of ${title}`}
                onClick={() =>
                  onChange(
                    { ...choice, best: { ...choice.best, [id]: 0 } },
                    t`Best available seats of ${title} removed.`,
                  )
                }
              >
                <RemoveIcon />
              </IconButton>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RemoveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6L6 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
