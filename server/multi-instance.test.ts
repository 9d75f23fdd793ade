import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { jobs } from './db/schema';
import { EXPIRE_RESERVATIONS_JOB, SCHEDULES } from './jobs/kinds';
import { scheduleKeyPrefix } from './jobs/schedules';
import { MAIL_JOB } from './mail/payload';
import { checkout, type Outcome, purchases, type Storefront, send } from './test/buyers';
import { Instance } from './test/instance';
import { findBrokenRules } from './test/invariants';
import { startS3, type TestS3 } from './test/s3';
import { seededRandom } from './test/seeded-random';
import {
  createProcessDatabase,
  MANY_BUYERS_ENV,
  type ProcessDatabase,
  type Shop,
  seedShop,
  standInWebBuild,
  stripeEnv,
} from './test/shop';
import { startSmtp, type TestSmtp } from './test/smtp';
import { type StripeTestServer, startStripeTestServer } from './test/stripe-server/server';

// Suite 5 of issue 15: two server processes on one PostgreSQL database, and a client that
// alternates between them. The embedded database is one process only: there, the second
// process must refuse to start. CI runs this file on both (TEST_DATABASE_URL in its second pass).

const FREE_STOCK = 1000;
/** Login attempts a client address may make per minute, counted across both instances. */
const AUTH_LIMIT = 4;

let dir: string;
let database: ProcessDatabase;
let stripe: StripeTestServer;
let smtp: TestSmtp;
let s3: TestS3;
const instances: Instance[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-multi-'));
  database = await createProcessDatabase(dir);
  stripe = await startStripeTestServer();
  stripe.autoDeliver = false;
  smtp = await startSmtp();
  s3 = await startS3();
});
afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop('SIGKILL')));
  await s3?.close();
  await smtp?.close();
  await stripe?.stop();
  await database?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What every instance shares: the database, Stripe, SMTP, the bucket, Redis. */
async function sharedEnv(): Promise<Record<string, string>> {
  return {
    ...database.env,
    ...stripeEnv(stripe),
    SMTP_URL: smtp.url,
    APP_URL: 'http://tessera.test',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: await standInWebBuild(dir),
    S3_BUCKET: 'tessera-test',
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_PUBLIC_URL: `${s3.url}/tessera-test`,
    // Each test names its client address, so their limits do not add up.
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `tessera-test-${randomBytes(6).toString('hex')}:`,
    ...MANY_BUYERS_ENV,
  };
}

