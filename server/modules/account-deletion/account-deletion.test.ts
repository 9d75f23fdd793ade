import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sqlList } from '../../db/rows';
import {
  accountUsers,
  eventImages,
  events,
  jobs,
  orders,
  organizerImages,
  stripeConnections,
  users,
} from '../../db/schema';
import { type AuthorizationWorld, makeAuthorizationWorld } from '../../test/authorization-world';
import { makeOrder } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import { lastLink } from '../../test/smtp';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';
import { imageUpload, pngImage } from '../../test/uploads';

const PASSWORD = 'correct horse battery';
let s: StripeKit;
let w: AuthorizationWorld;
let stripeAccountId: string;
/** An ADMIN of the first account who is not its owner. */
let admin: { token: string; email: string };

/** Every table with a column of that name (the schema as the database has it, not as we think it is). */
async function tablesWith(column: string): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    s.kit.app.db,
    sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = ${column} order by 1`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * Tables with a row whose text holds one of `needles`, and the needles found there; the notices
 * of the deletion itself, queued before it ran and sent after, aside.
 */
async function tablesHolding(needles: string[]): Promise<Record<string, string[]>> {
  const tables = await queryRows<{ table_name: string }>(
    s.kit.app.db,
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    for (const needle of needles) {
      const [row] = await queryRows<{ n: number }>(
        s.kit.app.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text like ${`%${needle}%`}
          and not (${table_name} = 'jobs' and t::text like '%ACCOUNT_DELETION_REQUESTED%')`,
      );
      if ((row?.n ?? 0) > 0) found[table_name] = [...(found[table_name] ?? []), needle];
    }
  }
  return found;
}

