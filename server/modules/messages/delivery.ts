import type { JobPayload, MESSAGE_EXPAND_JOB, MESSAGE_SEND_JOB } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import type { Mailer } from '../../mail/transport';
import { expandMessage } from './expand';
import { sendRecipients } from './send';

export interface MessageDeliveryDependencies {
  mailer: Mailer;
  /** The public base URL, for the links filled in per recipient. */
  appUrl: string;
  /** Addresses one message may reach (checked again when a scheduled message starts). */
  maxRecipients: number;
}

/** The handlers of the message jobs, which `server/main.ts` hands to the worker. */
export function messageJobHandlers(deps: MessageDeliveryDependencies): {
  expand: JobHandler<JobPayload<typeof MESSAGE_EXPAND_JOB>>;
  send: JobHandler<JobPayload<typeof MESSAGE_SEND_JOB>>;
} {
  return {
    expand: (payload, context) => expandMessage(payload, { ...context, maxRecipients: deps.maxRecipients }),
    send: (payload, context) =>
      sendRecipients(payload, {
        ...context,
        mailer: deps.mailer,
        appUrl: deps.appUrl,
      }),
  };
}
