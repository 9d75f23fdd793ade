import { z } from 'zod';
import { idParam } from './validators';

/**
 * The date of an event an order, an attendee or a waiting-list entry is for (issue 36), as the
 * organizer's lists show it, and the `date_id` parameter that narrows them to one date.
 */
export const EventDateRef = z
  .object({
    id: z.number().int(),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime().nullable(),
    label: z.string().nullable(),
  })
  .meta({ id: 'EventDateRef' });
export type EventDateRef = z.infer<typeof EventDateRef>;

/** `?date_id=`: only what is for this date of the event (another event's date is a 422). */
export const dateIdParam = {
  date_id: idParam()
    .optional()
    .meta({ description: 'Only what is for this date of the event (`GET /api/events/{id}/dates`).' }),
};
