import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { MessageResponse } from '../common/messages';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { jobHandlers } from '../server/jobs/handlers';
import { JOB_KINDS, SCHEDULES } from '../server/jobs/kinds';
import { startWorker } from '../server/jobs/worker';
import { createMailer } from '../server/mail/transport';
import { accountDeletionJobHandler } from '../server/modules/account-deletion/purge';
import { passwordResetJobHandler } from '../server/modules/auth/recovery';
import { dateCancellationJobHandler } from '../server/modules/date-cancellation/job';
import { orderMailDocuments } from '../server/modules/invoice-documents/service';
import { invoiceJobHandler } from '../server/modules/invoices/service';
import { messageJobHandlers } from '../server/modules/messages/delivery';
import { orderLookupJobHandler } from '../server/modules/order-lookup/find';
import { purgeIdleAddressLanes } from '../server/modules/orders/address-lanes';
import { sweepExpiredReservations } from '../server/modules/orders/service';
import { dataExportJobHandler } from '../server/modules/personal-data/request';
import { waitlistJobHandler } from '../server/modules/waitlist/mails';
import { webhookJobHandler } from '../server/modules/webhooks/delivery';
import { makeAccount, makeEvent, makeQuestion, makeTicket } from '../server/test/builders';
import { seedAttendees } from '../server/test/seed-attendees';

const ATTENDEES = 10_000;
const TARGET_PER_SECOND = 200;

/**
 * A local SMTP server that keeps, per recipient, the Message-IDs it accepted: enough to check
 * that each address got the message once, without parsing 10,000 mails.
 */
async function countingSmtp() {
  const received = new Map<string, string[]>();
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
        // Only the message's mails (the owner's registration mail aside).
        if (!id.startsWith('<message-')) return callback();
        mails += 1;
        for (const to of session.envelope.rcptTo) {
          const address = to.address.toLowerCase();
          received.set(address, [...(received.get(address) ?? []), id]);
        }
        callback();
      });
    },
  });
  server.on('error', () => {});
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mails: () => mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One message to 10,000 attendees, from the API call to the last mail accepted by a local SMTP
 * server: the expansion into recipients, the send jobs of the worker (four side by side, as
 * `server/main.ts` runs it) and the pooled SMTP connections. Target: 200 mails a second, each
 * address exactly once. PGlite in a temporary directory, or PostgreSQL with DATABASE_URL.
 */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-bench-'));
  const smtp = await countingSmtp();
  const database = process.env.DATABASE_URL
    ? await openDatabase({ kind: 'postgresql', url: process.env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir });
  await migrateDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MESSAGE_MAX_RECIPIENTS: String(ATTENDEES),
  });
  const app = await buildApp({ config, database });
  const owner = await makeAccount(app);
  const event = await makeEvent(app, owner, { title: 'Stadium' });
  const seat = await makeTicket(app, owner, { eventId: event.id, title: 'Seat' });
  const vip = await makeTicket(app, owner, { eventId: event.id, title: 'VIP' });
  const diet = await makeQuestion(app, owner, { eventId: event.id, title: 'Diet' });
  const company = await makeQuestion(app, owner, { eventId: event.id, title: 'Company', scope: 'PER_ORDER' });
  await seedAttendees(app.db, {
    accountId: owner.accountId,
    eventId: event.id,
    seatTicket: seat.id,
    vipTicket: vip.id,
    dietQuestion: diet.id,
    companyQuestion: company.id,
    count: ATTENDEES,
  });
  const mailer = createMailer(config, { info: () => {} });
  const worker = startWorker({
    db: app.db,
    kinds: JOB_KINDS,
    handlers: jobHandlers({
      mailer,
      mailDocuments: orderMailDocuments(config.appUrl, app.storage),
      sweepExpiredReservations,
      purgeIdleAddressLanes,
      passwordReset: passwordResetJobHandler({ db: app.db, links: { appUrl: config.appUrl } }),
      messages: messageJobHandlers({ mailer, appUrl: config.appUrl, maxRecipients: ATTENDEES }),
      webhooks: webhookJobHandler({ ...config.webhooks, appUrl: config.appUrl }),
      waitlist: waitlistJobHandler({ appUrl: config.appUrl }),
      dateCancellation: dateCancellationJobHandler({ stripe: app.stripe, appUrl: config.appUrl }),
      invoices: invoiceJobHandler,
      orderLookup: orderLookupJobHandler({ appUrl: config.appUrl }),
      accountDeletion: accountDeletionJobHandler({ storage: app.storage, stripe: app.stripe }),
      dataExport: dataExportJobHandler({ appUrl: config.appUrl }),
    }),
    schedules: SCHEDULES,
    concurrency: 4,
    pollMs: 200,
  });

  const started = performance.now();
  const created = await app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/messages`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: {
      subject: 'Gates open at six',
      body: '<p>Dear {{attendee_name}}, see you at {{event_title}}.</p><p><a href="{{ticket_url}}">Your ticket</a></p>',
      scope: { type: 'ALL_ATTENDEES' },
      acknowledged_not_promotional: true,
    },
  });
  if (created.statusCode !== 201) throw new Error(`message refused: ${created.body}`);
  const id = created.json<MessageResponse>().id;
  const read = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/messages/${id}`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
    ).json<MessageResponse>();
  let shown = await read();
  let expandedAt = 0;
  while (shown.status !== 'SENT' && shown.status !== 'FAILED') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    shown = await read();
    if (!expandedAt && shown.counts.total === ATTENDEES) expandedAt = performance.now();
  }
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();

  const once = [...smtp.received.values()].filter((ids) => ids.length === 1).length;
  const mailsPerSecond = Math.round(smtp.mails() / seconds);
  const result = {
    name: 'messages',
    value: mailsPerSecond,
    unit: 'mails/s',
    target: `>= ${TARGET_PER_SECOND} mails/s, each address exactly once`,
    ok: once === ATTENDEES && smtp.mails() === ATTENDEES && mailsPerSecond >= TARGET_PER_SECOND,
    database: database.kind,
    attendees: ATTENDEES,
    status: shown.status,
    sent: shown.counts.sent,
    failed: shown.counts.failed,
    mails_received: smtp.mails(),
    addresses_received_once: once,
    exactly_once: once === ATTENDEES && smtp.mails() === ATTENDEES,
    expansion_seconds: Number(((expandedAt - started) / 1000).toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    mails_per_second: mailsPerSecond,
    target_mails_per_second: TARGET_PER_SECOND,
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
  if (!result.exactly_once) console.log(`FAIL: ${once} of ${ATTENDEES} addresses got exactly one mail`);
  if (result.mails_per_second < TARGET_PER_SECOND) console.log(`FAIL: ${result.mails_per_second} mails/s`);
  if (!result.exactly_once || result.mails_per_second < TARGET_PER_SECOND) process.exitCode = 1;

  mailer.close();
  await app.close();
  await database.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
}
