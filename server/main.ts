import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirBusyError } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { jobHandlers } from './jobs/handlers';
import { JOB_KINDS, SCHEDULES } from './jobs/kinds';
import { releaseOrphanedJobs } from './jobs/queue';
import { startWorker } from './jobs/worker';
import { createMailer } from './mail/transport';
import { accountDeletionJobHandler } from './modules/account-deletion/purge';
import { passwordResetJobHandler } from './modules/auth/recovery';
import { dateCancellationJobHandler } from './modules/date-cancellation/job';
import { seedDemo } from './modules/demo/seed';
import { orderMailDocuments } from './modules/invoice-documents/service';
import { invoiceJobHandler } from './modules/invoices/service';
import { messageJobHandlers } from './modules/messages/delivery';
import { orderLookupJobHandler } from './modules/order-lookup/find';
import { purgeIdleAddressLanes } from './modules/orders/address-lanes';
import { sweepExpiredReservations } from './modules/orders/service';
import { dataExportJobHandler } from './modules/personal-data/request';
import { waitlistJobHandler } from './modules/waitlist/mails';
import { webhookJobHandler } from './modules/webhooks/delivery';
import { describeDatabase, describeMail } from './startup-banner';
import { VERSION } from './version';

/** A signal this soon after the first is the same stop delivered twice, not a second request. */
const REPEATED_SIGNAL_MS = 1_000;

/**
 * Listens without Fastify's own "Server listening at …" lines (one JSON line per interface,
 * printed after the start-up banner): the banner already says where the app is.
 */
async function listenQuietly(app: Awaited<ReturnType<typeof buildApp>>, config: Config): Promise<void> {
  await app.ready();
  const level = app.log.level;
  app.log.level = 'silent';
  try {
    await app.listen({ port: config.port, host: config.host });
  } finally {
    app.log.level = level;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();

  // `npm run dev` serves the web app from Vite and passes --no-web-build.
  const buildWeb = !process.argv.includes('--no-web-build');
  if (buildWeb && !existsSync(path.join(config.webDistDir, 'index.html'))) {
    console.log('No web build found: building the web app once (npm run build)…');
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('The web build failed; see the output above.');
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgresql', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await migrateDatabase(database);
  const demo = config.seedDemo ? await seedDemo(database.db) : null;

  const pretty = config.env === 'development' && process.stdout.isTTY;
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
    },
  });
  await listenQuietly(app, config);
  const mailer = createMailer(config, app.log);
  // Page views are counted in this process's memory, so each instance writes its own
  // (decision 017); shared work runs as jobs, scheduled ones once per slot across instances.
  const pageViewFlush = setInterval(() => {
    app.pageViews
      .flush(database.db)
      .catch((error: unknown) => app.log.warn({ err: error }, 'page views not saved yet'));
  }, 10_000);
  pageViewFlush.unref();
  if (database.kind === 'pglite') {
    // The data directory lock makes this the only process: a running job was left by one that died.
    const released = await releaseOrphanedJobs(database.db);
    if (released > 0) app.log.warn({ jobs: released }, 'jobs of a stopped process queued again');
  }
  const worker = startWorker({
    db: database.db,
    kinds: JOB_KINDS,
    handlers: jobHandlers({
      mailer,
      mailDocuments: orderMailDocuments(config.appUrl, app.storage),
      sweepExpiredReservations,
      purgeIdleAddressLanes,
      passwordReset: passwordResetJobHandler({ db: database.db, links: { appUrl: config.appUrl } }),
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
    schedules: SCHEDULES,
    // Mostly waiting on the SMTP server: a few at once keep a burst of order mails short.
    concurrency: 4,
    logger: app.log,
  });

  let closingSince = 0;
  const shutdown = async (signal: string) => {
    if (closingSince > 0) {
      // `npm start` forwards the signal it gets, and a terminal's Ctrl-C or a service manager
      // signals every process of the group too: the same stop arrives twice at once. Only a
      // second one that someone sent later means "now".
      if (Date.now() - closingSince < REPEATED_SIGNAL_MS) return;
      console.log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    closingSince = Date.now();
    console.log(`${signal} received: finishing requests in flight, then closing the database…`);
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 15 s; exiting.');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      clearInterval(pageViewFlush);
      await app.close();
      await worker.stop();
      mailer.close();
      await database.close();
      console.log('Tessera stopped.');
      process.exit(0);
    } catch (error) {
      console.error('Error while shutting down:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Printed last: whoever waits for this line may signal the process at once.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    [
      '',
      `  Tessera ${VERSION} is running at http://localhost:${port}`,
      `  Database: ${describeDatabase(config)}`,
      `  Mail:     ${describeMail(config)}`,
      `  API docs: http://localhost:${port}/api/docs`,
      ...(demo
        ? [
            '',
            `  Demo login (shown once, on this first start): ${demo.email} / ${demo.password}`,
            '  Set SEED_DEMO=false before the first start to begin with an empty database.',
          ]
        : []),
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('Tessera could not start:', error);
  }
  process.exit(1);
});
