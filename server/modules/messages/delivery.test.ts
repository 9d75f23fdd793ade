import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRecipientResponse, MessageResponse } from '../../../common/messages';
import { jobs, messages } from '../../db/schema';
import type { Mailer } from '../../mail/transport';
import { makeLiveEvent, makeOrder } from '../../test/builders';
import { createMessagesKit, type MessagesKit } from '../../test/messages';

// Scheduling, deleting, retrying and the account's limits (two messages a day, three addresses).
let k: MessagesKit;
let eventId: number;
let ticket: number;

beforeAll(async () => {
  k = await createMessagesKit({ MESSAGES_PER_ACCOUNT_PER_DAY: '6', MESSAGE_MAX_RECIPIENTS: '3' });
  const { event, tickets } = await makeLiveEvent(k.app, k.owner, { title: 'Quiz Night' });
  eventId = event.id;
  ticket = tickets[0]?.id ?? 0;
  await makeOrder(k.app, {
    eventId,
    buyer: 'Ines',
    lines: [{ ticket_id: ticket, quantity: 2 }],
    emails: ['ines@example.com', 'joao@example.com'],
  });
  await k.deliver();
  k.smtp.mails.length = 0;
});
afterAll(async () => {
  await k?.close();
});

const url = (suffix = '') => `/api/events/${eventId}/messages${suffix}`;
const get = async (id: number) => (await k.as(k.owner.token, 'GET', url(`/${id}`))).json<MessageResponse>();

describe('scheduled messages', () => {
  it('wait for their time, then go out', async () => {
    const at = new Date(Date.now() + 1500);
    const created = await k.send(eventId, { subject: 'Later', scheduled_at: at.toISOString() });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<MessageResponse>();
    expect(created.json()).toMatchObject({ status: 'SCHEDULED', scheduled_at: at.toISOString() });
    await k.deliver();
    expect(k.smtp.mails.filter((m) => m.subject === 'Later')).toEqual([]);
    expect(await get(id)).toMatchObject({ status: 'SCHEDULED', counts: { total: 0 } });
    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 50));
    await k.deliver();
    expect(
      k.smtp.mails
        .filter((m) => m.subject === 'Later')
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['ines@example.com', 'joao@example.com']);
    const sent = await get(id);
    expect(sent).toMatchObject({ status: 'SENT', counts: { total: 2, sent: 2, failed: 0 } });
    expect(Date.parse(sent.started_at ?? '')).toBeGreaterThanOrEqual(at.getTime());
  });

  it('can be deleted before their time, and are then never sent', async () => {
    const at = new Date(Date.now() + 60_000).toISOString();
    const { id } = (await k.send(eventId, { subject: 'Never', scheduled_at: at })).json<MessageResponse>();
    const deleted = await k.as(k.owner.token, 'DELETE', url(`/${id}`));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await k.as(k.owner.token, 'GET', url(`/${id}`))).statusCode).toBe(404);
    await k.dueNow();
    await k.deliver();
    expect(k.smtp.mails.filter((m) => m.subject === 'Never')).toEqual([]);
  });

  it('cannot be deleted once sending has started', async () => {
    const sent = await k.sendAndDeliver(eventId, { subject: 'Gone out' });
    const refused = await k.as(k.owner.token, 'DELETE', url(`/${sent.id}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MESSAGE_NOT_DELETABLE' });
    expect(refused.json().message).toMatch(/could not be deleted/);
    // Sending, not finished: refused as well.
    await k.app.db.update(messages).set({ status: 'SENDING' }).where(eq(messages.id, sent.id));
    expect((await k.as(k.owner.token, 'DELETE', url(`/${sent.id}`))).statusCode).toBe(409);
  });

  it('refuse a time in the past', async () => {
    const res = await k.send(eventId, { scheduled_at: new Date(Date.now() - 60_000).toISOString() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.scheduled_at).toEqual(['Choose a time in the future.']);
  });
});

describe('failures', () => {
  it('are recorded per recipient and tried again after a backoff', async () => {
    const refusing: Mailer = {
      async send(mail) {
        if (mail.to === 'joao@example.com') throw new Error('550 mailbox unavailable');
        throw new Error('421 try again later');
      },
      close() {},
    };
    const { id } = (await k.send(eventId, { subject: 'Retry me' })).json<MessageResponse>();
    await k.deliver(refusing);
    const first = await k.as(k.owner.token, 'GET', url(`/${id}/recipients`));
    expect(first.json<{ data: MessageRecipientResponse[] }>().data).toMatchObject([
      { email: 'ines@example.com', status: 'PENDING', attempts: 1, last_error: '421 try again later' },
      { email: 'joao@example.com', status: 'PENDING', attempts: 1, last_error: '550 mailbox unavailable' },
    ]);
    expect(await get(id)).toMatchObject({ status: 'SENDING', counts: { total: 2, sent: 0, failed: 0 } });
    const [job] = await k.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'messages.send'), sql`${jobs.payload}->>'message_id' = ${String(id)}`));
    expect(job?.status).toBe('pending');
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    // Later, the server takes one and keeps refusing the other until it has had its tries.
    const picky: Mailer = {
      async send(mail) {
        if (mail.to === 'joao@example.com') throw new Error('550 mailbox unavailable');
        await k.mailer.send(mail);
      },
      close() {},
    };
    for (let round = 0; round < 5; round++) {
      await k.dueNow();
      await k.deliver(picky);
    }
    const after = await k.as(k.owner.token, 'GET', url(`/${id}/recipients?sort_by=email`));
    expect(after.json<{ data: MessageRecipientResponse[] }>().data).toMatchObject([
      { email: 'ines@example.com', status: 'SENT', attempts: 2, last_error: null },
      { email: 'joao@example.com', status: 'FAILED', attempts: 5, last_error: '550 mailbox unavailable' },
    ]);
    expect(k.smtp.to('ines@example.com').filter((m) => m.subject === 'Retry me')).toHaveLength(1);
    expect(await get(id)).toMatchObject({ status: 'SENT', counts: { total: 2, sent: 1, failed: 1 } });
  });
});

describe('limits', () => {
  it('refuse a message reaching more addresses than one message may', async () => {
    await makeOrder(k.app, {
      eventId,
      buyer: 'Kai',
      lines: [{ ticket_id: ticket, quantity: 2 }],
      emails: ['kai@example.com', 'lea@example.com'],
    });
    const res = await k.send(eventId, { subject: 'Too many' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'MESSAGE_TOO_MANY_RECIPIENTS',
      message:
        'This message would reach 4 people, more than the 3 one message may reach. Choose fewer recipients.',
    });
  });

  it("refuse the account's messages past the day's limit, in the caller's language", async () => {
    const list = await k.as(k.owner.token, 'GET', url());
    const sentToday = list.json<{ meta: { total: number } }>().meta.total;
    for (let n = sentToday; n < 6; n++) {
      const res = await k.send(eventId, { is_test: true });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await k.app.inject({
      method: 'POST',
      url: url(),
      payload: {
        subject: 'x',
        body: '<p>x</p>',
        scope: { type: 'ALL_ATTENDEES' },
        is_test: true,
        acknowledged_not_promotional: true,
      },
      headers: { authorization: `Bearer ${k.owner.token}`, 'accept-language': 'de' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'MESSAGE_DAILY_LIMIT',
      message:
        'Dieses Konto hat die 6 Nachrichten gesendet, die es in 24 Stunden senden darf. Versuchen Sie es später erneut.',
    });
  });
});
