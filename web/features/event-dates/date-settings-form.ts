import type {
  DateSeriesRequest,
  DateTicketRequest,
  DateTicketResponse,
  EventDateResponse,
  EventDateStatus,
} from '../../../common/event-dates';
import { toMinor } from '../../../common/money';
import { amountText } from '../../components/amount-value';
import { isoToZoned, zonedToIso } from '../events/datetime';

// The values of a date's two settings forms and the requests made of them, kept apart from
// the components so they can be tested on their own.

export interface DateTicketValues {
  /** The date sets its own quantity; unticked, the ticket's quantity counts. */
  own_quantity: boolean;
  /** Empty with `own_quantity`: unlimited on this date. */
  quantity_available: number | string;
  /** As typed, in major units ("12.50"); empty: the ticket's price. */
  price: string;
  /** Wall-clock times of the event's zone (`YYYY-MM-DDTHH:mm`); empty: the ticket's. */
  sale_start_date: string;
  sale_end_date: string;
}

/** The event's money and clock, which the typed price and sale times are read in. */
export interface DateTicketContext {
  currency: string;
  timeZone: string;
}

/** A ticket's settings on a date as the form shows them: the price in major units, times local. */
export function dateTicketValues(row: DateTicketResponse, { currency, timeZone }: DateTicketContext) {
  return {
    own_quantity: row.own_quantity,
    quantity_available: row.quantity_available ?? '',
    price: amountText(row.price, currency),
    sale_start_date: isoToZoned(row.sale_start_date, timeZone),
    sale_end_date: isoToZoned(row.sale_end_date, timeZone),
  } satisfies DateTicketValues;
}

const when = (local: string, timeZone: string) =>
  local === '' ? null : (zonedToIso(local, timeZone) ?? local);

/**
 * The request of a form's values. The quantity is sent only when the date has its own (left
 * out, the ticket's counts again); an empty price or sale time is null: the ticket's.
 */
export function toDateTicketRequest(
  values: DateTicketValues,
  { currency, timeZone }: DateTicketContext,
): DateTicketRequest {
  const typedPrice = values.price.trim();
  return {
    ...(values.own_quantity
      ? {
          quantity_available: values.quantity_available === '' ? null : Number(values.quantity_available),
        }
      : {}),
    // An amount that cannot be read is the amount check's to report, not the schema's.
    price: typedPrice === '' ? null : (toMinor(typedPrice, currency) ?? undefined),
    sale_start_date: when(values.sale_start_date, timeZone),
    sale_end_date: when(values.sale_end_date, timeZone),
  };
}

export interface SeriesValues {
  label: string;
  /** Empty only when the date opened is cancelled: that status is not one to give the others. */
  status: Exclude<EventDateStatus, 'CANCELLED'> | '';
  capacity: number | string;
  /** Local times (`HH:MM`) of the event's zone; each date keeps its day. */
  start_time: string;
  end_time: string;
}

/** The form starts from the date the organizer opened it on. */
export function seriesValues(date: EventDateResponse, timeZone: string): SeriesValues {
  return {
    label: date.label ?? '',
    status: date.status === 'CANCELLED' ? '' : date.status,
    capacity: date.capacity ?? '',
    start_time: isoToZoned(date.starts_at, timeZone).slice(11),
    end_time: date.ends_at ? isoToZoned(date.ends_at, timeZone).slice(11) : '',
  };
}

/**
 * The request of the fields the organizer changed, and of those only: a field left as it was
 * stays as each date has it (their labels or capacities may differ). Emptied, a label,
 * capacity or end time is removed; an emptied start time is left out (the form refuses it).
 */
export function toSeriesRequest(values: SeriesValues, initial: SeriesValues): DateSeriesRequest {
  const changed = (field: keyof SeriesValues) => values[field] !== initial[field];
  return {
    ...(changed('label') ? { label: values.label.trim() || null } : {}),
    ...(changed('status') && values.status !== '' ? { status: values.status } : {}),
    ...(changed('capacity') ? { capacity: values.capacity === '' ? null : Number(values.capacity) } : {}),
    ...(changed('start_time') && values.start_time !== '' ? { start_time: values.start_time } : {}),
    ...(changed('end_time') ? { end_time: values.end_time || null } : {}),
  };
}
