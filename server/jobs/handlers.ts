import { MAIL_JOB, mailJobHandler } from '../mail/send';
import type { Mailer } from '../mail/transport';
import type { JobHandlers } from './worker';

/** Every job type the worker knows, by name. */
export function jobHandlers(deps: { mailer: Mailer }): JobHandlers {
  return {
    [MAIL_JOB]: mailJobHandler(deps.mailer),
  };
}
