import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTemplateListResponse } from '../../../common/mail-templates';
import { makeAccount, makeLiveEvent, makeMember, makeOrder, type Owner } from '../../test/builders';
import { createMessagesKit, type MessagesKit, message } from '../../test/messages';

// An account with two events in Berlin: "Harbour" gets templates of its own, "Lighthouse" only
// the account's; orders in German, French and English show which text each mail uses.
let k: MessagesKit;
let harbour: number;
let harbourTicket: number;
let lighthouse: number;
let lighthouseTicket: number;
const START = '2030-06-15T17:00:00Z';

const account = (path = '') => `/api/accounts/current/mail-templates${path}`;
const ofEvent = (id: number, path = '') => `/api/events/${id}/mail-templates${path}`;
const save = (url: string, body: object, token = k.owner.token) => k.as(token, 'PUT', url, body);

/** The 422's message for a field, as the API writes it. */
function refusal(response: { statusCode: number; body: string }, field: string): string {
  expect(response.statusCode, response.body).toBe(422);
  const errors = JSON.parse(response.body).errors as Record<string, string[]>;
  return errors[field]?.join(' ') ?? '';
}

beforeAll(async () => {
  k = await createMessagesKit();
  const made = await makeLiveEvent(k.app, k.owner, {
    title: 'Harbour Jazz',
    start_date: START,
    timezone: 'Europe/Berlin',
    settings: { footer_message: 'Harbour Jazz Ltd' },
    tickets: [{ title: 'Seat', type: 'FREE' }],
  });
  harbour = made.event.id;
  harbourTicket = made.tickets[0]?.id ?? 0;
  const other = await makeLiveEvent(k.app, k.owner, {
    title: 'Lighthouse Folk',
    start_date: START,
    timezone: 'Europe/Berlin',
    tickets: [{ title: 'Bench', type: 'FREE' }],
  });
  lighthouse = other.event.id;
  lighthouseTicket = other.tickets[0]?.id ?? 0;
});
afterAll(async () => {
  await k?.close();
});

describe('the sandbox refuses what a template may not do, before it is saved', () => {
  it.each([
    ['a loop', '<p>ok</p>\n<p>{% for i in (1..9) %}x{% endfor %}</p>', /Line 2.*for/],
    ['a table loop', '<p>{% tablerow i in (1..3) %}{% endtablerow %}</p>', /Line 1.*tablerow/],
    ['a cycle', '<p>{% cycle "a", "b" %}</p>', /cycle/],
    ['an include', "<p>{% include 'secrets' %}</p>", /include/],
    ['a render', "<p>{% render 'secrets' %}</p>", /render/],
    ['a layout', "<p>{% layout 'base' %}</p>", /layout/],
    ['an assignment', '<p>{% assign x = 1 %}</p>', /assign/],
    ['a filter not listed', '<p>{{ event.title | raw }}</p>', /raw/],
    ['a placeholder not written right', '<p>{{ event.title </p>', /Line 1/],
  ])('%s', async (_, body, reason) => {
    const response = await save(account('/order_confirmation/en'), { subject: 'Hi', body_html: body });
    expect(refusal(response, 'body_html')).toMatch(reason);
  });

  it('a script, with its line and the reason', async () => {
    const body = '<p>Hello</p>\n<p>there</p>\n<script>alert(1)</script>';
    const response = await save(account('/order_confirmation/en'), { subject: 'Hi', body_html: body });
    expect(refusal(response, 'body_html')).toMatch(/Line 3.*<script>/);
    const handler = await save(account('/order_confirmation/en'), {
      body_html: '<p><a href="javascript:alert(1)">x</a></p>',
    });
    expect(refusal(handler, 'body_html')).toMatch(/href="javascript:"/);
  });

  it('an unknown placeholder, with its line, in the body or the subject', async () => {
    const body = '<p>Hello</p>\n\n<p>{{ buyer.first_name }} {{ order.secret }}</p>';
    const response = await save(account('/order_confirmation/en'), { subject: 'Hi', body_html: body });
    expect(refusal(response, 'body_html')).toMatch(/Line 3.*order\.secret/);
    // A placeholder of another kind of mail is unknown in this one.
    const subject = await save(account('/order_confirmation/en'), {
      subject: 'For {{ offer.url }}',
      body_html: '<p>x</p>',
    });
    expect(refusal(subject, 'subject')).toMatch(/Line 1.*offer\.url/);
  });

  it('a template longer than the limit, and one whose output would be too long', async () => {
    const long = await save(account('/order_confirmation/en'), { body_html: `<p>${'x'.repeat(20_001)}</p>` });
    expect(refusal(long, 'body_html')).toMatch(/at most/);
    const { event } = await makeLiveEvent(k.app, k.owner, { title: 'T'.repeat(100), start_date: START });
    const body = `<p>${'{{ event.title }}'.repeat(1_100)}</p>`;
    const huge = await save(ofEvent(event.id, '/order_confirmation/en'), { body_html: body });
    expect(refusal(huge, 'body_html')).toMatch(/too long/);
  });

  it('refusals are translated', async () => {
    const response = await k.app.inject({
      method: 'PUT',
      url: account('/order_confirmation/de'),
      headers: { authorization: `Bearer ${k.owner.token}`, 'accept-language': 'de' },
      payload: { body_html: '<p>{% for i in (1..2) %}{% endfor %}</p>' },
    });
    expect(refusal(response, 'body_html')).toMatch(/Zeile 1.*for/);
  });
});

