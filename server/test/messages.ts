import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CreateMessageRequest, MessageResponse } from '../../common/messages';
import { attendees, jobs, orders } from '../db/schema';
import { jobHandlers } from '../jobs/handlers';
import { JOB_KINDS } from '../jobs/kinds';
import { runDueJobs } from '../jobs/worker';
import { createMailer, type Mailer } from '../mail/transport';
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
import { createTestApp, type TestApp, testConfig } from './app';
import { makeAccount, type Owner } from './builders';
import { startSmtp, type TestSmtp } from './smtp';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface MessagesKit extends TestApp {
  smtp: TestSmtp;
  /** The mailer the jobs use by default: SMTP to `smtp`. */
  mailer: Mailer;
  owner: Owner;
  as(token: string, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Runs every due job (mail, expansion, sending) until none is due, with this mailer. */
  deliver(mailer?: Mailer): Promise<number>;
  /** POSTs a message to the event as `sender` (default the owner): the answer. */
  send(
    eventId: number,
    message: Partial<CreateMessageRequest>,
    sender?: Owner,
  ): Promise<LightMyRequestResponse>;
  /** Sends a message and delivers it; the message as the API shows it afterwards. */
  sendAndDeliver(eventId: number, message: Partial<CreateMessageRequest>): Promise<MessageResponse>;
  /** Makes every pending job due now (a retry's backoff or a schedule, skipped). */
  dueNow(): Promise<void>;
  /** The id of the attendee holding the ticket with this short id. */
  attendeeId(shortId: string): Promise<number>;
  /** The id of the order with this short id. */
  orderId(shortId: string): Promise<number>;
  close(): Promise<void>;
}

/** A message everyone may send: the fields a test does not care about filled in. */
export const message = (fields: Partial<CreateMessageRequest> = {}): CreateMessageRequest => ({
  subject: 'Doors open at 19:00',
  body: '<p>See you soon.</p>',
  scope: { type: 'ALL_ATTENDEES' },
  acknowledged_not_promotional: true,
  ...fields,
});

/** The app with a local SMTP server, an owner with a confirmed address, and the message jobs. */
export async function createMessagesKit(env: Record<string, string> = {}): Promise<MessagesKit> {
  const smtp = await startSmtp();
  const config = testConfig({ SMTP_URL: smtp.url, ...env });
  const t = await createTestApp({ config });
  const owner = await makeAccount(t.app);
  const mailer = createMailer(config, { info: () => {} });
  const kit: MessagesKit = {
    ...t,
    smtp,
    mailer,
    owner,
    as: (token, method, url, payload) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } }),
    async deliver(using = mailer) {
      const handlers = jobHandlers({
        mailer: using,
        mailDocuments: orderMailDocuments(config.appUrl, t.app.storage),
        sweepExpiredReservations,
        purgeIdleAddressLanes,
        passwordReset: passwordResetJobHandler({ db: t.app.db, links: { appUrl: config.appUrl } }),
        messages: messageJobHandlers({
          mailer: using,
          appUrl: config.appUrl,
          maxRecipients: config.messages.maxRecipients,
        }),
        webhooks: webhookJobHandler({ ...config.webhooks, appUrl: config.appUrl }),
        waitlist: waitlistJobHandler({ appUrl: config.appUrl }),
        dateCancellation: dateCancellationJobHandler({ stripe: t.app.stripe, appUrl: config.appUrl }),
        invoices: invoiceJobHandler,
        orderLookup: orderLookupJobHandler({ appUrl: config.appUrl }),
        accountDeletion: accountDeletionJobHandler({ storage: t.app.storage, stripe: t.app.stripe }),
        dataExport: dataExportJobHandler({ appUrl: config.appUrl }),
      });
      let total = 0;
      for (;;) {
        const ran = await runDueJobs({ db: t.app.db, kinds: JOB_KINDS, handlers, concurrency: 4 }, 1000);
        total += ran;
        if (ran === 0) return total;
      }
    },
    send: (eventId, fields, sender = owner) =>
      kit.as(sender.token, 'POST', `/api/events/${eventId}/messages`, message(fields)),
    async sendAndDeliver(eventId, fields) {
      const created = await kit.send(eventId, fields);
      if (created.statusCode !== 201) throw new Error(`message refused: ${created.body}`);
      await kit.deliver();
      const id = created.json<MessageResponse>().id;
      return (
        await kit.as(owner.token, 'GET', `/api/events/${eventId}/messages/${id}`)
      ).json<MessageResponse>();
    },
    async dueNow() {
      await t.app.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'pending'));
    },
    async attendeeId(shortId) {
      const [row] = await t.app.db
        .select({ id: attendees.id })
        .from(attendees)
        .where(eq(attendees.shortId, shortId));
      if (!row) throw new Error(`no attendee ${shortId}`);
      return row.id;
    },
    async orderId(shortId) {
      const [row] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.shortId, shortId));
      if (!row) throw new Error(`no order ${shortId}`);
      return row.id;
    },
    async close() {
      mailer.close();
      await t.close();
      await smtp.close();
    },
  };
  return kit;
}
