import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRecipientResponse, MessageResponse, MessageScope } from '../../../common/messages';
import type { PublicOrderResponse } from '../../../common/orders';
import { makeAccount, makeEvent, makeLiveEvent, makeMember, makeOrder } from '../../test/builders';
import { createMessagesKit, type MessagesKit, message } from '../../test/messages';

// Who is who: order A (buyer ana) holds Seat tickets for ana and bob; order B (buyer carla)
// a VIP ticket for carla and a Seat for ana again; order C (buyer dan) a Seat for dan, which
// is then cancelled; order F (buyer frank) is a checkout never finished.
let k: MessagesKit;
let eventId: number;
let seat: number;
let vip: number;
let orderB: PublicOrderResponse;
let bobId: number;
let danId: number;

beforeAll(async () => {
  k = await createMessagesKit();
  const { event, tickets } = await makeLiveEvent(k.app, k.owner, {
    title: 'Harbour Jazz Night',
    settings: { footer_message: 'Harbour Jazz Ltd, 1 Quay Street' },
    tickets: [
      { title: 'Seat', type: 'FREE' },
      { title: 'VIP', type: 'FREE' },
    ],
  });
  eventId = event.id;
  [seat, vip] = tickets.map((ticket) => ticket.id) as [number, number];
  const orderA = await makeOrder(k.app, {
    eventId,
    buyer: 'Ana',
    email: 'ana@example.com',
    lines: [{ ticket_id: seat, quantity: 2 }],
    attendees: ['Ana', 'Bob'],
    emails: ['ana@example.com', 'bob@example.com'],
  });
  orderB = await makeOrder(k.app, {
    eventId,
    buyer: 'Carla',
    email: 'carla@example.com',
    lines: [
      { ticket_id: vip, quantity: 1 },
      { ticket_id: seat, quantity: 1 },
    ],
    attendees: ['Carla', 'Ana'],
    emails: ['carla@example.com', 'ANA@example.com'],
  });
  const orderC = await makeOrder(k.app, {
    eventId,
    buyer: 'Dan',
    email: 'dan@example.com',
    lines: [{ ticket_id: seat, quantity: 1 }],
  });
  await makeOrder(k.app, {
    eventId,
    buyer: 'Frank',
    lines: [{ ticket_id: seat, quantity: 1 }],
    until: 'details',
  });
  bobId = await k.attendeeId(orderA.attendees[1]?.short_id ?? '');
  danId = await k.attendeeId(orderC.attendees[0]?.short_id ?? '');
  const cancelled = await k.as(k.owner.token, 'POST', `/api/events/${eventId}/attendees/${danId}/cancel`);
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  await k.deliver(); // the order mails, out of the way
  k.smtp.mails.length = 0;
});
afterAll(async () => {
  await k?.close();
});

