import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicTicketsResponse as PublicTickets } from '../../../../common/public-tickets';
import { isApiError } from '../../../api/client';
import { type SeatLook, SeatMap, type SeatPlace } from '../../../components/seat-map/SeatMap';
import { Alert, Button, Loader, Stack, Text } from '../../../ui';
import { availabilityQuery, seatingQuery } from './api';
import { BestAvailable } from './BestAvailable';
import { ChosenSeats } from './ChosenSeats';
import { SeatLegend } from './SeatLegend';
import { SeatList } from './SeatList';
import {
  dropTaken,
  NO_SEATS,
  type OrderLine,
  onSale,
  type SeatChoice,
  seatIndex,
  seatLines,
  toggleSeat,
  totalSeats,
} from './seat-picks';
import { seatPriceText, seatText } from './seat-text';
import './seating.css';

export interface SeatPickerProps {
  eventId: string;
  tickets: PublicTickets;
  dateId: number;
  /** The order's lines for the seats chosen, and how many seats they are. */
  onChange: (lines: OrderLine[], count: number) => void;
  /** The last answer to reserving the order: a SEAT_TAKEN reads the seats again. */
  error: unknown;
}

/**
 * The seat picker of an event with a seating plan (issue 42), loaded only for such events: the
 * plan with its legend, or the same seats as a list; the seats chosen with their price; best
 * available seats of a category. Seats others take meanwhile (read every 10 s and when the
 * window gets focus) leave the choice, and a message in a live region says which.
 */
export default function SeatPicker({ eventId, tickets, dateId, onChange, error }: SeatPickerProps) {
  const { t, i18n } = useLingui();
  const seating = useQuery(seatingQuery(eventId));
  const availability = useQuery({ ...availabilityQuery(eventId, dateId), enabled: seating.isSuccess });
  const [choice, setChoice] = useState<SeatChoice>(NO_SEATS);
  const [list, setList] = useState(false);
  const [message, setMessage] = useState('');

  const index = useMemo(
    () => (seating.data ? seatIndex(seating.data, tickets.data) : undefined),
    [seating.data, tickets.data],
  );
  const taken = useMemo(() => new Set(availability.data?.unavailable ?? []), [availability.data]);

  // Seats someone else took meanwhile leave the choice; the live region says which.
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  useEffect(() => {
    if (!index) return;
    const { choice: next, dropped } = dropTaken(choiceRef.current, taken);
    if (dropped.length === 0) return;
    setChoice(next);
    const names = dropped.map((key) => {
      const place = index.places.get(key);
      return place ? seatText(i18n, place) : key;
    });
    const seats = names.join('; ');
    setMessage(
      t({
        message: plural(names.length, {
          one: `Someone else just took ${seats}: it is no longer in your choice.`,
          other: `Someone else just took these seats, no longer in your choice: ${seats}.`,
        }),
      }),
    );
  }, [taken, index, i18n, t]);

  useEffect(() => {
    if (index) onChange(seatLines(choice, index, tickets.data), totalSeats(choice));
  }, [choice, index, tickets.data, onChange]);

  const refetch = availability.refetch;
  useEffect(() => {
    if (isApiError(error) && error.code === 'SEAT_TAKEN') void refetch();
  }, [error, refetch]);

  const seatLook = useCallback(
    ({ seat }: SeatPlace): SeatLook =>
      taken.has(seat.key)
        ? { state: 'taken' }
        : onSale(index?.ticketOf(seat.key))
          ? { state: 'available' }
          : { state: 'inactive' },
    [taken, index],
  );

  if (seating.isPending || (seating.isSuccess && availability.isPending))
    return (
      <div className="seat-picker__loading">
        <Loader />
        <Text tone="muted">
          <Trans>Loading the seating plan…</Trans>
        </Text>
      </div>
    );
  if (seating.isError || availability.isError || !seating.data || !index)
    return (
      <Stack gap="xs" align="start" role="alert">
        <Text>
          <Trans>We could not load the seating plan.</Trans>
        </Text>
        <Button
          variant="light"
          onClick={() => void (seating.isError ? seating.refetch() : availability.refetch())}
        >
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );

  const toggle = (place: SeatPlace) => {
    const text = seatText(i18n, place);
    if (taken.has(place.seat.key)) {
      setMessage(t`${text} is taken. Please choose another seat.`);
      return;
    }
    const result = toggleSeat(choice, { key: place.seat.key, index });
    const ticket = index.ticketOf(place.seat.key);
    if (result.refused === 'max' && ticket) {
      const { max_per_order: max, title: name } = ticket;
      setMessage(t`You can choose at most ${max} seats of ${name} in one order.`);
    } else if (result.refused === 'not_on_sale') setMessage(t`${text} is not on sale.`);
    else {
      setChoice(result.choice);
      setMessage(result.choice.seats.includes(place.seat.key) ? t`${text} added.` : t`${text} removed.`);
    }
  };
  const context = { seating: seating.data, tickets: tickets.data, currency: tickets.currency, index };
  const title = ({ seat, row, section }: SeatPlace) => {
    const ticket = index.ticketOf(seat.key);
    const text = seatText(i18n, { seat, row, section });
    if (taken.has(seat.key)) return `${text} – ${t`taken`}`;
    return ticket ? `${text} – ${seatPriceText(i18n, { ticket, currency: tickets.currency })}` : text;
  };
  const selected = new Set(choice.seats);
  // The server's word on the seats (422 on `tickets.N.seats`): the seated lines have no stepper to show it.
  const seatErrors = isApiError(error)
    ? Object.entries(error.fieldErrors ?? {}).flatMap(([field, said]) =>
        /\.seats(\.|$)/.test(field) ? said : [],
      )
    : [];
  const viewToggle = (
    <Button
      variant="default"
      size="xs"
      aria-pressed={list}
      onClick={() => setList((v) => !v)}
      data-testid="seat-list-toggle"
    >
      <Trans>List of seats</Trans>
    </Button>
  );

  return (
    <section className="seat-picker" aria-labelledby="seat-picker-heading" data-testid="seat-picker">
      <h3 id="seat-picker-heading" className="seat-picker__title">
        <Trans>Choose your seats</Trans>
      </h3>
      <SeatLegend {...context} />
      {/* One toggle for both views, so that it keeps the focus when the view changes. */}
      <div className="seat-picker__bar">{viewToggle}</div>
      {list ? (
        <SeatList {...context} taken={taken} selected={selected} onToggle={toggle} />
      ) : (
        <SeatMap
          plan={seating.data.plan}
          seatLook={seatLook}
          selected={selected}
          onSeatClick={toggle}
          seatTitle={title}
          label={t`Seating plan`}
        />
      )}
      <p className="seat-picker__message" role="status" aria-live="polite" data-testid="seat-message">
        {message}
      </p>
      {seatErrors.length > 0 ? (
        <Alert tone="error" data-testid="seat-error">
          {[...new Set(seatErrors)].join(' ')}
        </Alert>
      ) : null}
      <ChosenSeats
        {...context}
        choice={choice}
        onChange={(next, said) => {
          setChoice(next);
          setMessage(said);
        }}
      />
      <BestAvailable {...context} choice={choice} onChange={setChoice} />
    </section>
  );
}
