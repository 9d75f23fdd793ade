import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CreateWebhookRequest, type WebhookDeliveryResponse } from '../../../common/webhooks';
import { buildApp } from '../../app';
import { testConfig } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder } from '../../test/builders';
import { Instance } from '../../test/instance';
import { createProcessDatabase, type ProcessDatabase, standInWebBuild } from '../../test/shop';
import { createWebhook } from './service';

// Issue 18: deliveries queued while the receiver is down, the server killed (SIGKILL) and
// started again: once the receiver is back, it gets each delivery, once (decision 027).

const ORDERS = 5;

let dir: string;
let database: ProcessDatabase;
let server: Instance | undefined;
let receiver: http.Server | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-webhooks-kill-'));
  database = await createProcessDatabase(dir);
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  await database?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}\n${server?.log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A port nothing listens on (yet): the receiver is down. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

it('delivers each order.completed once after a kill, when the receiver comes back', {
  timeout: 120_000,
}, async () => {
  const port = await freePort();
  const handle = await database.open();
  const app = await buildApp({ config: testConfig(), database: handle, logger: false });
  let token: string;
  let webhookId: number;
  try {
    await app.ready();
    const owner = await makeAccount(app);
    token = owner.token;
    // The server that delivers allows private addresses (WEBHOOKS_ALLOW_PRIVATE below).
    const hook = await createWebhook(
      app.db,
      { auth: owner.auth, policy: { allowPrivate: true } },
      CreateWebhookRequest.parse({ url: `http://127.0.0.1:${port}/hooks`, event_types: ['order.completed'] }),
    );
    webhookId = hook.id;
    const { event, tickets } = await makeLiveEvent(app, owner, { title: 'Night market' });
    for (let i = 0; i < ORDERS; i++)
      await makeOrder(app, { eventId: event.id, lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 1 }] });
  } finally {
    await app.close();
    await handle.close();
  }

  server = new Instance({
    ...database.env,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: await standInWebBuild(dir),
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  });
  await server.start();
  const log = async () => {
    const res = await fetch(`${server?.base()}/api/webhooks/${webhookId}/deliveries?per_page=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: WebhookDeliveryResponse[] }).data;
  };
  // Every delivery tried once against the receiver that is down.
  await waitFor(
    'a failed attempt per delivery',
    async () => {
      const data = await log();
      return data.length === ORDERS && data.every((d) => d.attempts.length >= 1);
    },
    30_000,
  );
  expect((await log()).every((d) => d.status === 'PENDING' && d.attempts[0]?.status_code === null)).toBe(
    true,
  );
  await server.stop('SIGKILL');

  const received: string[] = [];
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(port, '127.0.0.1', resolve));
  await server.start();
  await waitFor(
    `${ORDERS} deliveries (have ${received.length})`,
    async () => {
      const data = await log();
      return data.every((d) => d.status === 'DELIVERED');
    },
    60_000,
  );
  // A few more seconds: nothing is sent again.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(await server.stop('SIGTERM')).toBe(0);
  expect(received).toHaveLength(ORDERS);
  expect(new Set(received).size).toBe(ORDERS);
});
