import type { MessageDescriptor } from '@lingui/core';

/**
 * Messages of the seating plan's checks and of choosing seats (issue 42); `VALIDATION` holds
 * them too, so that a plan's field errors translate like any other.
 */
export const SEATING_VALIDATION = {
  duplicateKey: /*i18n*/ {
    id: 'validation.seating.duplicate_key',
    message: 'This key is used twice in the plan. Give each one its own.',
  },
  duplicateSeatLabel: /*i18n*/ {
    id: 'validation.seating.duplicate_seat_label',
    message: 'Two seats of this row have the same number. Number each seat once.',
  },
  unknownSeatCategory: /*i18n*/ {
    id: 'validation.seating.unknown_category',
    message: 'This seat names a price category the plan does not have.',
  },
  seatOutside: /*i18n*/ {
    id: 'validation.seating.seat_outside',
    message: 'This seat lies outside the plan. Move it in or make the plan larger.',
  },
  seatsOverlap: /*i18n*/ {
    id: 'validation.seating.seats_overlap',
    message: 'This seat overlaps another one. Move one of them.',
  },
  tooManySeats: /*i18n*/ {
    id: 'validation.seating.too_many_seats',
    message: 'A plan holds at most 20,000 seats.',
  },
  categoryWithoutTicket: /*i18n*/ {
    id: 'validation.seating.category_without_ticket',
    message: 'Choose the ticket sold for the seats of this price category.',
  },
  ticketNotOfEvent: /*i18n*/ {
    id: 'validation.seating.ticket_not_of_event',
    message: 'Choose a ticket of this event.',
  },
  seatNotOfEvent: /*i18n*/ {
    id: 'validation.seating.seat_not_of_event',
    message: 'This seat is not part of this event’s seating plan.',
  },
  seatNotOfTicket: /*i18n*/ {
    id: 'validation.seating.seat_not_of_ticket',
    message: 'This seat is not sold with this ticket.',
  },
  seatsCountMismatch: /*i18n*/ {
    id: 'validation.seating.seats_count_mismatch',
    message: 'Choose one seat for each ticket.',
  },
  seatChosenTwice: /*i18n*/ {
    id: 'validation.seating.seat_chosen_twice',
    message: 'The same seat is chosen twice.',
  },
  seatedTicketNeedsPlan: /*i18n*/ {
    id: 'validation.seating.seats_without_plan',
    message: 'This ticket is not sold by seat.',
  },
} as const satisfies Record<string, MessageDescriptor>;
