import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { jobs } from './db/schema';
import { MAIL_JOB } from './mail/payload';
import { checkout, type Outcome, purchases, type Storefront, send } from './test/buyers';
import { Instance } from './test/instance';
import { findBrokenRules } from './test/invariants';
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

// Suite 4 of issue 15: the server process is killed (SIGKILL: no clean shutdown, a transaction
// or a mail cut off halfway) at seeded random moments while 300 buyers check out, free and by
// card, and Stripe delivers webhooks; each time it starts again on the same database. Then the
// jobs run out and the database must show nothing lost and nothing done twice. It runs on the
// embedded database, and on PostgreSQL in the CI pass with TEST_DATABASE_URL.

const SEED = Number(process.env.CRASH_SEED ?? 20_150_415);
const BUYERS = 300;
const FREE_STOCK = 170;

let dir: string;
let database: ProcessDatabase;
let stripe: StripeTestServer;
let smtp: TestSmtp;
let instance: Instance | undefined;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-crash-'));
  database = await createProcessDatabase(dir);
  stripe = await startStripeTestServer();
  stripe.autoDeliver = false;
  smtp = await startSmtp();
});
afterAll(async () => {
  await instance?.stop('SIGKILL');
  await smtp?.close();
  await stripe?.stop();
  await database?.dispose();
  await rm(dir, { recursive: true, force: true });
});

/** Mail jobs not done yet: waiting, or held by a claim (maybe of a killed process). */
async function unfinishedMailJobs(handle: DatabaseHandle): Promise<number> {
  return handle.db.$count(jobs, and(eq(jobs.type, MAIL_JOB), inArray(jobs.status, ['pending', 'running'])));
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('crash recovery', { timeout: 240_000 }, () => {
  it('loses no confirmed order, completes none twice and sends each mail once across SIGKILLs', async () => {
    const started = Date.now();
    const phases: string[] = [];
    let phaseStart = started;
    const phase = (name: string) => {
      phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
      phaseStart = Date.now();
    };
    const random = seededRandom(SEED);
    let shop: Shop;
    {
      const handle = await database.open();
      shop = await seedShop({ handle, stripe, freeStock: FREE_STOCK, lapseInMs: 8_000 });
      await handle.close();
    }
    const server = new Instance({
      ...database.env,
      ...stripeEnv(stripe),
      SMTP_URL: smtp.url,
      APP_URL: 'http://tessera.test',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: await standInWebBuild(dir),
      ...MANY_BUYERS_ENV,
    });
    instance = server;
    await server.start();
    phase('seed and start');

    // Two or three kills, each once the buyers have made a seeded share of their requests.
    const plan = purchases(random, BUYERS, { free: shop.event.freeTicketId, paid: shop.event.paidTicketId });
    const steps = plan.reduce((n, p) => n + (p.card ? 4 : 3), 0);
    const kills = [0.1, 0.3, 0.5]
      .slice(0, random() < 0.5 ? 2 : 3)
      .map((share) => ({ atStep: Math.floor(steps * (share + random() * 0.2)), delayMs: random() * 250 }));
    const killed: string[] = [];
    let answered = 0;
    let restarting: Promise<void> | undefined;
    const storefront: Storefront = {
      base: () => server.base(),
      stripe,
      onStep() {
        answered += 1;
        const next = kills[killed.length];
        if (!next || answered < next.atStep || restarting) return;
        killed.push(`after ${answered} answers (+${Math.round(next.delayMs)} ms)`);
        restarting = (async () => {
          await new Promise((resolve) => setTimeout(resolve, next.delayMs));
          await server.stop('SIGKILL');
          await server.start();
          restarting = undefined;
        })();
      },
    };

    const outcomes: Outcome[] = await Promise.all(
      plan.map((p) => checkout(storefront, shop.event.id, p)),
    ).catch(async (error: unknown) => {
      await server.stop('SIGKILL');
      throw new Error(`${String(error)}; kills ${killed.join('; ')}\n${server.log.slice(-6000)}`);
    });
    await restarting;
    phase('checkouts');
    expect(killed).toHaveLength(kills.length);
    expect(server.starts).toBe(kills.length + 1);

    // The jobs run out: every mail of every completed order reaches the SMTP server, and the
    // scheduled sweep expires the idle event's reservations.
    const completed = await Promise.all(
      outcomes
        .filter((o) => o.shortId)
        .map(async (o) => ({
          o,
          status: (await send(storefront, `/api/public/events/${shop.event.id}/orders/${o.shortId}`)).body
            .status,
        })),
    );
    // One mail per completed order: every buyer holds their own tickets, which their
    // confirmation carries (decision 035).
    const owed = completed.filter((c) => c.status === 'COMPLETED').length;
    const distinctMails = () => new Set(smtp.mails.map((m) => m.messageId)).size;
    await waitFor(`${owed} mails (have ${distinctMails()})`, () => distinctMails() >= owed, 60_000);
    // A mail whose sending a kill cut off after the SMTP server took it is sent again: on
    // PostgreSQL once its lease ends, on the embedded database as soon as the process starts.
    if (database.kind === 'postgresql') {
      const handle = await database.open();
      try {
        await waitFor(
          'the mail jobs of killed processes',
          async () => (await unfinishedMailJobs(handle)) === 0,
          60_000,
        );
      } finally {
        await handle.close();
      }
    }
    let heard = smtp.mails.length;
    let quietSince = Date.now();
    await waitFor(
      'the SMTP server to hear nothing more',
      () => {
        if (smtp.mails.length !== heard) [heard, quietSince] = [smtp.mails.length, Date.now()];
        return Date.now() - quietSince > 3_000;
      },
      60_000,
    );
    phase('mail');
    await waitFor(
      'the lapsed reservations to expire',
      async () => {
        for (const shortId of shop.idle.shortIds) {
          const order = await send(storefront, `/api/public/events/${shop.idle.id}/orders/${shortId}`);
          if (order.body.status !== 'EXPIRED') return false;
        }
        return true;
      },
      45_000,
    );
    phase('expiry');
    expect(await server.stop('SIGTERM')).toBe(0);

    const handle = await database.open();
    try {
      const broken = await findBrokenRules({
        handle,
        shop,
        outcomes,
        mails: smtp.mails,
        stripe,
        freeStock: FREE_STOCK,
        // The worker sends up to four mails at once; a kill can cut each off after SMTP took it.
        maxResent: kills.length * 4,
      });
      expect(broken, `seed ${SEED}, kills ${killed.join('; ')}\n${server.log.slice(-4000)}`).toEqual([]);
    } finally {
      await handle.close();
    }
    const confirmed = outcomes.filter((o) => o.confirmed);
    // The run did what it says: many orders of each kind, and some refused for want of stock.
    expect(confirmed.filter((o) => o.purchase.card).length).toBeGreaterThan(100);
    expect(confirmed.filter((o) => !o.purchase.card).length).toBeGreaterThan(80);
    expect(outcomes.some((o) => o.refused === 'NOT_ENOUGH_AVAILABLE')).toBe(true);
    console.log(
      `crash test on ${database.kind}: ${confirmed.length} orders confirmed, ${smtp.mails.length} mails (${smtp.mails.length - new Set(smtp.mails.map((m) => m.messageId)).size} sent again), kills ${killed.join('; ')}; ${phases.join(', ')}; ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});
