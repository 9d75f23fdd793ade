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

export const EVENT_DATE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

const localTime = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * `POST /api/events/{id}/dates/rule`: many dates at once, by a recurrence rule (RFC 5545's
 * frequency, interval and weekdays) over local days and times of the event's time zone: every
 * Tuesday and Thursday 19:00–21:00 from one day until another, skipping some days.
 */
export const EventDateRule = z
  .strictObject({
    frequency: z.enum(EVENT_DATE_FREQUENCIES),
    /** Every n days, weeks or months. */
    interval: z.int().min(1).max(52).default(1),
    /** For a weekly rule: the days of the week; none: the first day's. */
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    from: z.iso.date(),
    until: z.iso.date(),
    start_time: localTime(),
    /** None: the dates have no end; not after the start: the next day. */
    end_time: localTime().nullable().optional(),
    skip: z.array(z.iso.date()).max(MAX_EVENT_DATES).default([]),
    label: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
    status: z.enum(EVENT_DATE_STATUSES).default('ON_SALE'),
    capacity: z.int().min(0).max(10_000_000).nullable().optional(),
  })
  .refine((v) => v.until >= v.from, { path: ['until'], message: VALIDATION.untilBeforeFrom.id })
  .meta({ id: 'EventDateRule' });
export type EventDateRule = z.output<typeof EventDateRule>;
