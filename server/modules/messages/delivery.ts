import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/transport';
import { expandMessage } from './expand';
import { MESSAGE_EXPAND_JOB, MESSAGE_SEND_JOB } from './jobs';
import { sendRecipients } from './send';

const ExpandPayload = z.object({ message_id: z.number().int().positive() });
const SendPayload = z.object({
  message_id: z.number().int().positive(),
  first_id: z.number().int().positive(),
  last_id: z.number().int().positive(),
});

export interface MessageDeliveryDependencies {
  db: Database;
  mailer: Mailer;
  /** The public base URL, for the links filled in per recipient. */
  appUrl: string;
  /** Addresses one message may reach (checked again when a scheduled message starts). */
  maxRecipients: number;
}

type Handler = (
  payload: Record<string, unknown>,
  context: { attempt: number; jobId: number },
) => Promise<void>;

/** The handlers of the message jobs, for the worker (`server/main.ts` hands them over). */
export function messageJobHandlers(deps: MessageDeliveryDependencies): Record<string, Handler> {
  return {
    [MESSAGE_EXPAND_JOB]: (payload, context) =>
      expandMessage(ExpandPayload.parse(payload), {
        ...context,
        db: deps.db,
        maxRecipients: deps.maxRecipients,
      }),
    [MESSAGE_SEND_JOB]: (payload, context) =>
      sendRecipients(SendPayload.parse(payload), {
        ...context,
        db: deps.db,
        mailer: deps.mailer,
        appUrl: deps.appUrl,
      }),
  };
}
