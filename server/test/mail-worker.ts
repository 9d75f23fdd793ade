import { openDatabase } from '../db/client';
import { startWorker } from '../jobs/worker';
import { MAIL_JOB, MailJobPayload } from '../mail/payload';
import { mailJobHandler } from '../mail/send';
import { createMailer } from '../mail/transport';
import { testConfig } from './app';

// For `server/mail/transport.test.ts`: a process that sends the queued mail jobs of a database
// as `server/main.ts` does (four jobs side by side over the pooled SMTP connections) until it
// is killed. Its lease is `MAIL_WORKER_LEASE_MS`, so that on PostgreSQL the jobs of a killed
// one are taken over in seconds rather than after the usual 30.
const env = process.env;
const config = testConfig({
  SMTP_URL: env.SMTP_URL ?? '',
  APP_URL: env.APP_URL ?? '',
  DATA_DIR: env.DATA_DIR ?? '',
  ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
});
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgresql', url: config.databaseUrl, poolSize: 4 }
    : { kind: 'pglite', dataDir: config.dataDir },
);
const mailer = createMailer(config, { info: () => {} });
startWorker({
  db: database.db,
  kinds: { [MAIL_JOB]: MailJobPayload },
  handlers: { [MAIL_JOB]: mailJobHandler(mailer, async () => []) },
  concurrency: 4,
  pollMs: 100,
  leaseMs: Number(env.MAIL_WORKER_LEASE_MS),
});
console.log('sending');
