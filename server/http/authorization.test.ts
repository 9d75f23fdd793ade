import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { AUTHORIZATION_MATRIX } from '../test/authorization-matrix';
import { PARAMS, type RouteRule, type World } from '../test/authorization-rules';
import {
  type AuthorizationWorld,
  cover,
  coverUpload,
  makeAuthorizationWorld,
} from '../test/authorization-world';
import { type StripeTestServer, startStripeTestServer } from '../test/stripe-server/server';
import { makeWalletKit } from '../test/wallet-kit';

// Every route of the OpenAPI document, called by the wrong people: nobody, another account,
// an ORGANIZER where only ADMINs may go, and anybody on the public routes. The table of who
// may call what is in server/test/authorization-matrix.ts.

interface Operation {
  key: string;
  method: InjectOptions['method'];
  path: string;
  secured: boolean;
  /** The statuses the document says the route answers. */
  documented: string[];
  rule: RouteRule;
}

interface Answer {
  status: number;
  body: string;
}

let stripe: StripeTestServer;
let t: TestApp;
let w: AuthorizationWorld;
let operations: Operation[];
let documentKeys: string[];
let image: Buffer;

beforeAll(async () => {
  // Card payments and wallet passes configured, so their routes get past "not set up" to the
  // ids they name.
  stripe = await startStripeTestServer();
  t = await createTestApp({
    env: {
      ...makeWalletKit().env,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  });
  w = await makeAuthorizationWorld(t.app);
  image = await cover();
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  documentKeys = [];
  operations = [];
  for (const [path, methods] of Object.entries<Record<string, { security?: unknown[]; responses: object }>>(
    document.paths,
  )) {
    for (const [method, operation] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      documentKeys.push(key);
      const rule = AUTHORIZATION_MATRIX[key];
      if (!rule) continue;
      operations.push({
        key,
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: (operation.security?.length ?? 0) > 0,
        documented: Object.keys(operation.responses),
        rule,
      });
    }
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.stop();
});

/** The route's path with the world's ids; `params` wins over the rule's and the defaults. */
function urlOf(op: Operation, world: World, params: Record<string, string | number> = {}): string {
  const chosen = { ...op.rule.params?.(world), ...params };
  // Segment by segment, so that a parameter right after another (`{kind}/{locale}`) is filled too.
  const parts = op.path.split('/');
  return parts
    .map((part, at) =>
      part.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = chosen[name] ?? PARAMS[`${parts[at - 1]}/{${name}}`]?.(world);
        if (value === undefined) throw new Error(`${op.key}: no value for {${name}} (add it to PARAMS)`);
        return encodeURIComponent(String(value));
      }),
    )
    .join('/');
}

async function call(
  op: Operation,
  token: string | null,
  params: Record<string, string | number> = {},
): Promise<Answer> {
  const headers: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  let payload: InjectOptions['payload'];
  if (op.rule.upload) {
    const upload = coverUpload(image);
    headers['content-type'] = upload.contentType;
    payload = upload.payload;
  } else if (op.rule.body) {
    payload = op.rule.body(w.a) as InjectOptions['payload'];
  }
  const res = await t.app.inject({ method: op.method, url: urlOf(op, w.a, params), headers, payload });
  return { status: res.statusCode, body: res.body };
}

const byAccess = (...access: RouteRule['access'][]) =>
  operations.filter((op) => access.includes(op.rule.access));
const reachOf = (op: Operation) => op.rule.reach ?? 'account';
const found = (body: string, strings: readonly string[]) => strings.filter((s) => s && body.includes(s));
/** What an API key must get on a route about the person logged in (decision 025). */
const refusesKey = (status: number, body: string) =>
  status === 403 && JSON.parse(body).code === 'API_KEY_NOT_ALLOWED';

/**
 * A key's call writes its last-used time when that is a minute old: each sweep that checks
 * nothing was written calls with its keys first, so the sweep itself writes nothing.
 */
async function touchKeys(): Promise<void> {
  for (const key of [w.keys.admin, w.keys.organizer, w.keys.other]) {
    await t.app.inject({ method: 'GET', url: '/api/events', headers: { authorization: `Bearer ${key}` } });
  }
}

