import { z } from 'zod';
import type { Db } from '../db/client';
import { MAIL_JOB, MailJobPayload } from '../mail/payload';
import { type EnqueueInput, enqueueJob } from './queue';
import type { Schedule } from './schedules';

/** Gives the seats of reservations past their time back, for every event (a schedule). */
export const EXPIRE_RESERVATIONS_JOB = 'orders.expire-reservations';

/** Deletes the lanes of client addresses idle for two days (decision 043; a schedule). */
export const ADDRESS_LANES_PURGE_JOB = 'orders.purge-address-lanes';

/** A forgot-password request, worked on after its answer (decision 018). */
export const PASSWORD_RESET_JOB = 'auth.password-reset';

/** Writes a message's recipients, a batch at a time, and queues their sending (decision 020). */
export const MESSAGE_EXPAND_JOB = 'messages.expand';
/** Mails the pending recipients of one range of ids of a message (decision 020). */
export const MESSAGE_SEND_JOB = 'messages.send';

/** POSTs one webhook delivery to its endpoint; retried with backoff for 24 hours (decision 027). */
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';

/** Deletes the kept answers of `Idempotency-Key`s past their 24 hours (decision 036; a schedule). */
export const IDEMPOTENCY_PURGE_JOB = 'idempotency.purge';

/** Mails one waiting-list entry: that it joined, or that a ticket is held for it (decision 030). */
export const WAITLIST_NOTIFY_JOB = 'waitlist.notify';

/** Works through the orders of a cancelled date, a batch at a time, until none is left (decision 050). */
export const DATE_CANCELLATION_JOB = 'dates.cancel';

/** Issues the invoice of an order that was completed or placed (decision 053). */
export const INVOICE_ISSUE_JOB = 'invoices.issue';

/** A "Find my tickets" request, looked up and mailed after its answer (decision 056). */
export const ORDER_LOOKUP_JOB = 'orders.lookup';

/** Carries out an account's confirmed deletion once its wait is over (decision 065). */
export const ACCOUNT_DELETION_JOB = 'accounts.delete';
/** A buyer's request for their data, looked up and mailed after its answer (decision 064). */
export const DATA_EXPORT_JOB = 'personal-data.export';

/**
 * Every kind of job Tessera runs, with the schema of its payload. A new kind is added here
 * and given its handler in `handlers.ts`; the type checker then holds every `enqueue` of it
 * to its payload and asks for its handler.
 */
export const JOB_KINDS = {
  [MAIL_JOB]: MailJobPayload,
  [EXPIRE_RESERVATIONS_JOB]: z.object({}).strict(),
  [ADDRESS_LANES_PURGE_JOB]: z.object({}).strict(),
  [PASSWORD_RESET_JOB]: z.object({ email: z.string() }),
  [MESSAGE_EXPAND_JOB]: z.object({ message_id: z.number().int().positive() }),
  [MESSAGE_SEND_JOB]: z.object({
    message_id: z.number().int().positive(),
    first_id: z.number().int().positive(),
    last_id: z.number().int().positive(),
  }),
  [WEBHOOK_DELIVER_JOB]: z.object({ delivery_id: z.number().int().positive() }),
  [IDEMPOTENCY_PURGE_JOB]: z.object({}).strict(),
  [WAITLIST_NOTIFY_JOB]: z.object({
    entry_id: z.number().int().positive(),
    kind: z.enum(['joined', 'offered']),
  }),
  [DATE_CANCELLATION_JOB]: z.object({ cancellation_id: z.number().int().positive() }),
  [INVOICE_ISSUE_JOB]: z.object({ order_id: z.number().int().positive() }),
  [ORDER_LOOKUP_JOB]: z.object({
    email: z.string(),
    event_id: z.number().int().positive(),
    scope: z.enum(['EVENT', 'ACCOUNT']),
    locale: z.string(),
  }),
  [ACCOUNT_DELETION_JOB]: z.object({ account_id: z.number().int().positive() }),
  [DATA_EXPORT_JOB]: z.object({ email: z.string(), locale: z.string() }),
} as const;

export type AppJobKinds = typeof JOB_KINDS;
export type JobKind = keyof AppJobKinds;
/** The payload a job of kind `K` carries once parsed. */
export type JobPayload<K extends JobKind> = z.output<AppJobKinds[K]>;

/** Recurring jobs: each runs once per slot, on whichever instance claims it first. */
export const SCHEDULES: readonly Schedule<AppJobKinds>[] = [
  // Expired reservations give their seats back even when nobody is buying.
  { type: EXPIRE_RESERVATIONS_JOB, everyMs: 30_000 },
  // Answers kept for retries are deleted once their 24 hours are over, hourly.
  { type: IDEMPOTENCY_PURGE_JOB, everyMs: 3_600_000 },
  // Lanes of addresses that stopped reserving, hourly.
  { type: ADDRESS_LANES_PURGE_JOB, everyMs: 3_600_000 },
];

/**
 * Adds a job, its payload checked against its kind. Call it with the transaction of the change
 * that causes it, so the job exists exactly when that change commits. Returns false when
 * `uniqueKey` was already enqueued.
 */
export function enqueue<T extends JobKind>(db: Db, input: EnqueueInput<AppJobKinds, T>): Promise<boolean> {
  return enqueueJob(db, JOB_KINDS, input);
}
