import type { App } from '../app';
import { jobHandlers } from '../jobs/handlers';
import { JOB_KINDS } from '../jobs/kinds';
import { runDueJobs } from '../jobs/worker';
import { createMailer } from '../mail/transport';
import { accountDeletionJobHandler } from '../modules/account-deletion/purge';
import { passwordResetJobHandler } from '../modules/auth/recovery';
import { dateCancellationJobHandler } from '../modules/date-cancellation/job';
import { orderMailDocuments } from '../modules/invoice-documents/service';
import { invoiceJobHandler } from '../modules/invoices/service';
import { messageJobHandlers } from '../modules/messages/delivery';
import { orderLookupJobHandler } from '../modules/order-lookup/find';
import { purgeIdleAddressLanes } from '../modules/orders/address-lanes';
import { sweepExpiredReservations } from '../modules/orders/service';
import { dataExportJobHandler } from '../modules/personal-data/request';
import { waitlistJobHandler } from '../modules/waitlist/mails';
import { webhookJobHandler } from '../modules/webhooks/delivery';

/**
 * Runs every due job once with the handlers the server runs: mails go to the app's SMTP server
 * (or its dev mailbox), webhooks to their endpoints, private addresses allowed as the app's
 * config says unless `allowPrivate` says otherwise. Answers how many jobs ran.
 */
export async function runAllDueJobs(app: App, options: { allowPrivate?: boolean } = {}): Promise<number> {
  const { config, db } = app;
  const mailer = createMailer(config, { info: () => {} });
  const handlers = jobHandlers({
    mailer,
    mailDocuments: orderMailDocuments(config.appUrl, app.storage),
    sweepExpiredReservations,
    purgeIdleAddressLanes,
    passwordReset: passwordResetJobHandler({ db, links: { appUrl: config.appUrl } }),
    messages: messageJobHandlers({ mailer, appUrl: config.appUrl, maxRecipients: 100 }),
    webhooks: webhookJobHandler({
      allowPrivate: options.allowPrivate ?? config.webhooks.allowPrivate,
      appUrl: config.appUrl,
    }),
    waitlist: waitlistJobHandler({ appUrl: config.appUrl }),
    dateCancellation: dateCancellationJobHandler({ stripe: app.stripe, appUrl: config.appUrl }),
    invoices: invoiceJobHandler,
    orderLookup: orderLookupJobHandler({ appUrl: config.appUrl }),
    accountDeletion: accountDeletionJobHandler({ storage: app.storage, stripe: app.stripe }),
    dataExport: dataExportJobHandler({ appUrl: config.appUrl }),
  });
  try {
    return await runDueJobs({ db, kinds: JOB_KINDS, handlers }, 1000);
  } finally {
    mailer.close();
  }
}