/** Every table's rows, hashed: two equal snapshots mean nothing was written. */
async function snapshot(): Promise<Record<string, string>> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rows<{ name: string }>(
    await t.app.db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const hashes: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rows<{ n: number; h: string }>(
      await t.app.db.execute(sql`select count(*)::int as n,
        md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${sql.identifier(name)} x`),
    );
    hashes[name] = `${row?.n}:${row?.h}`;
  }
  return hashes;
}

/** Runs `sweep` and fails if it wrote anything, naming the tables that changed. */
async function unchanged(sweep: () => Promise<void>): Promise<void> {
  await touchKeys();
  const before = await snapshot();
  await sweep();
  const after = await snapshot();
  expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
  expect(Object.keys(before).length).toBeGreaterThan(20);
}

describe('the authorization matrix', () => {
  it('names every route of the OpenAPI document, and only those', () => {
    const named = Object.keys(AUTHORIZATION_MATRIX);
    expect(
      documentKeys.filter((key) => !named.includes(key)),
      'routes without a matrix entry',
    ).toEqual([]);
    expect(
      named.filter((key) => !documentKeys.includes(key)),
      'entries without a route',
    ).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('agrees with the document on which routes need a login, and knows what each public one answers', () => {
    const disagree = operations
      .filter((op) => op.secured !== (op.rule.access !== 'public'))
      .map((op) => `${op.key}: document ${op.secured ? 'secured' : 'public'}, matrix ${op.rule.access}`);
    expect(disagree).toEqual([]);
    const unsure = operations.filter(
      (op) => (op.rule.access === 'public') !== (op.rule.answers !== undefined),
    );
    expect(unsure.map((op) => op.key)).toEqual([]);
  });
});

describe('routes behind a login', () => {
  it('answer 401 without a token, with a malformed, logged-out, revoked or expired one, and change nothing', async () => {
    const wrong: string[] = [];
    const tokens: [string, string | null, string?][] = [
      ['none', null],
      ['malformed', 'not a token'],
      ['logged out', w.loggedOutToken],
      ['revoked key', w.keys.revoked, 'API_KEY_REVOKED'],
      ['expired key', w.keys.expired, 'API_KEY_EXPIRED'],
      ['unknown key', `tsk_${'k'.repeat(8)}_${'s'.repeat(43)}`, 'API_KEY_INVALID'],
    ];
    await unchanged(async () => {
      for (const op of byAccess('member', 'admin', 'self')) {
        for (const [shown, token, code] of tokens) {
          const { status, body } = await call(op, token);
          if (status !== 401 || (code && JSON.parse(body).code !== code))
            wrong.push(`${op.key} (token ${shown}): ${status} ${body.slice(0, 120)}`);
        }
      }
    });
    expect(wrong).toEqual([]);
  });

  it('answer another account’s member or API key 404 for the first account’s ids, showing and changing nothing', async () => {
    const wrong: string[] = [];
    const forbidden = [...w.secrets, ...w.orderSecrets, ...w.publicNames];
    await unchanged(async () => {
      for (const op of byAccess('member', 'admin', 'self').filter((o) => reachOf(o) === 'account')) {
        for (const [caller, token] of [
          ['session', w.other.token],
          ['key', w.keys.other],
        ] as const) {
          const { status, body } = await call(op, token);
          const refused = caller === 'key' && op.rule.person ? refusesKey(status, body) : status === 404;
          if (!refused) wrong.push(`${op.key} (${caller}): ${status} ${body.slice(0, 120)}`);
          const leaked = found(body, forbidden);
          if (leaked.length > 0) wrong.push(`${op.key} (${caller}) shows ${leaked.join(', ')}`);
          if (!op.documented.includes(String(status))) wrong.push(`${op.key}: ${status} is not documented`);
        }
      }
    });
    expect(wrong).toEqual([]);
  });

  it('answer ORGANIZERs (logged in or by key) 403 on ADMIN routes and 404 for another user’s self routes, changing nothing', async () => {
    const wrong: string[] = [];
    await unchanged(async () => {
      for (const op of byAccess('admin')) {
        const { status, body } = await call(op, w.organizer.token);
        if (status !== 403 || JSON.parse(body).code !== 'FORBIDDEN')
          wrong.push(`${op.key}: ${status} ${body}`);
        const byKey = await call(op, w.keys.organizer);
        const code = op.rule.person ? 'API_KEY_NOT_ALLOWED' : 'FORBIDDEN';
        if (byKey.status !== 403 || JSON.parse(byKey.body).code !== code)
          wrong.push(`${op.key} (key): ${byKey.status} ${byKey.body}`);
      }
      for (const op of byAccess('self')) {
        const { status, body } = await call(op, w.organizer.token, { id: w.a.ownerId });
        if (status !== 404) wrong.push(`${op.key}: ${status} ${body.slice(0, 120)}`);
        const byKey = await call(op, w.keys.organizer, { id: w.a.ownerId });
        if (!refusesKey(byKey.status, byKey.body))
          wrong.push(`${op.key} (key): ${byKey.status} ${byKey.body}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('show another account’s member only their own account on the routes about the caller', async () => {
    const wrong: string[] = [];
    const forbidden = [...w.secrets, ...w.orderSecrets, ...w.publicNames];
    for (const op of byAccess('member', 'admin').filter((o) => reachOf(o) === 'caller')) {
      for (const [caller, token] of [
        ['session', w.other.token],
        ['key', w.keys.other],
      ] as const) {
        const { status, body } = await call(op, token);
        if (caller === 'key' && op.rule.person) {
          if (!refusesKey(status, body)) wrong.push(`${op.key} (key): ${status} ${body}`);
        } else if ([401, 403, 404].includes(status) || status >= 500) {
          wrong.push(`${op.key} (${caller}): ${status} ${body}`);
        }
        const leaked = found(body, forbidden);
        if (leaked.length > 0) wrong.push(`${op.key} (${caller}) shows ${leaked.join(', ')}`);
        if (!op.documented.includes(String(status))) wrong.push(`${op.key}: ${status} is not documented`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('public routes', () => {
  it('open only their own rows: another event’s or list’s link gets nothing of the first account', async () => {
    const op = (key: string) => {
      const found = operations.find((o) => o.key === key);
      if (!found) throw new Error(`${key} is not in the document`);
      return found;
    };
    const elsewhere = { id: w.otherEventId };
    const otherList = { shortId: w.otherListShortId };
    const ticket = await call(op('GET /api/public/events/{id}/attendees/{shortId}'), null);
    const ticketCode = JSON.parse(ticket.body).ticket_code as string;
    expect(ticketCode).toBeTruthy();
    const wrong: string[] = [];
    await unchanged(async () => {
      for (const key of [
        'GET /api/public/events/{id}/orders/{shortId}',
        'GET /api/public/events/{id}/attendees/{shortId}',
        'GET /api/public/events/{id}/attendees/{shortId}/qr.svg',
        'GET /api/public/events/{id}/attendees/{shortId}/wallet.pkpass',
        'GET /api/public/events/{id}/attendees/{shortId}/wallet/google',
        'POST /api/public/events/{id}/orders/{shortId}/abandon',
        'POST /api/public/events/{id}/orders/{shortId}/stripe/refresh',
        'POST /api/public/events/{id}/orders/{shortId}/resend',
        'POST /api/public/events/{id}/orders/{shortId}/attendees/{attendeeShortId}/resend',
      ]) {
        const { status } = await call(op(key), null, elsewhere);
        if (status !== 404) wrong.push(`${key} on another event: ${status}`);
      }
      const checkOut = await call(
        op('DELETE /api/public/check-in-lists/{shortId}/check-ins/{checkInId}'),
        null,
        otherList,
      );
      if (checkOut.status !== 404) wrong.push(`check-out through another list: ${checkOut.status}`);
      const scan = op('POST /api/public/check-in-lists/{shortId}/check-ins');
      const picked = await call(scan, null, otherList);
      const scanned = await t.app.inject({
        method: 'POST',
        url: urlOf(scan, w.a, otherList),
        payload: { ticket_code: ticketCode },
      });
      for (const { body } of [picked, { body: scanned.body }]) {
        if (JSON.parse(body).outcome !== 'INVALID') wrong.push(`check-in through another list: ${body}`);
        const leaked = found(body, [...w.secrets, ...w.orderSecrets, ...w.publicNames]);
        if (leaked.length > 0) wrong.push(`check-in through another list shows ${leaked.join(', ')}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('show nothing private: no drafts, hidden tickets or questions, other buyers or members', async () => {
    const wrong: string[] = [];
    for (const op of byAccess('public')) {
      const { status, body } = await call(op, null);
      const forbidden = [...w.secrets, ...w.otherSecrets, ...(op.rule.showsOrder ? [] : w.orderSecrets)];
      const leaked = found(body, forbidden);
      if (leaked.length > 0) wrong.push(`${op.key} (${status}) shows ${leaked.join(', ')}`);
      if (status !== op.rule.answers) wrong.push(`${op.key}: ${status}, not ${op.rule.answers}: ${body}`);
      if (!op.documented.includes(String(status))) wrong.push(`${op.key}: ${status} is not documented`);
    }
    expect(wrong).toEqual([]);
  });

  it('know no draft event: its public routes answer 404 (200 where they never do, as the promo code check)', async () => {
    const wrong: string[] = [];
    for (const op of byAccess('public').filter((o) => o.path.startsWith('/api/public/events/{id}'))) {
      const { status, body } = await call(op, null, { id: w.a.draftEventId });
      const expected = op.documented.includes('404') ? 404 : 200;
      if (status !== expected) wrong.push(`${op.key}: ${status} ${body.slice(0, 120)}`);
      const leaked = found(body, w.secrets);
      if (leaked.length > 0) wrong.push(`${op.key} shows ${leaked.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('ORGANIZERs', () => {
  it('may call every route the matrix opens to members, logged in or with an ORGANIZER key', async () => {
    const wrong: string[] = [];
    const members = byAccess('member').filter((op) => reachOf(op) !== 'session');
    // Reads first, while everything they point at still exists; then the writes, the key's
    // before the session's (which may then find the thing gone: 404 or 409, still allowed).
    for (const op of [
      ...members.filter((o) => o.method === 'GET'),
      ...members.filter((o) => o.method !== 'GET'),
    ]) {
      for (const [caller, token] of [
        ['key', w.keys.organizer],
        ['session', w.organizer.token],
      ] as const) {
        const { status, body } = await call(op, token);
        if (caller === 'key' && op.rule.person) {
          if (!refusesKey(status, body)) wrong.push(`${op.key} (key): ${status} ${body}`);
          continue;
        }
        if (status === 401 || status === 403 || status >= 500)
          wrong.push(`${op.key} (${caller}): ${status} ${body}`);
        if (op.method === 'GET' && status !== 200)
          wrong.push(`${op.key} (${caller}): ${status} ${body.slice(0, 120)}`);
        if (!op.documented.includes(String(status))) wrong.push(`${op.key}: ${status} is not documented`);
      }
    }
    const logout = operations.find((o) => o.key === 'POST /api/auth/logout');
    if (!logout) throw new Error('no logout route');
    const { status, body } = await call(logout, w.keys.organizer);
    if (!refusesKey(status, body)) wrong.push(`logout with a key: ${status} ${body}`);
    expect(wrong).toEqual([]);
  });
});

describe('ADMIN keys', () => {
  it('read every ADMIN route a logged-in ADMIN reads, except those about the person', async () => {
    const wrong: string[] = [];
    for (const op of byAccess('admin').filter((o) => o.method === 'GET')) {
      const { status, body } = await call(op, w.keys.admin);
      const ok = op.rule.person ? refusesKey(status, body) : status === 200;
      if (!ok) wrong.push(`${op.key}: ${status} ${body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(byAccess('admin').filter((o) => o.method === 'GET').length).toBeGreaterThan(3);
  });
});
