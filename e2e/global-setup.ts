import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTessera } from '../server/test/process';
import { startSmtp } from '../server/test/smtp';
import { startStripeTestServer } from '../server/test/stripe-server/server';

/** One app under test with its own database, mail server and Stripe stand-in. */
export interface E2eStack {
  baseUrl: string;
  /** DATA_DIR of the app (the local SMTP server files its mail in DATA_DIR/mail/). */
  dataDir: string;
  /** The local Stripe stand-in the app talks to. */
  stripeApiBase: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per e2e worker: worker N uses stack N − 1 (`e2e/browser.ts`). */
    stacks: E2eStack[];
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * How many files run at once, each worker against a stack of its own: the files share nothing
 * but the machine. Two fit two cores: one file's browser renders while the other's server works.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Starts the built app (`npm start` without the build step) on a fresh embedded database. */
async function startStack(): Promise<{ stack: E2eStack; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-'));
  // A known port, so APP_URL (the links inside e-mails) points at this very server.
  const port = await freePort();
  // Card payments go to a local server that speaks Stripe's API and sends its signed webhooks here.
  const stripe = await startStripeTestServer({
    webhookUrl: `http://127.0.0.1:${port}/api/public/webhooks/stripe`,
  });
  // The app sends its mail to a real SMTP server, which files each message for the tests to read.
  const smtp = await startSmtp({ saveTo: path.join(dataDir, 'mail') });
  const running = await startTessera({
    ...process.env,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    // The platform's share of card payments, which the billing journey shows (decision 028).
    STRIPE_PLATFORM_FEE_PERCENT: '2.5',
    // Webhook journeys deliver to a receiver on 127.0.0.1 (decision 027).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // Every journey's browser is one client (127.0.0.1) opening event pages that change as it
    // edits them: more renderings a minute than a visitor causes (decision 038).
    PAGE_RENDER_RATE_LIMIT_PER_MINUTE: '100000',
  });
  return {
    stack: { baseUrl: `http://127.0.0.1:${port}`, dataDir, stripeApiBase: stripe.url },
    stop: async () => {
      await running.stop();
      await stripe.stop();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts one stack per worker, at once. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '..');
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('The e2e tests run against the built app: run `npm run build` first.');
  }
  const started = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startStack()));
  project.provide(
    'stacks',
    started.map((s) => s.stack),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}
