import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePreviewResponse } from '../../../common/messages';
import { makeLiveEvent } from '../../test/builders';
import { buyOn, makeTwoDateEvent, type TwoDates } from '../../test/event-dates';
import { createMessagesKit, type MessagesKit, message } from '../../test/messages';

// A message to the attendees of one date of an event that happens twice (issue 36): only they
// receive it; a date of another event is a field error on the scope, in the caller's language.

let k: MessagesKit;
let ev: TwoDates;
let otherDate: number;

beforeAll(async () => {
  k = await createMessagesKit();
  ev = await makeTwoDateEvent(k.app, k.owner);
  const [seat = 0] = ev.ticketIds;
  await buyOn(k.app, { eventId: ev.eventId, dateId: ev.first, ticketId: seat, names: ['Ana', 'Bea'] });
  await buyOn(k.app, { eventId: ev.eventId, dateId: ev.second, ticketId: seat, names: ['Caio', 'Dora'] });
  const other = await makeLiveEvent(k.app, k.owner, { title: 'Elsewhere' });
  const dates = await k.as(k.owner.token, 'GET', `/api/events/${other.event.id}/dates`);
  otherDate = dates.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
  await k.deliver(); // the order mails, out of the way
  k.smtp.mails.length = 0;
}, 60_000);

afterAll(async () => {
  await k?.close();
});

describe('a message to the attendees of one date', () => {
  it('previews the date’s recipients only', async () => {
    const res = await k.as(k.owner.token, 'POST', `/api/events/${ev.eventId}/messages/preview`, {
      subject: 'Hello',
      body: '<p>Hi {{attendee_name}}</p>',
      scope: { type: 'DATE_ATTENDEES', date_id: ev.second },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MessagePreviewResponse>()).toMatchObject({
      recipients: 2,
      sample: { name: 'Caio Silva' },
    });
  });

  it('mails only the attendees of that date', async () => {
    const subject = 'The second night moves to the big hall';
    const sent = await k.sendAndDeliver(ev.eventId, {
      subject,
      scope: { type: 'DATE_ATTENDEES', date_id: ev.second },
    });
    expect(sent).toMatchObject({
      status: 'SENT',
      scope: { type: 'DATE_ATTENDEES', date_id: ev.second },
      counts: { total: 2, sent: 2, failed: 0 },
    });
    const received = k.smtp.mails.filter((m) => m.subject === subject).flatMap((m) => m.to);
    expect(received.sort()).toEqual(['caio@example.com', 'dora@example.com']);
  });

  it('refuses a date of another event on the scope’s date, in the caller’s language', async () => {
    const scope = { type: 'DATE_ATTENDEES', date_id: otherDate } as const;
    const { subject, body } = message();
    for (const [path, payload] of [
      ['messages', message({ scope })],
      ['messages/preview', { subject, body, scope }],
    ] as const) {
      const res = await k.app.inject({
        method: 'POST',
        url: `/api/events/${ev.eventId}/${path}`,
        headers: { authorization: `Bearer ${k.owner.token}`, 'accept-language': 'fr' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json<{ errors: Record<string, string[]> }>().errors;
      expect(Object.keys(errors)).toEqual(['scope.date_id']);
      expect(errors['scope.date_id']?.[0]).not.toBe('This date is not one of the event’s.');
    }
  });
});
