import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { orders } from '../db/schema';
import { testConfig } from './app';
import { makeAccount, makeLiveEvent, makeOrder } from './builders';
import { adminQuery, dropDatabase, randomDatabaseName, withDatabase } from './databases';
import type { StripeTestServer } from './stripe-server/server';

/**
 * A database for server processes a test starts (`startTessera`): an embedded data directory,
 * or, when TEST_DATABASE_URL is set, a PostgreSQL database cloned from the migrated template.
 */
export interface ProcessDatabase {
  kind: 'pglite' | 'postgresql';
  /** What a server process needs to use it (and a DATA_DIR for its files). */
  env: Record<string, string>;
  /** Opens it in the test's process; the embedded one only while no server holds it. */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

export async function createProcessDatabase(dir: string): Promise<ProcessDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const dataDir = path.join(dir, 'data');
  await mkdir(dataDir, { recursive: true });
  if (url) {
    const name = randomDatabaseName('tessera_proc');
    await adminQuery(url, [`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`]);
    const dbUrl = withDatabase(url, name);
    return {
      kind: 'postgresql',
      env: { DATABASE_URL: dbUrl, DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'postgresql', url: dbUrl, poolSize: 4 }),
      dispose: () => dropDatabase(url, name),
    };
  }
  // A copy of the migrated data directory, as on PostgreSQL a clone of the migrated template:
  // creating and migrating an empty embedded database takes 15 s of CPU (the first start on an
  // empty data directory is main.test.ts's to prove).
  await cp(path.join(inject('pgliteDataDir'), 'pg'), path.join(dataDir, 'pg'), { recursive: true });
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir },
    async open() {
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      await migrateDatabase(handle);
      return handle;
    },
    dispose: async () => {},
  };
}

/** The environment a server process needs to reach the local Stripe stand-in. */
export function stripeEnv(stripe: StripeTestServer): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  };
}

/**
 * Rate limits high enough for a test's buyers, who all come from one address (settings that a
 * server without such limits ignores).
 */
export const MANY_BUYERS_ENV: Readonly<Record<string, string>> = {
  ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_RATE_LIMIT_PER_EVENT_PER_MINUTE: '100000',
  OPEN_ORDERS_PER_ADDRESS: '100000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
};

/** A stand-in web build, so a server process starts without building the web app. */
export async function standInWebBuild(dir: string): Promise<string> {
  const web = path.join(dir, 'web');
  await mkdir(web, { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>built</title>');
  return web;
}

export interface Shop {
  owner: { email: string; password: string; accountId: number };
  stripeAccount: string;
  /** Where the buyers shop: a free ticket of limited stock and a paid one. */
  event: { id: number; freeTicketId: number; paidTicketId: number };
  /** An event nobody buys from, with reservations that lapse soon after `seedShop`. */
  idle: { id: number; ticketId: number; shortIds: string[] };
}

/**
 * An account connected to the Stripe stand-in with a live event on sale, written through the
 * services in this process before a server process opens the database.
 */
export async function seedShop({
  handle,
  stripe,
  freeStock,
  lapseInMs,
}: {
  handle: DatabaseHandle;
  stripe: StripeTestServer;
  freeStock: number;
  /** When the idle event's reservations end. */
  lapseInMs: number;
}): Promise<Shop> {
  const env = stripeEnv(stripe);
  const app = await buildApp({ config: testConfig(env), database: handle, logger: false });
  try {
    await app.ready();
    const password = 'correct horse battery';
    const owner = await makeAccount(app, { password });
    const connect = await app.inject({
      method: 'POST',
      url: '/api/accounts/payment/stripe/connect',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    await fetch(connect.json().url, { redirect: 'manual' });
    const payment = await app.inject({
      method: 'GET',
      url: '/api/accounts/payment',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    if (payment.json().status !== 'CONNECTED') throw new Error(`Stripe not connected: ${payment.body}`);
    const { event, tickets } = await makeLiveEvent(app, owner, {
      title: 'Crowded night',
      settings: { notify_organizer_of_new_orders: false },
      tickets: [
        { title: 'Free seat', type: 'FREE', quantity_available: freeStock },
        { title: 'Paid seat', type: 'PAID', price: 2500 },
      ],
    });
    const idle = await makeLiveEvent(app, owner, {
      title: 'Quiet night',
      tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 10 }],
    });
    const idleTicket = idle.tickets[0]?.id ?? 0;
    const reserved = [];
    for (let i = 0; i < 3; i++) {
      reserved.push(
        await makeOrder(app, {
          eventId: idle.event.id,
          lines: [{ ticket_id: idleTicket, quantity: 2 }],
          until: 'details',
        }),
      );
    }
    const shortIds = reserved.map((o) => o.short_id);
    await handle.db
      .update(orders)
      .set({ reservedUntil: sql`now() + make_interval(secs => ${lapseInMs / 1000})` })
      .where(inArray(orders.shortId, shortIds));
    const [free, paid] = tickets;
    return {
      owner: { email: owner.email, password, accountId: owner.accountId },
      stripeAccount: payment.json().stripe_account_id,
      event: { id: event.id, freeTicketId: free?.id ?? 0, paidTicketId: paid?.id ?? 0 },
      idle: { id: idle.event.id, ticketId: idleTicket, shortIds },
    };
  } finally {
    await app.close();
  }
}

/** Orders of an event by status, for the checks at the end. */
export async function orderStatuses(handle: DatabaseHandle, eventId: number) {
  return handle.db
    .select({ id: orders.id, shortId: orders.shortId, status: orders.status })
    .from(orders)
    .where(eq(orders.eventId, eventId));
}
