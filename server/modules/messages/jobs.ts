import type { Db } from '../../db/client';
import { enqueue, type JobPayload, MESSAGE_EXPAND_JOB, MESSAGE_SEND_JOB } from '../../jobs/kinds';

export type ExpandPayload = JobPayload<typeof MESSAGE_EXPAND_JOB>;
export type SendPayload = JobPayload<typeof MESSAGE_SEND_JOB>;

/** Claims of an expansion before its message is given up as FAILED (INTERNAL). */
export const EXPAND_MAX_ATTEMPTS = 8;
/**
 * Claims of a send job. A recipient whose mail the server refused is tried again by the job's
 * next claim (the queue's backoff: 10 s, 20 s, 40 s …); after `MAX_RECIPIENT_ATTEMPTS` tries,
 * or when the job has had all its claims, it is FAILED.
 */
export const SEND_MAX_ATTEMPTS = 10;
export const MAX_RECIPIENT_ATTEMPTS = 5;

/** Queues a message's expansion in the caller's transaction, due at `runAt` (default now). */
export async function enqueueExpansion(db: Db, input: { messageId: number; runAt?: Date }): Promise<void> {
  await enqueue(db, {
    type: MESSAGE_EXPAND_JOB,
    payload: { message_id: input.messageId },
    runAt: input.runAt,
    uniqueKey: `message:${input.messageId}:expand`,
    maxAttempts: EXPAND_MAX_ATTEMPTS,
  });
}

/** Queues the sending of recipients `first_id`…`last_id` of a message, in the caller's transaction. */
export async function enqueueSending(db: Db, payload: SendPayload): Promise<void> {
  await enqueue(db, {
    type: MESSAGE_SEND_JOB,
    payload,
    uniqueKey: `message:${payload.message_id}:send:${payload.first_id}`,
    maxAttempts: SEND_MAX_ATTEMPTS,
  });
}