/** Rows per table whose `column` is one of `ids`, the tables with none left out. */
async function rowsNaming(column: string, ids: number[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  if (ids.length === 0) return found;
  for (const table of await tablesWith(column)) {
    const [row] = await queryRows<{ n: number }>(
      s.kit.app.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} in (${sqlList(ids)})`,
    );
    const n = row?.n ?? 0;
    if (n > 0) found[table] = n;
  }
  return found;
}

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.kit.as(token, { method, url, payload });

beforeAll(async () => {
  s = await createStripeKit({ price: 2500, quantity: 10 }, { env: { ACCOUNT_DELETION_WAIT_DAYS: '0' } });
  w = await makeAuthorizationWorld(s.kit.app);
  const connected = await s.stripe.accounts.create({ type: 'express' });
  stripeAccountId = connected.id;
  await s.kit.app.db.insert(stripeConnections).values({ accountId: w.owner.accountId, stripeAccountId });
  const upload = imageUpload({
    type: 'ORGANIZER_LOGO',
    image: { body: await pngImage(1200, 600), filename: 'logo.png', contentType: 'image/png' },
  });
  const logo = await s.kit.app.inject({
    method: 'POST',
    url: `/api/organizers/${w.a.organizerId}/images`,
    headers: { authorization: `Bearer ${w.owner.token}`, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  expect(logo.statusCode, logo.body).toBe(201);
  // The second account's owner is also a member of the first: their login outlives it.
  await s.kit.app.db
    .insert(accountUsers)
    .values({ accountId: w.owner.accountId, userId: w.other.userId, role: 'ORGANIZER', status: 'ACTIVE' });
}, 120_000);

afterAll(() => s?.close());

describe('deleting an account', () => {
  it('is for its owner with the password: a wrong one is 422, an ADMIN who is not the owner 403', async () => {
    const wrong = await as(w.owner.token, 'POST', '/api/accounts/current/deletion', {
      password: 'nope nope',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toBeDefined();
    admin = await s.kit.addMember(w.owner, 'ADMIN');
    const notOwner = await as(admin.token, 'POST', '/api/accounts/current/deletion', { password: PASSWORD });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().code).toBe('ACCOUNT_OWNER_ONLY');
    const organizer = await as(w.organizer.token, 'GET', '/api/accounts/current/deletion');
    expect(organizer.statusCode).toBe(403);
    const state = await as(w.owner.token, 'GET', '/api/accounts/current/deletion');
    expect(state.json()).toMatchObject({ state: 'NONE', delete_after: null, wait_days: 0 });
  });

  it('refuses while paid orders for dates to come are open', async () => {
    await s.kit.app.db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(users.id, s.owner.userId));
    const order = await makeOrder(s.kit.app, {
      eventId: s.eventId,
      lines: [{ ticket_id: s.ticketId, quantity: 1 }],
      until: 'details',
    });
    await s.kit.app.db.update(orders).set({ status: 'COMPLETED' }).where(eq(orders.shortId, order.short_id));
    const res = await as(s.owner.token, 'POST', '/api/accounts/current/deletion', { password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ACCOUNT_HAS_UPCOMING_PAID_ORDERS');
  });

  it('mails a link; the link schedules it once, a cancel stops it and its link', async () => {
    const asked = await as(w.owner.token, 'POST', '/api/accounts/current/deletion', { password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().state).toBe('AWAITING_CONFIRMATION');
    await s.kit.deliverMail();
    const mail = s.kit.smtp.to(w.owner.email).at(-1);
    expect(mail?.subject).toContain('Confirm the deletion');
    const { token } = lastLink(mail, '/account/deletion/');
    // Another ADMIN (not the owner) cannot use it, nor can the cancel be done twice.
    const cancelled = await as(w.owner.token, 'DELETE', '/api/accounts/current/deletion');
    expect(cancelled.json().state).toBe('NONE');
    expect((await as(w.owner.token, 'DELETE', '/api/accounts/current/deletion')).statusCode).toBe(409);
    const revoked = await as(w.owner.token, 'POST', '/api/accounts/current/deletion/confirm', { token });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().code).toBe('ACCOUNT_DELETION_LINK_INVALID');
  });

  it('once confirmed and due, the job removes every row of the account, its uploads and its Stripe account', async () => {
    const accountId = w.owner.accountId;
    const db = s.kit.app.db;
    const eventIds = (
      await db.select({ id: events.id }).from(events).where(eq(events.accountId, accountId))
    ).map((r) => r.id);
    const orderIds = (
      await db.select({ id: orders.id }).from(orders).where(eq(orders.accountId, accountId))
    ).map((r) => r.id);
    const memberIds = (
      await db
        .select({ id: accountUsers.userId })
        .from(accountUsers)
        .where(eq(accountUsers.accountId, accountId))
    ).map((r) => r.id);
    const onlyHere = memberIds.filter((id) => id !== w.other.userId);
    const files = [
      ...(await db.select().from(eventImages).where(eq(eventImages.accountId, accountId))),
      ...(await db.select().from(organizerImages).where(eq(organizerImages.accountId, accountId))),
    ].flatMap((image) => [image.key, ...image.variants.map((v) => v.key)]);
    expect(files.length).toBeGreaterThan(3);
    for (const key of files) expect(await s.kit.app.storage.get(key)).not.toBeNull();
    expect(Object.keys(await rowsNaming('account_id', [accountId])).length).toBeGreaterThan(15);
    const otherBefore = await rowsNaming('account_id', [w.other.accountId]);
    const otherUsersBefore = await rowsNaming('user_id', [w.other.userId]);

    await as(w.owner.token, 'POST', '/api/accounts/current/deletion', { password: PASSWORD });
    await s.kit.deliverMail();
    const { token } = lastLink(s.kit.smtp.to(w.owner.email).at(-1), '/account/deletion/');
    const confirmed = await as(w.owner.token, 'POST', '/api/accounts/current/deletion/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().state).toBe('SCHEDULED');
    expect(new Date(confirmed.json().delete_after).getTime()).toBeLessThanOrEqual(Date.now());
    const [live] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.accountId, accountId), eq(events.status, 'LIVE')));
    expect(live?.n).toBe(0);
    // Nothing goes back on sale while the deletion is scheduled.
    const relaunch = await as(w.owner.token, 'PUT', `/api/events/${w.a.eventId}/status`, { status: 'LIVE' });
    expect(relaunch.statusCode, relaunch.body).toBe(409);
    expect(relaunch.json().code).toBe('ACCOUNT_DELETION_SCHEDULED');
    // A used link is refused.
    const reused = await as(w.owner.token, 'POST', '/api/accounts/current/deletion/confirm', { token });
    expect(reused.statusCode).toBe(410);
    // The audit log keeps the request, and the owner is told.
    const log = await as(w.owner.token, 'GET', '/api/accounts/current/security-events');
    expect(log.json().data.map((e: { kind: string }) => e.kind)).toContain('ACCOUNT_DELETION_REQUESTED');
    await s.kit.deliverMail();
    for (const to of [w.owner.email, admin.email]) {
      const texts = s.kit.smtp.to(to).map((m) => m.text);
      expect(texts.some((text) => text.includes('was confirmed. It will be deleted on'))).toBe(true);
    }

    await runAllDueJobs(s.kit.app);
    const [job] = await db.select().from(jobs).where(eq(jobs.type, 'accounts.delete'));
    expect(job?.lastError ?? null).toBeNull();
    expect(job?.status).toBe('done');
    expect(await rowsNaming('account_id', [accountId])).toEqual({});
    expect(await rowsNaming('event_id', eventIds)).toEqual({});
    expect(await rowsNaming('order_id', orderIds)).toEqual({});
    expect(await rowsNaming('user_id', onlyHere)).toEqual({});
    expect(await rowsNaming('id', [accountId]).then((r) => r.accounts)).toBeUndefined();
    expect(await db.select().from(users).where(eq(users.id, w.owner.userId))).toEqual([]);
    for (const key of files) expect(await s.kit.app.storage.get(key)).toBeNull();
    const [leftJobs] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${jobs} where ${jobs.type} <> 'mail.send' and (${jobs.payload} ->> 'event_id')::bigint in (${sqlList(eventIds)})`,
    );
    expect(leftJobs?.n).toBe(0);
    expect(s.stripeServer.accounts.has(stripeAccountId)).toBe(false);
    // No table, the job queue's sent mails included, still holds its people, names or keys.
    expect(await tablesHolding([...w.secrets, ...w.orderSecrets, ...w.publicNames])).toEqual({});
    // The other account, and the login that also belonged to it, are as they were.
    expect(await rowsNaming('account_id', [w.other.accountId])).toEqual(otherBefore);
    const otherUser = await rowsNaming('user_id', [w.other.userId]);
    expect({ ...otherUser, account_users: (otherUser.account_users ?? 0) + 1 }).toEqual(otherUsersBefore);
    expect((await as(w.other.token, 'GET', '/api/users/me')).statusCode).toBe(200);
    expect((await as(w.owner.token, 'GET', '/api/users/me')).statusCode).toBe(401);
  });
});

describe('deleting one’s own login', () => {
  it('is refused to an account’s owner, and works for a member, whose sessions fail at once', async () => {
    const owner = await as(s.owner.token, 'POST', '/api/users/me/deletion', { password: PASSWORD });
    expect(owner.statusCode).toBe(409);
    expect(owner.json().code).toBe('OWNER_CANNOT_DELETE_LOGIN');
    const member = await s.kit.addMember(s.owner, 'ORGANIZER');
    const wrong = await as(member.token, 'POST', '/api/users/me/deletion', { password: 'nope nope' });
    expect(wrong.statusCode).toBe(422);
    const gone = await as(member.token, 'POST', '/api/users/me/deletion', { password: PASSWORD });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await as(member.token, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect(await s.kit.app.db.select().from(users).where(eq(users.email, member.email))).toEqual([]);
    await s.kit.deliverMail();
    expect(s.kit.smtp.to(member.email).at(-1)?.text).toContain('Your Tessera login was deleted');
    const log = await as(s.owner.token, 'GET', '/api/accounts/current/security-events');
    const deleted = log.json().data.find((e: { kind: string }) => e.kind === 'USER_DELETED');
    expect(deleted).toMatchObject({ user: null });
  });
});
