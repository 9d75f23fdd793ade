import { describe, expect, it } from 'vitest';
import { DateSeriesRequest, DateTicketRequest, type EventDateResponse } from '../../../common/event-dates';
import { dateTicketValues, seriesValues, toDateTicketRequest, toSeriesRequest } from './date-settings-form';

const lisbon = { currency: 'EUR', timeZone: 'Europe/Lisbon' };

describe('a ticket’s settings on one date', () => {
  const row = {
    date_id: 3,
    ticket_id: 7,
    title: 'Deck',
    own_quantity: false,
    quantity_available: 100,
    price: null,
    sale_start_date: null,
    sale_end_date: '2026-06-01T17:00:00.000Z',
    quantity_sold: 4,
    quantity_reserved: 1,
  };

  it('shows the price in major units and the times in the event’s zone', () => {
    expect(dateTicketValues({ ...row, price: 1250 }, lisbon)).toEqual({
      own_quantity: false,
      quantity_available: 100,
      price: '12.50',
      sale_start_date: '',
      sale_end_date: '2026-06-01T18:00',
    });
  });

  it('sends the quantity only when the date has its own, and empty fields as the ticket’s', () => {
    const values = dateTicketValues(row, lisbon);
    expect(toDateTicketRequest(values, lisbon)).toEqual({
      price: null,
      sale_start_date: null,
      sale_end_date: '2026-06-01T17:00:00.000Z',
    });
    const own = toDateTicketRequest(
      { ...values, own_quantity: true, quantity_available: 30, price: '9.90' },
      lisbon,
    );
    expect(own).toMatchObject({ quantity_available: 30, price: 990 });
    // Own and empty: unlimited on that date.
    expect(
      toDateTicketRequest({ ...values, own_quantity: true, quantity_available: '' }, lisbon),
    ).toMatchObject({
      quantity_available: null,
    });
    expect(DateTicketRequest.safeParse(own).success).toBe(true);
  });

  it('leaves an amount it cannot read out, for the amount check to report', () => {
    const values = { ...dateTicketValues(row, lisbon), price: '9.999' };
    expect(toDateTicketRequest(values, lisbon).price).toBeUndefined();
  });
});

describe('the changes to a rule’s future dates', () => {
  const date: EventDateResponse = {
    id: 5,
    event_id: 1,
    starts_at: '2026-06-02T18:00:00.000Z',
    ends_at: '2026-06-02T20:00:00.000Z',
    label: 'Evening class',
    status: 'ON_SALE',
    capacity: 20,
    sold: 0,
    rule_id: 2,
    created_at: '2026-05-01T10:00:00.000Z',
  };
  const initial = seriesValues(date, 'Europe/Lisbon');

  it('starts from the date it was opened on, in the event’s zone', () => {
    expect(initial).toEqual({
      label: 'Evening class',
      status: 'ON_SALE',
      capacity: 20,
      start_time: '19:00',
      end_time: '21:00',
    });
  });

  it('sends only the fields that changed, emptied ones as removed', () => {
    expect(toSeriesRequest(initial, initial)).toEqual({});
    expect(DateSeriesRequest.safeParse({}).success).toBe(false);
    expect(toSeriesRequest({ ...initial, start_time: '20:30' }, initial)).toEqual({ start_time: '20:30' });
    expect(toSeriesRequest({ ...initial, label: ' ', capacity: '', end_time: '' }, initial)).toEqual({
      label: null,
      capacity: null,
      end_time: null,
    });
    expect(toSeriesRequest({ ...initial, status: 'HIDDEN' }, initial)).toEqual({ status: 'HIDDEN' });
  });

  it('gives a cancelled date’s status to none of the others', () => {
    const from = seriesValues({ ...date, status: 'CANCELLED' }, 'Europe/Lisbon');
    expect(from.status).toBe('');
    expect(toSeriesRequest({ ...from, label: 'Late' }, from)).toEqual({ label: 'Late' });
  });
});
