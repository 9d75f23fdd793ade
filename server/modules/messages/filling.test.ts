import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePreviewResponse, MessageScope } from '../../../common/messages';
import type { PublicOrderResponse } from '../../../common/orders';
import { makeLiveEvent, makeOrder, makeOrganizer } from '../../test/builders';
import { createMessagesKit, type MessagesKit } from '../../test/messages';
import type { ReceivedMail } from '../../test/smtp';

// How a message is filled in for each recipient (decision 035): from the organizer, with replies
// to the event; no stray space after a placeholder; a placeholder that became a link's address
// is checked like any link (http, https, mailto), in the preview and the mail alike; and the
// sender's copy reads as the first recipient's mail, marked as a copy.

let k: MessagesKit;
let eventId: number;
let mallory: PublicOrderResponse;
// A buyer's name is theirs to choose: this one is a script address once filled into a link.
const HOSTILE = 'javascript:alert(document.domain)//';

beforeAll(async () => {
  k = await createMessagesKit();
  const organizer = await makeOrganizer(k.app, k.owner, { name: 'Quay Arts', email: 'arts@quay.example' });
  const { event, tickets } = await makeLiveEvent(k.app, k.owner, {
    title: 'Open Studios',
    organizer_id: organizer.id,
    settings: { reply_to_email: 'hello@quay.example' },
  });
  eventId = event.id;
  const ticket = tickets[0]?.id ?? 0;
  // Jonas is the first recipient of every attendee scope; Mallory the second.
  await makeOrder(k.app, {
    eventId,
    buyer: 'Jonas',
    email: 'jonas@example.com',
    lines: [{ ticket_id: ticket, quantity: 1 }],
  });
  mallory = await makeOrder(k.app, {
    eventId,
    buyer: HOSTILE,
    email: 'mallory@example.com',
    lines: [{ ticket_id: ticket, quantity: 1 }],
  });
  await k.deliver();
  k.smtp.mails.length = 0;
});
afterAll(async () => {
  await k?.close();
});

const preview = async (body: string, scope: MessageScope = { type: 'ALL_ATTENDEES' }) => {
  const res = await k.as(k.owner.token, 'POST', `/api/events/${eventId}/messages/preview`, {
    subject: 'Doors',
    body,
    scope,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MessagePreviewResponse>();
};

/** Sends the message and answers the mail each address received, by address. */
async function delivered(fields: Parameters<MessagesKit['send']>[1]): Promise<Map<string, ReceivedMail>> {
  const before = k.smtp.mails.length;
  await k.sendAndDeliver(eventId, fields);
  return new Map(k.smtp.mails.slice(before).flatMap((mail) => mail.to.map((to) => [to, mail] as const)));
}

describe('a message', () => {
  it('comes from the organizer by name at the platform address, replies to the event', async () => {
    const mails = await delivered({ subject: 'Parking', body: '<p>The car park opens at six.</p>' });
    expect(mails.get('jonas@example.com')?.from).toEqual({
      name: 'Quay Arts',
      address: 'no-reply@tessera.local',
    });
    expect(mails.get('jonas@example.com')?.replyTo).toEqual(['hello@quay.example']);
  });

  it('has no stray space after a placeholder, as older compose pages wrote it', async () => {
    const body = '<p>Hello {{attendee_name}} , doors open at six. See you at {{event_title}} .</p>';
    expect((await preview(body)).body).toBe(
      '<p>Hello Jonas Silva, doors open at six. See you at Open Studios.</p>',
    );
    const mails = await delivered({ subject: 'For {{attendee_name}} , soon', body });
    const jonas = mails.get('jonas@example.com');
    expect(jonas?.subject).toBe('For Jonas Silva, soon');
    expect(jonas?.text).toContain('Hello Jonas Silva, doors open at six. See you at Open Studios.');
    // A space the organizer meant stays.
    expect((await preview('<p>{{event_title}} and more ...</p>')).body).toBe(
      '<p>Open Studios and more ...</p>',
    );
  });
});

describe('a placeholder as the address of a link', () => {
  const body =
    '<p>Hi <a href="{{attendee_name}}">your page</a>, <a href="{{ticket_url}}">your ticket</a>, ' +
    '<a href="mailto:hello@quay.example">write to us</a>.</p>';
  const attendees = async () => {
    const list = await k.as(k.owner.token, 'GET', `/api/events/${eventId}/attendees?query=mallory`);
    return list.json<{ data: { id: number }[] }>().data.map((a) => a.id);
  };

  it('is dropped, its text kept, when a buyer name makes it a script: in the preview (the review)', async () => {
    const shown = await preview(body, { type: 'ATTENDEES', attendee_ids: await attendees() });
    expect(shown.sample.email).toBe('mallory@example.com');
    expect(shown.body).not.toMatch(/javascript/i);
    const ticketUrl = `${k.app.config.appUrl}/ticket/${eventId}/${mallory.attendees[0]?.short_id}`;
    expect(shown.body).toBe(
      `<p>Hi your page, <a href="${ticketUrl}" rel="noopener noreferrer nofollow">your ticket</a>, ` +
        '<a href="mailto:hello@quay.example" rel="noopener noreferrer nofollow">write to us</a>.</p>',
    );
  });

  it('is dropped, its text kept, in the mail sent; a name that is no address drops it too', async () => {
    const mails = await delivered({ subject: 'Links', body });
    const hostile = mails.get('mallory@example.com');
    expect(hostile?.html).not.toMatch(/javascript/i);
    expect(hostile?.html).toContain('Hi your page, <a href="http');
    expect(hostile?.text).toContain('Hi your page, your ticket (http');
    // "Jonas Silva" as an address is relative: a mail has no page for it, so it goes as well.
    const jonas = mails.get('jonas@example.com');
    expect(jonas?.html).toContain('Hi your page, <a href="http');
    expect(jonas?.html).toContain('href="mailto:hello@quay.example"');
  });
});

describe("the sender's copy", () => {
  it("reads as the first recipient's mail, marked as a copy", async () => {
    const mails = await delivered({
      subject: 'Hello {{attendee_name}}',
      body: '<p>Dear {{attendee_name}}, here is <a href="{{ticket_url}}">your ticket</a>.</p>',
      send_copy_to_sender: true,
    });
    const jonas = mails.get('jonas@example.com');
    const copy = mails.get(k.owner.email);
    expect(copy?.subject).toBe('[Copy] Hello Jonas Silva');
    expect(copy?.text).toContain(
      'This is your copy of a message sent to the attendees of Open Studios, filled in as for its first recipient, Jonas Silva.',
    );
    expect(copy?.text).toContain('Dear Jonas Silva, here is your ticket');
    // The same link as the first recipient's own mail.
    expect(copy?.links.filter((l) => l.includes('/ticket/'))).toEqual(
      jonas?.links.filter((l) => l.includes('/ticket/')),
    );
    expect(jonas?.subject).toBe('Hello Jonas Silva');
    expect(jonas?.text).not.toContain('your copy');
  });
});
