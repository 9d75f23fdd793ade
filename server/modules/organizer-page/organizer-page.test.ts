import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAccount,
  makeEvent,
  makeLiveEvent,
  makeOrganizer,
  type Owner,
  setEventStatus,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

// The organizer's homepage (decision 058): its address, unique whatever the case and kept
// when changed; only live events; everything in the first HTML; the contact form.

let kit: IdentityKit;
let owner: Owner;
let rival: Owner;
let organizerId = 0;
let rivalOrganizerId = 0;
const CONTACT = 'harbour.club.contact@example.com';
let clients = 0;
const nextClient = () => `10.9.${Math.floor(++clients / 250)}.${clients % 250}`;

const put = (who: Owner, id: number, body: object) =>
  kit.app.inject({
    method: 'PUT',
    url: `/api/organizers/${id}`,
    headers: { authorization: `Bearer ${who.token}` },
    payload: body,
  });
const page = (slug: string) =>
  kit.app.inject({ method: 'GET', url: `/o/${slug}`, remoteAddress: nextClient() });
const contact = (slug: string, fields: Record<string, string>, client = nextClient()) =>
  kit.app.inject({
    method: 'POST',
    url: `/o/${slug}/contact`,
    remoteAddress: client,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await makeAccount(kit.app);
  rival = await makeAccount(kit.app);
  organizerId = (await makeOrganizer(kit.app, owner)).id;
  rivalOrganizerId = (await makeOrganizer(kit.app, rival)).id;
  const set = await put(owner, organizerId, {
    name: 'Harbour Club',
    slug: 'Harbour-Club',
    email: CONTACT,
    description: 'Jazz by the water.\n\nEvery Friday.',
    website: 'https://harbour.example.com',
    social_links: ['https://social.example.com/harbourclub'],
  });
  expect(set.statusCode).toBe(200);
  const on = { organizer_id: organizerId };
  await makeLiveEvent(kit.app, owner, {
    ...on,
    title: 'Friday Jazz',
    start_date: '2031-05-02T19:00:00Z',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'At the door.' },
    tickets: [
      { title: 'Standing', type: 'PAID', price: 1200, tax_and_fee_ids: [] },
      { title: 'Table', type: 'PAID', price: 3000, tax_and_fee_ids: [] },
    ],
  });
  await makeLiveEvent(kit.app, owner, {
    ...on,
    title: 'Old Jam Session',
    start_date: '2020-03-01T19:00:00Z',
  });
  const archived = await makeLiveEvent(kit.app, owner, {
    ...on,
    title: 'Archived Gala',
    start_date: '2031-06-01T19:00:00Z',
  });
  await setEventStatus(kit.app, owner, { id: archived.event.id, status: 'ARCHIVED' });
  await makeEvent(kit.app, owner, { ...on, title: 'Draft Night', start_date: '2031-07-01T19:00:00Z' });
  // Another organizer's live event, of the same account: not on this page.
  await makeLiveEvent(kit.app, owner, { title: 'Someone Else’s Fair', start_date: '2031-05-03T19:00:00Z' });
});
afterAll(async () => {
  await kit?.close();
});

