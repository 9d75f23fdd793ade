import type { Database } from '../db/client';
import { purgeExpiredIdempotencyKeys } from '../http/idempotency';
import { MAIL_JOB } from '../mail/payload';
import { type MailDocuments, mailJobHandler } from '../mail/send';
import type { Mailer } from '../mail/transport';
import {
  ACCOUNT_DELETION_JOB,
  ADDRESS_LANES_PURGE_JOB,
  type AppJobKinds,
  DATA_EXPORT_JOB,
  DATE_CANCELLATION_JOB,
  EXPIRE_RESERVATIONS_JOB,
  IDEMPOTENCY_PURGE_JOB,
  INVOICE_ISSUE_JOB,
  type JobPayload,
  MESSAGE_EXPAND_JOB,
  MESSAGE_SEND_JOB,
  ORDER_LOOKUP_JOB,
  PASSWORD_RESET_JOB,
  WAITLIST_NOTIFY_JOB,
  WEBHOOK_DELIVER_JOB,
} from './kinds';
import type { JobHandler, JobHandlers } from './worker';

export interface JobDependencies {
  mailer: Mailer;
  /** The files mails ask for when they are sent (`ticket-documents`' `ticketMailDocuments`). */
  mailDocuments: MailDocuments;
  /**
   * Expires lapsed reservations of every event, a batch at a time; answers how many it expired.
   * The orders module's `sweepExpiredReservations`, handed in by `main.ts` (this folder knows
   * no module).
   */
  sweepExpiredReservations: (db: Database) => Promise<number>;
  /** Deletes idle lanes of client addresses (the orders module's `purgeIdleAddressLanes`). */
  purgeIdleAddressLanes: (db: Database) => Promise<number>;
  /** The work behind a forgot-password request (`auth`'s `passwordResetJobHandler`). */
  passwordReset: JobHandler<JobPayload<typeof PASSWORD_RESET_JOB>>;
  /** Expanding and sending messages to attendees (`messages`' `messageJobHandlers`). */
  messages: {
    expand: JobHandler<JobPayload<typeof MESSAGE_EXPAND_JOB>>;
    send: JobHandler<JobPayload<typeof MESSAGE_SEND_JOB>>;
  };
  /** POSTing webhook deliveries (`webhooks`' `webhookJobHandler`). */
  webhooks: JobHandler<JobPayload<typeof WEBHOOK_DELIVER_JOB>>;
  /** Mailing waiting-list entries (`waitlist`' `waitlistJobHandler`). */
  waitlist: JobHandler<JobPayload<typeof WAITLIST_NOTIFY_JOB>>;
  /** Working through a cancelled date's orders (`date-cancellation`'s `dateCancellationJobHandler`). */
  dateCancellation: JobHandler<JobPayload<typeof DATE_CANCELLATION_JOB>>;
  /** Issuing an order's invoice (`invoices`' `invoiceJobHandler`). */
  invoices: JobHandler<JobPayload<typeof INVOICE_ISSUE_JOB>>;
  /** "Find my tickets" lookups (`order-lookup`'s `orderLookupJobHandler`). */
  orderLookup: JobHandler<JobPayload<typeof ORDER_LOOKUP_JOB>>;
  /** Carrying out an account's deletion (`account-deletion`'s `accountDeletionJobHandler`). */
  accountDeletion: JobHandler<JobPayload<typeof ACCOUNT_DELETION_JOB>>;
  /** A buyer's data requests (`personal-data`'s `dataExportJobHandler`). */
  dataExport: JobHandler<JobPayload<typeof DATA_EXPORT_JOB>>;
}

/** The handler of every job kind of `kinds.ts`. */
export function jobHandlers(deps: JobDependencies): JobHandlers<AppJobKinds> {
  return {
    [MAIL_JOB]: mailJobHandler(deps.mailer, deps.mailDocuments),
    [EXPIRE_RESERVATIONS_JOB]: async (_payload, { db }) => {
      // One call expires a batch; a backlog (after a long stop) is worked off in a few.
      for (let batch = 0; batch < 20; batch++) {
        if ((await deps.sweepExpiredReservations(db)) === 0) return;
      }
    },
    [ADDRESS_LANES_PURGE_JOB]: async (_payload, { db }) => {
      await deps.purgeIdleAddressLanes(db);
    },
    [IDEMPOTENCY_PURGE_JOB]: async (_payload, { db }) => {
      await purgeExpiredIdempotencyKeys(db);
    },
    [PASSWORD_RESET_JOB]: deps.passwordReset,
    [MESSAGE_EXPAND_JOB]: deps.messages.expand,
    [MESSAGE_SEND_JOB]: deps.messages.send,
    [WEBHOOK_DELIVER_JOB]: deps.webhooks,
    [WAITLIST_NOTIFY_JOB]: deps.waitlist,
    [DATE_CANCELLATION_JOB]: deps.dateCancellation,
    [INVOICE_ISSUE_JOB]: deps.invoices,
    [ORDER_LOOKUP_JOB]: deps.orderLookup,
    [ACCOUNT_DELETION_JOB]: deps.accountDeletion,
    [DATA_EXPORT_JOB]: deps.dataExport,
  };
}
