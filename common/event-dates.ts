import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';

/**
 * When an event happens: one or more dates (issue 36). An event made with a start and an end
 * has one date, which follows the event's own start and end while it is its only one.
 */
export const EVENT_DATE_STATUSES = ['ON_SALE', 'SOLD_OUT', 'CANCELLED', 'HIDDEN'] as const;
export type EventDateStatus = (typeof EVENT_DATE_STATUSES)[number];

/** Dates one event may have; a rule that would make more is refused. */
export const MAX_EVENT_DATES = 1_000;

const endAfterStart = (v: { starts_at: string; ends_at?: string | null }) =>
  !v.ends_at || new Date(v.ends_at) > new Date(v.starts_at);

/** `POST /api/events/{id}/dates` and `PUT …/dates/{dateId}`: one date, written whole. */
export const EventDateRequest = z
  .strictObject({
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Tells dates of one day apart ("Matinee"); none for most. */
    label: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
    status: z.enum(EVENT_DATE_STATUSES).default('ON_SALE'),
    /** Seats of this date across all its tickets; none: only the tickets' own quantities count. */
    capacity: z.int().min(0).max(10_000_000).nullable().optional(),
  })
  .refine(endAfterStart, { path: ['ends_at'], message: VALIDATION.endBeforeStart.id })
  .meta({ id: 'EventDateRequest' });
export type EventDateRequest = z.input<typeof EventDateRequest>;

export const EventDateResponse = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime().nullable(),
    label: z.string().nullable(),
    status: z.enum(EVENT_DATE_STATUSES),
    capacity: z.number().int().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'EventDate' });
export type EventDateResponse = z.infer<typeof EventDateResponse>;
