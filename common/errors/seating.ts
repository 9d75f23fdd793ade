import type { ErrorDefinition } from './definition';

/** Reserved seating (issue 42, decision 067). */
export const SEATING_ERRORS = {
  SEAT_TAKEN: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.seat_taken',
      message: 'Someone else has just taken a seat you chose. Choose another seat.',
    },
  },
  SEATS_NOT_TOGETHER: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.seats_not_together',
      message: 'Not that many seats are left side by side. Choose your seats on the plan.',
    },
  },
  SEATING_IN_USE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.seating_in_use',
      message: 'Seats of this event are held or sold, so its seating plan cannot be changed or removed.',
    },
  },
  SEAT_NOT_FREE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.seat_not_free',
      message: 'This seat is held or sold. Choose a free seat.',
    },
  },
  SEATING_PLAN_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.seating_plan_not_found', message: 'This seating plan no longer exists.' },
  },
} as const satisfies Record<string, ErrorDefinition>;