if (!process.env.TEST_DATABASE_URL) {
  describe('several instances on the embedded database', { timeout: 180_000 }, () => {
    it('refuses a second process on the same data directory while the first goes on serving', async () => {
      const env = await sharedEnv();
      const first = new Instance(env);
      instances.push(first);
      await first.start();
      const second = new Instance(env);
      await expect(second.start()).rejects.toThrow(/Another Tessera process \(pid \d+\) is using/);
      const health = await fetch(`${first.base()}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
      expect(await first.stop('SIGTERM')).toBe(0);
    });
  });
} else {
  describe('two instances on one PostgreSQL database', { timeout: 240_000 }, () => {
    let shop: Shop;
    let a: Instance;
    let b: Instance;
    let seededAt: number;
    beforeAll(async () => {
      const handle = await database.open();
      try {
        shop = await seedShop({ handle, stripe, freeStock: FREE_STOCK, lapseInMs: 2_000 });
      } finally {
        await handle.close();
      }
      seededAt = Date.now();
      const env = await sharedEnv();
      // Each its own disk: only the database, the bucket and Redis are shared.
      a = new Instance({ ...env, DATA_DIR: path.join(dir, 'a') });
      b = new Instance({ ...env, DATA_DIR: path.join(dir, 'b') });
      instances.push(a, b);
      await Promise.all([a.start(), b.start()]);
      // Two processes starting on a busy machine take a while.
    }, 150_000);

    /** A client that sends each request to the other instance than the last. */
    function alternating(): Storefront {
      let turn = 0;
      return { base: () => [a, b][turn++ % 2]?.base() ?? '', stripe };
    }
    it('shares sessions, checkouts, webhooks, jobs and images, each done once', async () => {
      // A session made on one instance works on the other, and ends on both.
      const login = await send(a, '/api/auth/login', {
        method: 'POST',
        body: { email: shop.owner.email, password: shop.owner.password },
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
      expect(login.status).toBe(200);
      const owner = {
        authorization: `Bearer ${String(login.body.token)}`,
        'x-forwarded-for': '198.51.100.1',
      };
      expect((await send(b, '/api/events', { headers: owner })).status).toBe(200);

      // Buyers whose requests, webhooks included, alternate between the two.
      const client = alternating();
      const plan = purchases(seededRandom(15), 40, {
        free: shop.event.freeTicketId,
        paid: shop.event.paidTicketId,
      });
      const outcomes: Outcome[] = await Promise.all(plan.map((p) => checkout(client, shop.event.id, p)));
      expect(outcomes.every((o) => o.confirmed)).toBe(true);

      // An image uploaded through one instance is shown and served through the other.
      const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#246' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('type', 'EVENT_COVER');
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
      const upload = await fetch(`${a.base()}/api/events/${shop.event.id}/images`, {
        method: 'POST',
        headers: owner,
        body: form,
      });
      expect(upload.status, await upload.clone().text()).toBe(201);
      const page = await send(b, `/api/public/events/${shop.event.id}`);
      const [cover] = page.body.images as { url: string; variants: { url: string }[] }[];
      expect(cover?.url.startsWith(`${s3.url}/tessera-test/`)).toBe(true);
      const served = await fetch(cover?.url ?? '');
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      // Every mail once, every lapsed reservation expired by a sweep that ran once per slot.
      // One mail per order: every buyer holds their own tickets, which their confirmation carries.
      const owed = outcomes.length;
      const distinct = () => new Set(smtp.mails.map((m) => m.messageId)).size;
      await waitFor(`${owed} mails (have ${distinct()})`, () => distinct() >= owed, 60_000);
      // The organizer's notes count among the mails too: wait until no mail is left to send.
      const watch = await database.open();
      try {
        await waitFor(
          'every mail job to be done',
          async () =>
            (await watch.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.type, MAIL_JOB))).every(
              (job) => job.status === 'done',
            ),
          60_000,
        );
      } finally {
        await watch.close();
      }
      await waitFor(
        'the lapsed reservations to expire',
        async () => {
          for (const shortId of shop.idle.shortIds) {
            const order = await send(a, `/api/public/events/${shop.idle.id}/orders/${shortId}`);
            if (order.body.status !== 'EXPIRED') return false;
          }
          return true;
        },
        45_000,
      );

      const handle = await database.open();
      try {
        const broken = await findBrokenRules({
          handle,
          shop,
          outcomes,
          mails: smtp.mails,
          stripe,
          freeStock: FREE_STOCK,
          maxResent: 0,
        });
        expect(broken, `${a.log}\n${b.log}`).toEqual([]);
        expect(await sweepRuns(handle, seededAt)).toMatchObject({ oncePerSlot: true });
      } finally {
        await handle.close();
      }

      // Logging out on one instance ends the session on the other.
      expect((await send(b, '/api/auth/logout', { method: 'POST', headers: owner })).status).toBe(204);
      expect((await send(a, '/api/events', { headers: owner })).status).toBe(401);
    });

    // Needs the shared rate-limit counts of REDIS_URL (server/http/rate-limits.ts).
    it('counts login attempts of one client across both instances (Redis)', async () => {
      // An address and an e-mail no other test counted against.
      const email = `guess-${randomBytes(4).toString('hex')}@example.com`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= AUTH_LIMIT; attempt++) {
        const instance = attempt % 2 === 0 ? a : b;
        const res = await send(instance, '/api/auth/login', {
          method: 'POST',
          body: { email, password: 'not the password' },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array.from({ length: AUTH_LIMIT }, () => 401), 429]);
    });
  });
}

/** The reservation sweep's runs since `since`: one row per slot, each claimed once. */
async function sweepRuns(handle: DatabaseHandle, since: number) {
  const schedule = SCHEDULES.find((s) => s.type === EXPIRE_RESERVATIONS_JOB);
  if (!schedule) throw new Error('no reservation sweep scheduled');
  const rows = await handle.db
    .select()
    .from(jobs)
    .where(like(jobs.uniqueKey, `${scheduleKeyPrefix(schedule)}%`));
  const settled = rows.filter(
    (r) => r.runAt.getTime() >= since - schedule.everyMs && r.runAt.getTime() < Date.now() - 5_000,
  );
  return {
    slots: settled.length,
    oncePerSlot:
      settled.length > 0 &&
      settled.length <= Math.ceil((Date.now() - since) / schedule.everyMs) + 1 &&
      settled.every((r) => r.status === 'done' && r.attempts === 1),
  };
}
