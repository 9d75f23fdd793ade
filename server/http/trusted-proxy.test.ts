import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { makeAccount, makeLiveEvent } from '../test/builders';

// TRUST_PROXY behind a real proxy (decision 038): a listening Tessera, and in front of it a
// proxy that appends the address it sees to X-Forwarded-For, as nginx's
// $proxy_add_x_forwarded_for does. Clients come from addresses of their own on the loopback
// network (127.0.0.2, 127.0.0.3, …), so the proxy sees each as itself.

/** The address the proxy talks to Tessera from: the only one TRUST_PROXY names as a proxy. */
const PROXY_ADDRESS = '127.0.0.9';

interface Answer {
  status: number;
  body: { code?: string; short_id?: string };
}

/** One request over a real connection from `from`, with the headers a client chooses. */
function send(
  port: number,
  from: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A reverse proxy to `target` that appends its peer's address to X-Forwarded-For. */
function appendingProxy(target: number): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const forwarded = incoming.headers['x-forwarded-for'];
    const peer = incoming.socket.remoteAddress ?? '';
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        localAddress: PROXY_ADDRESS,
        headers: { ...incoming.headers, 'x-forwarded-for': forwarded ? `${forwarded}, ${peer}` : peer },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

let forgedAddresses = 0;
/** A new made-up address per request, written first in X-Forwarded-For as an attacker would. */
const forged = () => {
  forgedAddresses += 1;
  return { 'x-forwarded-for': `198.51.100.${forgedAddresses % 250}, 10.0.0.${forgedAddresses % 250}` };
};

interface World {
  t: TestApp;
  proxy: Server;
  /** Tessera's own port, and the proxy's. */
  direct: number;
  front: number;
  target: { eventId: number; ticketId: number };
}

/** A listening Tessera with `TRUST_PROXY=trust`, a proxy in front, and an event on sale. */
function world(trust: string): World {
  const w = {} as World;
  beforeAll(async () => {
    w.t = await createTestApp({ config: testConfig({ TRUST_PROXY: trust }) });
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    w.direct = portOf(w.t.app.server);
    w.proxy = await appendingProxy(w.direct);
    w.front = portOf(w.proxy);
    const owner = await makeAccount(w.t.app);
    const made = await makeLiveEvent(w.t.app, owner, {
      tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 1000 }],
    });
    w.target = { eventId: made.event.id, ticketId: made.tickets[0]?.id ?? 0 };
  });
  afterAll(async () => {
    await new Promise((resolve) => w.proxy?.close(resolve));
    await w.t?.close();
  });
  return w;
}

const guessLogins = async (port: number, client: string, count: number) => {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    const body = { email: `nobody${i}.${client}@example.com`, password: 'a guess' };
    answers.push((await send(port, client, 'POST', '/api/auth/login', { headers: forged(), body })).status);
  }
  return answers;
};

describe.each([
  { trust: 'true', meaning: 'one proxy', clients: ['127.0.0.2', '127.0.0.3', '127.0.0.4'] },
  { trust: PROXY_ADDRESS, meaning: "the proxy's address", clients: ['127.0.0.5', '127.0.0.6', '127.0.0.7'] },
])('TRUST_PROXY=$trust ($meaning), behind a proxy that appends to X-Forwarded-For', ({ trust, clients }) => {
  const w = world(trust);
  const [hoarder = '', neighbour = '', guesser = ''] = clients;

  const reserve = (from: string) =>
    send(w.front, from, 'POST', `/api/public/events/${w.target.eventId}/orders`, {
      headers: forged(),
      body: { tickets: [{ ticket_id: w.target.ticketId, quantity: 1 }] },
    });

  it('holds a client that forges X-Forwarded-For to 10 open reservations and 20 orders a minute', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await reserve(hoarder));
    const codes = answers.map((a) => (a.status === 201 ? 'RESERVED' : `${a.status} ${a.body.code}`));
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('RESERVED'));
    expect(codes.slice(10, 20)).toEqual(Array(10).fill('429 TOO_MANY_OPEN_ORDERS'));
    expect(codes.slice(20)).toEqual(Array(10).fill('429 RATE_LIMITED'));
    // Another client behind the same proxy is not held up: the proxy's address is not the key.
    expect((await reserve(neighbour)).status).toBe(201);
  });

  it('holds a client that forges X-Forwarded-For to 10 logins and 20 promo code checks a minute', async () => {
    expect(await guessLogins(w.front, guesser, 12)).toEqual([...Array(10).fill(401), 429, 429]);
    const guesses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const path = `/api/public/events/${w.target.eventId}/promo-codes/GUESS${i}`;
      guesses.push((await send(w.front, guesser, 'GET', path, { headers: forged() })).status);
    }
    expect(guesses).toEqual([...Array(20).fill(200), 429, 429]);
  });
});

describe("TRUST_PROXY naming the proxy's address, and a client that goes around the proxy", () => {
  const w = world(PROXY_ADDRESS);

  it('counts that client by its own address, whatever X-Forwarded-For it sends', async () => {
    expect(await guessLogins(w.direct, '127.0.0.8', 12)).toEqual([...Array(10).fill(401), 429, 429]);
  });
});
