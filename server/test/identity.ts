import type { LightMyRequestResponse } from 'fastify';
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
import { createTestApp, type TestApp, testConfig } from './app';
import { lastLink, startSmtp, type TestSmtp } from './smtp';

export interface IdentityKit extends TestApp {
  smtp: TestSmtp;
  /** Runs the job queue once, so queued mail reaches the SMTP server. */
  deliverMail(): Promise<number>;
  /** An authenticated request. */
  as(
    token: string,
    options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
  ): Promise<LightMyRequestResponse>;
  register(
    input?: Partial<RegisterInput>,
  ): Promise<{ token: string; userId: number; accountId: number; email: string }>;
  login(email: string, password: string, accountId?: number): Promise<LightMyRequestResponse>;
  /** Invites someone to the owner's account with a role and accepts; answers their session. */
  addMember(owner: { token: string }, role: 'ADMIN' | 'ORGANIZER'): Promise<{ token: string; email: string }>;
  /** A new organizer and a draft event of it, through the API; returns the event. */
  createEvent(
    token: string,
    fields?: Record<string, unknown>,
  ): Promise<{ id: number; organizer_id: number; [key: string]: unknown }>;
}

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

let counter = 0;
export const PASSWORD = 'correct horse battery';

/** The real app with a real SMTP server for mail, and helpers for the identity journeys. */
export async function createIdentityKit(env: Record<string, string> = {}): Promise<IdentityKit> {
  const smtp = await startSmtp();
  const config = testConfig({
    SMTP_URL: smtp.url,
    APP_URL: 'http://tessera.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  const t = await createTestApp({ config });
  const mailer = createMailer(config, { info: () => {} });
  const app: App = t.app;
  const kit: IdentityKit = {
    ...t,
    smtp,
    async close() {
      mailer.close();
      await t.close();
      await smtp.close();
    },
    deliverMail: () =>
      runDueJobs({
        db: app.db,
        kinds: JOB_KINDS,
        handlers: jobHandlers({
          mailer,
          mailDocuments: orderMailDocuments(config.appUrl, app.storage),
          sweepExpiredReservations,
          purgeIdleAddressLanes,
          passwordReset: passwordResetJobHandler({ db: app.db, links: { appUrl: config.appUrl } }),
          messages: messageJobHandlers({
            mailer,
            appUrl: config.appUrl,
            maxRecipients: config.messages.maxRecipients,
          }),
          webhooks: webhookJobHandler({ ...config.webhooks, appUrl: config.appUrl }),
          waitlist: waitlistJobHandler({ appUrl: config.appUrl }),
          dateCancellation: dateCancellationJobHandler({ stripe: app.stripe, appUrl: config.appUrl }),
          invoices: invoiceJobHandler,
          orderLookup: orderLookupJobHandler({ appUrl: config.appUrl }),
          accountDeletion: accountDeletionJobHandler({ storage: app.storage, stripe: app.stripe }),
          dataExport: dataExportJobHandler({ appUrl: config.appUrl }),
        }),
      }),
    as: (token, options) => app.inject({ ...options, headers: { authorization: `Bearer ${token}` } }),
    async register(input = {}) {
      counter += 1;
      const email = input.email ?? `owner${counter}.${Date.now()}@example.com`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          first_name: input.first_name ?? 'Ada',
          last_name: input.last_name ?? 'Lovelace',
          email,
          password: input.password ?? PASSWORD,
          password_confirmation: input.password ?? PASSWORD,
          accept_terms: true,
          currency: 'EUR',
          timezone: 'Europe/Lisbon',
        },
      });
      if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { token: body.token, userId: body.user.id, accountId: body.account.id, email };
    },
    async addMember(owner, role) {
      counter += 1;
      const email = `member${counter}.${Date.now()}@example.com`;
      await kit.as(owner.token, { method: 'POST', url: '/api/users', payload: { email, role } });
      await kit.deliverMail();
      const link = lastLink(smtp.to(email).at(-1), '/auth/accept-invitation/');
      const session = await app.inject({
        method: 'POST',
        url: `/api/auth/invitations/${link.token}`,
        payload: {
          first_name: 'Olive',
          password: PASSWORD,
          password_confirmation: PASSWORD,
          accept_terms: true,
        },
      });
      if (session.statusCode !== 200)
        throw new Error(`invitation failed: ${session.statusCode} ${session.body}`);
      return { token: session.json().token as string, email };
    },
    async createEvent(token, fields = {}) {
      const organizer = await app.inject({
        method: 'POST',
        url: '/api/organizers',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Org' },
      });
      const event = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          title: 'Event',
          start_date: '2031-01-01T20:00:00Z',
          organizer_id: organizer.json().id,
          ...fields,
        },
      });
      if (event.statusCode !== 201) throw new Error(`event not created: ${event.statusCode} ${event.body}`);
      return event.json();
    },
    login: (email, password, accountId) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password, ...(accountId ? { account_id: accountId } : {}) },
      }),
  };
  return kit;
}