describe('the homepage address', () => {
  it('is unique whatever the case, and its format is checked', async () => {
    const taken = await put(rival, rivalOrganizerId, { slug: 'harbour-CLUB' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'ORGANIZER_SLUG_TAKEN',
      errors: { slug: ['This address is already taken. Please choose another one.'] },
    });
    for (const slug of ['no spaces', 'ab', '-edge', 'double--hyphen', 'ünïcode']) {
      expect((await put(rival, rivalOrganizerId, { slug })).statusCode, slug).toBe(422);
    }
  });

  it('changes, and the old address redirects to the new one; nobody else may take it', async () => {
    expect((await page('harbour-club')).statusCode).toBe(301);
    expect((await page('harbour-club')).headers.location).toBe('/o/Harbour-Club');
    const moved = await put(owner, organizerId, { slug: 'harbour-club-lisbon' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().slug).toBe('harbour-club-lisbon');
    const old = await page('Harbour-Club');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/o/harbour-club-lisbon');
    const json = await kit.app.inject({ method: 'GET', url: '/api/public/organizer-pages/harbour-club' });
    expect(json.statusCode).toBe(308);
    expect(json.headers.location).toBe('/api/public/organizer-pages/harbour-club-lisbon');
    expect((await put(rival, rivalOrganizerId, { slug: 'Harbour-club' })).statusCode).toBe(409);
    expect((await page('nobody-here')).statusCode).toBe(404);
    // Its own old address is its own again.
    expect((await put(owner, organizerId, { slug: 'harbour-club' })).statusCode).toBe(200);
    expect((await page('harbour-club')).statusCode).toBe(200);
    expect((await page('harbour-club-lisbon')).headers.location).toBe('/o/harbour-club');
  });
});

describe('the page', () => {
  it('lists only live events: upcoming with price range and availability, then past ones', async () => {
    const res = await kit.app.inject({ method: 'GET', url: '/api/public/organizer-pages/harbour-club' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.upcoming.map((e: { title: string }) => e.title)).toEqual(['Friday Jazz']);
    expect(body.past.map((e: { title: string }) => e.title)).toEqual(['Old Jam Session']);
    expect(body.upcoming[0]).toMatchObject({ price_min: 1200, price_max: 3000, availability: 'ON_SALE' });
    expect(body.upcoming[0].next_dates).toEqual(['2031-05-02T19:00:00.000Z']);
    expect(body.has_contact).toBe(true);
    expect(JSON.stringify(body)).not.toContain(CONTACT);
  });

  it('comes whole in the first HTML: title, Open Graph, JSON-LD, events, the form; no e-mail address', async () => {
    const res = await page('harbour-club');
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Harbour Club</title>');
    expect(html).toContain('<meta property="og:title" content="Harbour Club">');
    expect(html).toContain('<meta name="description" content="Jazz by the water. Every Friday.">');
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/o\/harbour-club">/);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
    expect(ld['@type']).toBe('Organization');
    expect(ld.name).toBe('Harbour Club');
    expect(ld.event.map((e: { '@type': string; name: string }) => [e['@type'], e.name])).toEqual([
      ['Event', 'Friday Jazz'],
    ]);
    expect(ld.event[0].offers).toMatchObject({ lowPrice: '12.00', highPrice: '30.00', priceCurrency: 'EUR' });
    expect(html).toContain('<h1>Harbour Club</h1>');
    expect(html).toContain('Friday Jazz');
    expect(html).toContain('Old Jam Session');
    expect(html).toContain('On sale');
    for (const hidden of ['Draft Night', 'Archived Gala', 'Someone Else’s Fair'])
      expect(html).not.toContain(hidden);
    expect(html).toContain('<form method="post" action="/o/harbour-club/contact">');
    expect(html).not.toContain(CONTACT);
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('speaks the visitor’s language', async () => {
    const res = await kit.app.inject({
      method: 'GET',
      url: '/o/harbour-club',
      headers: { 'accept-language': 'de' },
      remoteAddress: nextClient(),
    });
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('Kommende Veranstaltungen');
  });
});

describe('the contact form', () => {
  const message = {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    message: 'Do you have a table for six?',
  };

  it('mails the organizer, replies going to the sender, and thanks the sender on the page', async () => {
    const res = await contact('harbour-club', { ...message, website: '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you, your message has been sent.');
    expect(res.body).not.toContain('<form');
    await kit.deliverMail();
    const [mail, ...more] = kit.smtp.to(CONTACT);
    expect(more).toEqual([]);
    expect(mail?.replyTo).toEqual(['grace@example.com']);
    expect(mail?.from.name).toBe('Grace Hopper');
    expect(mail?.subject).toBe('Message from Grace Hopper via your page on Tessera');
    expect(mail?.text).toContain('Do you have a table for six?');
  });

  it('writes to the organizer in the account owner’s language', async () => {
    const inbox = 'bureau@example.com';
    const me = await kit.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${rival.token}` },
      payload: { locale: 'de' },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect((await put(rival, rivalOrganizerId, { slug: 'hafen-buero', email: inbox })).statusCode).toBe(200);
    expect((await contact('hafen-buero', message)).statusCode).toBe(200);
    await kit.deliverMail();
    const [mail] = kit.smtp.to(inbox);
    expect(mail?.subject).toBe('Nachricht von Grace Hopper über Ihre Seite auf Tessera');
    expect(mail?.text).toContain('Do you have a table for six?');
  });

  it('answers a filled honeypot like a success and sends nothing', async () => {
    const res = await contact('harbour-club', { ...message, website: 'https://spam.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you, your message has been sent.');
    await kit.deliverMail();
    expect(kit.smtp.to(CONTACT)).toHaveLength(1);
  });

  it('refuses what is not a message, on the page, sending nothing', async () => {
    const res = await contact('harbour-club', { name: 'X', email: 'not-an-address', message: '' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Please fill in your name');
    await kit.deliverMail();
    expect(kit.smtp.to(CONTACT)).toHaveLength(1);
  });

  it('is limited per client address, then per organizer', async () => {
    const client = nextClient();
    for (let i = 0; i < 3; i++) expect((await contact('harbour-club', message, client)).statusCode).toBe(200);
    const refused = await contact('harbour-club', message, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many messages were sent.');
    // Ten a minute for the organizer, from anywhere: six were counted above (the refused one not).
    for (let i = 0; i < 4; i++) expect((await contact('harbour-club', message)).statusCode).toBe(200);
    expect((await contact('harbour-club', message)).statusCode).toBe(429);
    await kit.deliverMail();
    expect(kit.smtp.to(CONTACT)).toHaveLength(1 + 3 + 4);
  });

  it('answers odd bodies with a 4xx, never a 5xx (the limits used up or not)', async () => {
    const odd = [
      { type: 'application/json', body: JSON.stringify({ name: ['a'], email: {}, message: 1 }) },
      { type: 'application/x-www-form-urlencoded', body: '%%%&name=%ZZ' },
      { type: 'text/plain', body: 'hello' },
      { type: 'application/x-www-form-urlencoded', body: `message=${'x'.repeat(20_000)}` },
    ];
    for (const { type, body } of odd) {
      const res = await kit.app.inject({
        method: 'POST',
        url: '/o/harbour-club/contact',
        remoteAddress: nextClient(),
        headers: { 'content-type': type },
        payload: body,
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
    }
    const elsewhere = await contact('nobody-here', { name: 'A', email: 'a@example.com', message: 'Hi' });
    expect(elsewhere.statusCode).toBe(404);
  });
});
