import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedWebhookResponse, WebhookDeliveryResponse } from '../../../common/webhooks';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, type Owner } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

// A webhook URL that leads to a private, loopback, link-local or reserved address is refused
// when it is added or changed, saying why and how to allow it; deliveries check again after
// DNS, and IPv6 forms of such addresses do not slip through (decision 036).

let strict: TestApp;
let open: TestApp;
let owner: Owner;
let openOwner: Owner;
let receiver: WebhookReceiver;

const call = (
  t: TestApp,
  by: Owner,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${by.token}`, 'accept-language': language },
  });

const port = () => new URL(receiver.url).port;
/** Addresses of this machine and its networks, as a URL may write them. */
const privateUrls = () => [
  receiver.url,
  `http://localhost:${port()}/hooks`,
  `http://sub.localhost:${port()}/hooks`,
  'http://169.254.169.254/latest/meta-data',
  'http://2130706433/',
  'http://10.0.0.5:5432/',
  `http://[::7f00:1]:${port()}/hooks`,
  `http://[::ffff:127.0.0.1]:${port()}/hooks`,
  'http://[::ffff:a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:7f00:1::1]/',
  'http://[fd00::1]/',
  'http://[::1]/',
];

beforeAll(async () => {
  strict = await createTestApp();
  open = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  owner = await makeAccount(strict.app);
  openOwner = await makeAccount(open.app);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await strict?.close();
  await open?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

describe('adding or changing an endpoint', () => {
  it('refuses a private address with a field error that says why and how to allow it', async () => {
    for (const url of privateUrls()) {
      const res = await call(strict, owner, 'POST', '/api/webhooks', { url, event_types: ['order.created'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      const [message] = res.json().errors.url;
      expect(message, url).toMatch(/^This address leads to .+, a private, loopback/);
      expect(message).toContain('WEBHOOKS_ALLOW_PRIVATE=true');
    }
    const listed = await call(strict, owner, 'GET', '/api/webhooks');
    expect(listed.json().data).toEqual([]);
  });

  it('says it in the caller’s language', async () => {
    const res = await call(
      strict,
      owner,
      'POST',
      '/api/webhooks',
      { url: 'http://[::7f00:1]/', event_types: ['order.created'] },
      'de',
    );
    expect(res.statusCode).toBe(422);
    const [message] = res.json().errors.url;
    expect(message).toContain('::7f00:1');
    expect(message).toContain('WEBHOOKS_ALLOW_PRIVATE=true');
    expect(message).not.toMatch(/This address/);
  });

  it('refuses a change of address to a private one, and keeps the endpoint as it was', async () => {
    const made = await call(strict, owner, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/tessera',
      event_types: ['order.created'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    for (const url of privateUrls()) {
      const res = await call(strict, owner, 'PUT', `/api/webhooks/${id}`, { url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url[0]).toContain('WEBHOOKS_ALLOW_PRIVATE=true');
    }
    const kept = await call(strict, owner, 'GET', `/api/webhooks/${id}`);
    expect(kept.json().url).toBe('https://hooks.example.com/tessera');
    // Other fields change as before; the address is checked only when it is given.
    const renamed = await call(strict, owner, 'PUT', `/api/webhooks/${id}`, { description: 'CRM' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('accepts private addresses with WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    for (const url of privateUrls()) {
      const res = await call(open, openOwner, 'POST', '/api/webhooks', {
        url,
        event_types: ['order.created'],
      });
      expect(res.statusCode, url).toBe(201);
    }
  });
});

describe('delivering', () => {
  it('refuses IPv6 forms of loopback addresses at delivery too, recording why', async () => {
    // Added where private addresses are allowed, then delivered by a server that refuses them.
    const hooks: CreatedWebhookResponse[] = [];
    for (const host of [
      '[::7f00:1]',
      '[::ffff:7f00:1]',
      '[::ffff:0:7f00:1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
    ]) {
      const res = await call(open, openOwner, 'POST', '/api/webhooks', {
        url: `http://${host}:${port()}/hooks`,
        event_types: ['order.completed'],
      });
      expect(res.statusCode, res.body).toBe(201);
      hooks.push(res.json());
    }
    for (const hook of hooks)
      expect((await call(open, openOwner, 'POST', `/api/webhooks/${hook.id}/test`)).statusCode).toBe(202);
    await runAllDueJobs(open.app, { allowPrivate: false });
    expect(receiver.received).toHaveLength(0);
    for (const hook of hooks) {
      const log = await call(open, openOwner, 'GET', `/api/webhooks/${hook.id}/deliveries`);
      const [delivery] = log.json().data as WebhookDeliveryResponse[];
      expect(delivery?.attempts[0]?.error, hook.url).toMatch(/^refused: .*WEBHOOKS_ALLOW_PRIVATE=true/);
    }
  });
});