const recipientsOf = async (id: number) => {
  const res = await k.as(
    k.owner.token,
    'GET',
    `/api/events/${eventId}/messages/${id}/recipients?per_page=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MessageRecipientResponse[] }>().data;
};

/** Sends to `scope` and answers the addresses that received it, sorted. */
async function deliveredTo(scope: MessageScope): Promise<string[]> {
  const subject = `Scope ${scope.type} ${Math.random()}`;
  const sent = await k.sendAndDeliver(eventId, { subject, scope });
  expect(sent).toMatchObject({ status: 'SENT', counts: { total: sent.counts.sent, failed: 0 } });
  const received = k.smtp.mails.filter((m) => m.subject === subject).flatMap((m) => m.to);
  expect((await recipientsOf(sent.id)).map((r) => r.email).sort()).toEqual([...received].sort());
  return received.sort();
}

describe('recipient scopes', () => {
  it('all attendees: each address once, without cancelled tickets or unfinished checkouts', async () => {
    expect(await deliveredTo({ type: 'ALL_ATTENDEES' })).toEqual([
      'ana@example.com',
      'bob@example.com',
      'carla@example.com',
    ]);
  });

  it('holders of the chosen tickets', async () => {
    expect(await deliveredTo({ type: 'TICKET_HOLDERS', ticket_ids: [vip] })).toEqual(['carla@example.com']);
    expect(await deliveredTo({ type: 'TICKET_HOLDERS', ticket_ids: [seat] })).toEqual([
      'ana@example.com',
      'bob@example.com',
    ]);
  });

  it('listed attendees, still without a cancelled one', async () => {
    expect(await deliveredTo({ type: 'ATTENDEES', attendee_ids: [bobId, danId] })).toEqual([
      'bob@example.com',
    ]);
  });

  it('order owners, by default of completed and awaiting orders, or of the statuses chosen', async () => {
    expect(await deliveredTo({ type: 'ORDER_OWNERS' })).toEqual([
      'ana@example.com',
      'carla@example.com',
      'dan@example.com',
    ]);
    const none = await k.send(eventId, { scope: { type: 'ORDER_OWNERS', order_statuses: ['CANCELLED'] } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'MESSAGE_NO_RECIPIENTS' });
  });

  it("one order's owner", async () => {
    const id = await k.orderId(orderB.short_id);
    expect(await deliveredTo({ type: 'ORDER_OWNER', order_id: id })).toEqual(['carla@example.com']);
  });

  it('refuses tickets of another event', async () => {
    const other = await makeLiveEvent(k.app, k.owner, { title: 'Other' });
    const res = await k.send(eventId, {
      scope: { type: 'TICKET_HOLDERS', ticket_ids: [other.tickets[0]?.id ?? 0] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['scope.ticket_ids']);
  });
});

describe('the preview', () => {
  const preview = (scope: MessageScope, body = '<p>Hello {{attendee_name}}</p><script>alert(1)</script>') =>
    k.as(k.owner.token, 'POST', `/api/events/${eventId}/messages/preview`, {
      subject: 'For {{attendee_name}} at {{event_title}}',
      body,
      scope,
    });

  it('counts the addresses reached and fills the message in for the first of them, sending nothing', async () => {
    const list = async () =>
      (await k.as(k.owner.token, 'GET', `/api/events/${eventId}/messages`)).json<{
        meta: { total: number };
      }>().meta.total;
    const before = { mails: k.smtp.mails.length, messages: await list() };
    const res = await preview(
      { type: 'TICKET_HOLDERS', ticket_ids: [vip] },
      '<p>Your ticket: {{ticket_url}}</p>',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      recipients: 1,
      sample: { name: 'Carla Silva', email: 'carla@example.com' },
      subject: 'For Carla Silva at Harbour Jazz Night',
      body: `<p>Your ticket: ${k.app.config.appUrl}/ticket/${eventId}/${orderB.attendees[0]?.short_id}</p>`,
      footer: 'Harbour Jazz Ltd, 1 Quay Street',
    });
    // Same count as the sending: each address once, no cancelled ticket, no unfinished checkout.
    expect((await preview({ type: 'ALL_ATTENDEES' })).json().recipients).toBe(3);
    await k.deliver();
    expect(k.smtp.mails.length).toBe(before.mails);
    expect(await list()).toBe(before.messages);
  });

  it('sanitizes the body as the sending does, and fills in the sender when nobody is reached', async () => {
    const res = await preview({ type: 'ATTENDEES', attendee_ids: [danId] });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json();
    expect(shown.recipients).toBe(0);
    expect(shown.sample.email).toBe(k.owner.email);
    expect(shown.body).not.toMatch(/script|alert/);
    expect(shown.body).toMatch(/^<p>Hello \S/);
  });

  it('refuses tickets of another event and an empty body, with field errors', async () => {
    const other = await makeEvent(k.app, k.owner, { title: 'Elsewhere' });
    const foreign = await k.as(k.owner.token, 'POST', `/api/events/${other.id}/tickets`, {
      title: 'Other seat',
      type: 'FREE',
    });
    const wrong = await preview({ type: 'TICKET_HOLDERS', ticket_ids: [foreign.json<{ id: number }>().id] });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['scope.ticket_ids']);
    const empty = await preview({ type: 'ALL_ATTENDEES' }, '<script>only this</script>');
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['body']);
  });
});

describe('the mail', () => {
  it('fills the placeholders per recipient and carries the footer, the reason and a stable Message-ID', async () => {
    const sent = await k.sendAndDeliver(eventId, {
      subject: 'For {{attendee_name}}',
      body: '<p>Hello {{attendee_name}}, welcome to {{event_title}}.</p><p><a href="{{ticket_url}}">Your ticket</a></p>',
      scope: { type: 'TICKET_HOLDERS', ticket_ids: [vip] },
    });
    const [mail] = k.smtp.to('carla@example.com').filter((m) => m.subject === 'For Carla Silva');
    expect(mail).toBeDefined();
    const ticketUrl = `${k.app.config.appUrl}/ticket/${eventId}/${orderB.attendees[0]?.short_id}`;
    expect(mail?.text).toContain('Hello Carla Silva, welcome to Harbour Jazz Night.');
    expect(mail?.text).toContain(`Your ticket (${ticketUrl})`);
    expect(mail?.html).toContain(`href="${ticketUrl}"`);
    expect(mail?.text).toContain('Harbour Jazz Ltd, 1 Quay Street');
    expect(mail?.text).toContain('You receive this e-mail because you have a ticket for Harbour Jazz Night.');
    const [recipient] = await recipientsOf(sent.id);
    expect(recipient).toMatchObject({ status: 'SENT', attempts: 1, last_error: null });
    expect(mail?.messageId).toMatch(new RegExp(`^<message-${sent.id}-${recipient?.id}@`));
  });

  it('strips scripts, event handlers and javascript: links, and escapes names filled in', async () => {
    const order = await makeOrder(k.app, {
      eventId,
      buyer: 'Mallory',
      email: 'mallory@example.com',
      lines: [{ ticket_id: vip, quantity: 1 }],
      attendees: ['<img src=x onerror=alert(1)>'],
    });
    const attendee = await k.attendeeId(order.attendees[0]?.short_id ?? '');
    const created = await k.send(eventId, {
      subject: 'Safe',
      body:
        '<p onclick="alert(1)">Hi {{attendee_name}}</p><script>alert(2)</script>' +
        '<img src="x" onerror="alert(3)"><a href="javascript:alert(4)">click</a><iframe src="https://evil"></iframe>',
      scope: { type: 'ATTENDEES', attendee_ids: [attendee] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const stored = created.json<MessageResponse>().body;
    expect(stored).not.toMatch(/script|onerror|onclick|javascript:|iframe|alert\(2\)/i);
    await k.deliver();
    const [mail] = k.smtp.to('mallory@example.com').filter((m) => m.subject === 'Safe');
    expect(mail?.html).not.toMatch(/<script|\sonerror="|\sonclick="|javascript:|<iframe|<img src=x/i);
    expect(mail?.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; Silva');
  });
});

describe('tests and copies', () => {
  it('a test goes to the sender only, marked as a test', async () => {
    const before = k.smtp.mails.length;
    const sent = await k.sendAndDeliver(eventId, { subject: 'Draft {{event_title}}', is_test: true });
    const mails = k.smtp.mails.slice(before);
    expect(mails.map((m) => m.to)).toEqual([[k.owner.email]]);
    expect(mails[0]?.subject).toBe('[Test] Draft Harbour Jazz Night');
    expect(mails[0]?.text).toContain('Only you received it.');
    expect(sent).toMatchObject({ is_test: true, status: 'SENT', counts: { total: 1, sent: 1, failed: 0 } });
  });

  it('a copy to the sender goes out besides the recipients', async () => {
    const before = k.smtp.mails.length;
    await k.sendAndDeliver(eventId, {
      subject: 'With copy',
      scope: { type: 'TICKET_HOLDERS', ticket_ids: [vip] },
      send_copy_to_sender: true,
    });
    const to = k.smtp.mails.slice(before).flatMap((m) => m.to);
    expect(to.sort()).toEqual(['carla@example.com', k.owner.email, 'mallory@example.com'].sort());
    expect(k.smtp.to(k.owner.email).at(-1)?.text).toContain('This is your copy');
  });
});

describe('who may send', () => {
  it('needs a confirmed e-mail address', async () => {
    const unconfirmed = await makeAccount(k.app, { confirmed: false });
    const draft = await makeEvent(k.app, unconfirmed);
    const refused = await k.send(draft.id, { is_test: true }, unconfirmed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
  });

  it('an organizer member of the account may send; another account gets 404', async () => {
    const organizer = await makeMember(k.app, k.owner, { role: 'ORGANIZER' });
    const res = await k.send(eventId, { is_test: true }, organizer);
    expect(res.statusCode, res.body).toBe(201);
    const stranger = await makeAccount(k.app);
    const id = res.json<MessageResponse>().id;
    for (const [method, url] of [
      ['GET', `/api/events/${eventId}/messages`],
      ['GET', `/api/events/${eventId}/messages/${id}`],
      ['GET', `/api/events/${eventId}/messages/${id}/recipients`],
      ['DELETE', `/api/events/${eventId}/messages/${id}`],
      ['POST', `/api/events/${eventId}/messages`],
    ] as const) {
      const answer = await k.as(stranger.token, method, url, method === 'POST' ? message() : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('requires the acknowledgement that the message is not promotional', async () => {
    for (const acknowledged_not_promotional of [false, undefined]) {
      const res = await k.as(k.owner.token, 'POST', `/api/events/${eventId}/messages`, {
        ...message(),
        acknowledged_not_promotional,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.acknowledged_not_promotional).toEqual([
        'Confirm that this message is about the event and is not promotional.',
      ]);
    }
  });
});