describe('placeholders', () => {
  it('are filled per language and in the event’s time zone, in the preview', async () => {
    const body = '<p>Beginn: {{ event.start }}, {{ order.total }}, {{ buyer.first_name | upcase }}</p>';
    const preview = await k.as(k.owner.token, 'POST', ofEvent(harbour, '/preview'), {
      kind: 'order_confirmation',
      locale: 'de',
      subject: 'Bestellung {{ order.reference }}',
      body_html: body,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const german = new Intl.DateTimeFormat('de', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    }).format(new Date(START));
    expect(german).toMatch(/Samstag, 15\. Juni 2030.*19:00/);
    const { subject, body_html } = JSON.parse(preview.body);
    expect(subject).toBe('Bestellung A1B2C3');
    expect(body_html).toContain(german);
    expect(body_html).toContain('ADA');
    expect(body_html).toMatch(/45,00\s€/);
    const french = await k.as(k.owner.token, 'POST', ofEvent(harbour, '/preview'), {
      kind: 'order_confirmation',
      locale: 'fr',
      body_html: '<p>{{ event.start }}</p>',
    });
    expect(JSON.parse(french.body).body_html).toContain('samedi 15 juin 2030');
  });

  it('list every kind in every language with its placeholders and the built-in text', async () => {
    const response = await k.as(k.owner.token, 'GET', ofEvent(lighthouse));
    expect(response.statusCode, response.body).toBe(200);
    const list = JSON.parse(response.body) as MailTemplateListResponse;
    expect(list.templates).toHaveLength(5 * 7);
    expect(list.placeholders.waitlist_offer).toContain('offer.expires');
    const de = list.templates.find((t) => t.kind === 'order_confirmation' && t.locale === 'de');
    expect(de?.source).toBe('DEFAULT');
    expect(de?.body_html).toContain('{{ buyer.first_name }}');
    expect(de?.subject).toContain('{{ event.title }}');
  });
});

describe('mails use the event’s template, else the account’s, else Tessera’s text', () => {
  const order = (eventId: number, ticket: number, locale: 'de' | 'fr', buyer: string) =>
    makeOrder(k.app, { eventId, buyer, lines: [{ ticket_id: ticket, quantity: 1 }], locale });

  it('through the local SMTP server', async () => {
    expect(
      (
        await save(account('/order_confirmation/de'), {
          subject: 'Konto: {{ event.title }}',
          body_html: '<p>Hallo {{ buyer.first_name }} vom Konto</p>',
        })
      ).statusCode,
    ).toBe(204);
    const own = await save(ofEvent(harbour, '/order_confirmation/de'), {
      subject: 'Ihre Karten für {{ event.title }} ({{ order.reference }})',
      body_html: '<p>Hallo {{ buyer.first_name }},</p><p>wir sehen uns am {{ event.start }}.</p>',
    });
    expect(own.statusCode, own.body).toBe(204);
    const footer = await save(ofEvent(harbour, '/message_footer/de'), {
      body_html: '<p>Veranstalter von {{ event.title }}</p>',
    });
    expect(footer.statusCode, footer.body).toBe(204);

    const a = await order(harbour, harbourTicket, 'de', 'Greta');
    const b = await order(lighthouse, lighthouseTicket, 'de', 'Heinz');
    const c = await order(harbour, harbourTicket, 'fr', 'Claire');
    await k.deliver();

    const [toGreta] = k.smtp.to('greta@example.com');
    expect(toGreta?.subject).toBe(`Ihre Karten für Harbour Jazz (${a.reference})`);
    expect(toGreta?.html).toContain('<p>Hallo Greta,</p>');
    expect(toGreta?.html).toContain('Samstag, 15. Juni 2030');
    expect(toGreta?.html).toContain('Veranstalter von Harbour Jazz');
    expect(toGreta?.html).not.toContain('Harbour Jazz Ltd');
    expect(toGreta?.text).toContain('Hallo Greta,');
    // Tessera's greeting is replaced; the structured parts stay.
    expect(toGreta?.html).not.toContain('Hallo Greta,</p><p style');
    expect(toGreta?.attachments.some((f) => f.filename === 'event.ics')).toBe(true);

    const [toHeinz] = k.smtp.to('heinz@example.com');
    expect(toHeinz?.subject).toBe('Konto: Lighthouse Folk');
    expect(toHeinz?.html).toContain('Hallo Heinz vom Konto');
    void b;

    const [toClaire] = k.smtp.to('claire@example.com');
    expect(toClaire?.subject).toBe('Votre commande pour Harbour Jazz');
    expect(toClaire?.html).toContain(c.reference);

    // Reset to default: the event falls back to the account's.
    const reset = await k.as(k.owner.token, 'DELETE', ofEvent(harbour, '/order_confirmation/de'));
    expect(reset.statusCode).toBe(204);
    const list = JSON.parse((await k.as(k.owner.token, 'GET', ofEvent(harbour))).body);
    const de = list.templates.find(
      (t: { kind: string; locale: string }) => t.kind === 'order_confirmation' && t.locale === 'de',
    );
    expect(de.source).toBe('ACCOUNT');
    await order(harbour, harbourTicket, 'de', 'Ida');
    await k.deliver();
    expect(k.smtp.to('ida@example.com')[0]?.subject).toBe('Konto: Harbour Jazz');
  });

  it('values are escaped: a buyer’s name cannot add markup', async () => {
    await save(ofEvent(lighthouse, '/order_confirmation/fr'), {
      subject: 'Pour {{ buyer.first_name }}',
      body_html: '<p>Bonjour {{ buyer.first_name }}</p>',
    });
    const evil = '<img src=x onerror=alert(1)>';
    await makeOrder(k.app, {
      eventId: lighthouse,
      buyer: evil,
      email: 'evil@example.com',
      lines: [{ ticket_id: lighthouseTicket, quantity: 1 }],
      locale: 'fr',
    });
    await k.deliver();
    const [mail] = k.smtp.to('evil@example.com');
    expect(mail?.html).toContain('Bonjour &lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.subject).toBe(`Pour ${evil}`);
  });

  it('the footer template replaces the event’s footer under a message', async () => {
    await makeOrder(k.app, {
      eventId: harbour,
      buyer: 'Jonas',
      lines: [{ ticket_id: harbourTicket, quantity: 1 }],
      locale: 'de',
    });
    await k.deliver();
    k.smtp.mails.length = 0;
    await k.sendAndDeliver(harbour, message({ scope: { type: 'ALL_ATTENDEES' } }));
    const [mail] = k.smtp.to('jonas@example.com');
    expect(mail?.html).toContain('Veranstalter von Harbour Jazz');
    expect(mail?.html).not.toContain('Harbour Jazz Ltd');
  });
});

describe('authorization', () => {
  let stranger: Owner;
  let organizer: Owner;
  beforeAll(async () => {
    stranger = await makeAccount(k.app);
    organizer = await makeMember(k.app, k.owner, { role: 'ORGANIZER' });
  });

  it('another account’s event templates are not found', async () => {
    for (const [method, url, body] of [
      ['GET', ofEvent(harbour)],
      ['PUT', ofEvent(harbour, '/order_confirmation/de'), { body_html: '<p>x</p>' }],
      ['DELETE', ofEvent(harbour, '/message_footer/de')],
      [
        'POST',
        ofEvent(harbour, '/preview'),
        { kind: 'order_confirmation', locale: 'de', body_html: '<p>x</p>' },
      ],
    ] as const) {
      const response = await k.as(stranger.token, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Their own account's list holds nothing of ours.
    const theirs = JSON.parse(
      (await k.as(stranger.token, 'GET', account())).body,
    ) as MailTemplateListResponse;
    expect(theirs.templates.every((t) => t.source === 'DEFAULT')).toBe(true);
  });

  it('organizers edit events’ templates, not the account’s', async () => {
    const refused = await save(account('/order_confirmation/de'), { body_html: '<p>x</p>' }, organizer.token);
    expect(refused.statusCode).toBe(403);
    const allowed = await save(
      ofEvent(lighthouse, '/attendee_ticket/de'),
      { body_html: '<p>x</p>' },
      organizer.token,
    );
    expect(allowed.statusCode, allowed.body).toBe(204);
  });

  it('a test mail goes to the signed-in person, once per 20 seconds', async () => {
    k.smtp.mails.length = 0;
    const request = {
      kind: 'waitlist_offer',
      locale: 'de',
      subject: 'Test {{ ticket.title }}',
      body_html: '<p>Bis {{ offer.expires }}</p>',
    };
    const sent = await k.as(k.owner.token, 'POST', ofEvent(harbour, '/test'), request);
    expect(sent.statusCode, sent.body).toBe(200);
    const again = await k.as(k.owner.token, 'POST', ofEvent(harbour, '/test'), request);
    expect(again.statusCode).toBe(429);
    await k.deliver();
    const [mail] = k.smtp.to(k.owner.email);
    expect(mail?.subject).toBe('Test General admission');
    expect(mail?.html).toContain('Bis ');
  });
});
