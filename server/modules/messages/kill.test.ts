import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageResponse } from '../../../common/messages';
import { buildApp } from '../../app';
import { queryRows } from '../../db/rows';
import { messageRecipients } from '../../db/schema';
import { testConfig } from '../../test/app';
import { makeAccount, makeLiveEvent, makeQuestion, makeTicket } from '../../test/builders';
import { Instance } from '../../test/instance';
import { message } from '../../test/messages';
import { seedAttendees } from '../../test/seed-attendees';
import { createProcessDatabase, type ProcessDatabase, standInWebBuild } from '../../test/shop';
import { startSmtp, type TestSmtp } from '../../test/smtp';

// Issue 16: one message to 5,000 attendees from a real server process, killed with SIGKILL
// half-way through the sending and started again on the same database: every address gets its
// mail. A recipient is marked SENT only after the SMTP server accepted its mail, so the new
// process sends again, under the same Message-ID, the mails the dead one had in flight (claimed
// and not marked): at most those come twice, none is lost (decision 046).

const ATTENDEES = 5000;

let dir: string;
let database: ProcessDatabase;
let smtp: TestSmtp;
let server: Instance | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-messages-kill-'));
  database = await createProcessDatabase(dir);
  smtp = await startSmtp();
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await smtp?.close();
  await database?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}\n${server?.log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An account with a live event of `ATTENDEES` attendees, written before any server opens the database. */
async function seed(): Promise<{ token: string; eventId: number }> {
  const handle = await database.open();
  const app = await buildApp({ config: testConfig(), database: handle, logger: false });
  try {
    await app.ready();
    const owner = await makeAccount(app);
    const { event, tickets } = await makeLiveEvent(app, owner, { title: 'Sold-out arena' });
    const vip = await makeTicket(app, owner, { eventId: event.id, title: 'VIP', type: 'FREE' });
    const diet = await makeQuestion(app, owner, { eventId: event.id, title: 'Diet' });
    const company = await makeQuestion(app, owner, {
      eventId: event.id,
      title: 'Company',
      scope: 'PER_ORDER',
    });
    await seedAttendees(app.db, {
      accountId: owner.accountId,
      eventId: event.id,
      seatTicket: tickets[0]?.id ?? 0,
      vipTicket: vip.id,
      dietQuestion: diet.id,
      companyQuestion: company.id,
      count: ATTENDEES,
    });
    return { token: owner.token, eventId: event.id };
  } finally {
    await app.close();
    await handle.close();
  }
}

describe('a message to 5,000 attendees', { timeout: 180_000 }, () => {
  it('reaches every address although the server is killed half-way, twice only a mail in flight then', async () => {
    const started = Date.now();
    const { token, eventId } = await seed();
    server = new Instance({
      ...database.env,
      SMTP_URL: smtp.url,
      APP_URL: 'http://tessera.test',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: await standInWebBuild(dir),
      MESSAGE_MAX_RECIPIENTS: String(ATTENDEES),
    });
    await server.start();
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${server?.base()}${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const created = await api(`/api/events/${eventId}/messages`, {
      method: 'POST',
      body: JSON.stringify(message({ subject: 'Gates open at six', body: '<p>Dear {{attendee_name}}</p>' })),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as MessageResponse;
    const subjectMails = () => smtp.mails.filter((m) => m.subject === 'Gates open at six');
    const distinct = () => new Set(subjectMails().map((m) => m.messageId)).size;

    await waitFor('half of the mails', () => distinct() >= ATTENDEES / 2, 90_000);
    const atKill = distinct();
    await server.stop('SIGKILL');
    // The mails in flight at the kill: claimed by the dead process and not marked.
    const handle = await database.open();
    let inFlight: number;
    try {
      const [row] = await queryRows<{ n: number | string }>(
        handle.db,
        sql`select count(*) as n from ${messageRecipients}
             where message_id = ${id} and status = 'PENDING' and claim_job is not null`,
      );
      inFlight = Number(row?.n);
    } finally {
      await handle.close();
    }
    await server.start();
    await waitFor(`${ATTENDEES} mails (have ${distinct()})`, () => distinct() >= ATTENDEES, 90_000);
    await waitFor(
      'the message to be marked sent',
      async () =>
        ((await (await api(`/api/events/${eventId}/messages/${id}`)).json()) as MessageResponse).status ===
        'SENT',
      30_000,
    );
    const shown = (await (await api(`/api/events/${eventId}/messages/${id}`)).json()) as MessageResponse;
    expect(shown.counts).toEqual({ total: ATTENDEES, sent: ATTENDEES, failed: 0 });
    expect(await server.stop('SIGTERM')).toBe(0);

    // Every address, under one Message-ID of its own; a repeat only for a mail in flight.
    const mails = subjectMails();
    const addressesById = new Map<string, Set<string>>();
    for (const mail of mails)
      for (const to of mail.to)
        addressesById.set(mail.messageId, (addressesById.get(mail.messageId) ?? new Set()).add(to));
    const idsByAddress = new Map<string, number>();
    for (const to of [...addressesById.values()].flatMap((set) => [...set]))
      idsByAddress.set(to, (idsByAddress.get(to) ?? 0) + 1);
    expect(idsByAddress.size).toBe(ATTENDEES);
    expect([...idsByAddress].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...addressesById.values()].filter((set) => set.size !== 1)).toEqual([]);
    for (let n = 1; n <= ATTENDEES; n++) expect(idsByAddress.has(`person${n}@example.com`)).toBe(true);
    expect(distinct()).toBe(ATTENDEES);
    const repeats = mails.length - ATTENDEES;
    // Four send jobs side by side, each with up to 25 recipients claimed.
    expect(inFlight).toBeLessThanOrEqual(100);
    expect(repeats).toBeLessThanOrEqual(inFlight);
    console.log(
      `messages kill test on ${database.kind}: killed at ${atKill} of ${ATTENDEES}; ${inFlight} in flight then; ${repeats} sent again; ${mails.length} mails received; ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});
