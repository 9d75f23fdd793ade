import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventImages, orders } from '../../db/schema';
import {
  makeAccount,
  makeEvent,
  makeEventImage,
  makeLiveEvent,
  makeOrder,
  type Owner,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { message } from '../../test/messages';
import { pdfPagePixels } from '../../test/pdf';
import { makeWalletKit } from '../../test/wallet-kit';

// The event's logo where buyers meet the event after the page (decision 037): its PNG copy at a
// public address (for mails and Google Wallet), in the order and ticket answers (for the pages),
// on the PDF tickets, in Apple Wallet passes and at the top of the order, waiting-list and
// message mails.

const APP_URL = 'https://tickets.example.org';
const GREEN = { r: 0, g: 192, b: 0 };

let kit: IdentityKit;
let owner: Owner;
let eventId: number;
let ticketId: number;
let logoId: number;

/** A wide logo: a green bar on a transparent ground, 1200 × 300. */
const logoImage = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">
      <rect x="20" y="40" width="1160" height="220" rx="40" fill="rgb(${GREEN.r},${GREEN.g},${GREEN.b})"/>
    </svg>`),
  )
    .png()
    .toBuffer();

const get = (url: string) => kit.app.inject({ method: 'GET', url });

/** Runs the job queue until nothing is due: a job that queues mail, then the mail. */
async function deliverAll() {
  while ((await kit.deliverMail()) > 0) {
    // Each run may queue the next jobs (a waiting-list entry's mail, a message's sending).
  }
}

/** An order paid offline and marked paid: completed, its mails queued. */
async function paidOrder(email: string) {
  const placed = await makeOrder(kit.app, {
    eventId,
    email,
    lines: [{ ticket_id: ticketId, quantity: 1 }],
    until: 'offline',
  });
  const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, placed.short_id));
  const paid = await kit.as(owner.token, {
    method: 'POST',
    url: `/api/events/${eventId}/orders/${row?.id}/mark-paid`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return placed;
}

beforeAll(async () => {
  kit = await createIdentityKit({ ...makeWalletKit().env, APP_URL });
  owner = await makeAccount(kit.app);
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Harbour Lights',
    settings: { offline_payments_enabled: true, homepage_primary_color: '#112233' },
    tickets: [{ title: 'Deck', type: 'PAID', price: 1500, tax_and_fee_ids: [] }],
  });
  eventId = event.id;
  ticketId = tickets[0]?.id ?? 0;
  logoId = (await makeEventImage(kit.app, owner, { eventId, type: 'EVENT_LOGO', body: await logoImage() }))
    .id;
}, 60_000);
afterAll(async () => {
  await kit?.close();
});

describe('the logo’s PNG copy', () => {
  it('is made at upload and served to anyone, from any site, for an event that is not a draft', async () => {
    const res = await get(`/api/public/events/${eventId}/logo.png?v=${logoId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // A webmail shows it from its own origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const png = await sharp(res.rawPayload).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', 640, 160]);
    // The image list of the settings page is unchanged: WebP widths only.
    const images = await kit.as(owner.token, { method: 'GET', url: `/api/events/${eventId}/images` });
    const logo = images.json().data.find((i: { type: string }) => i.type === 'EVENT_LOGO');
    expect(logo.variants.map((v: { url: string }) => v.url.endsWith('.webp'))).toEqual([true, true, true]);

    const draft = await makeEvent(kit.app, owner, { title: 'Not public yet' });
    await makeEventImage(kit.app, owner, { eventId: draft.id, type: 'EVENT_LOGO', body: await logoImage() });
    expect((await get(`/api/public/events/${draft.id}/logo.png`)).statusCode).toBe(404);
    const { event: plain } = await makeLiveEvent(kit.app, owner, { title: 'No logo' });
    expect((await get(`/api/public/events/${plain.id}/logo.png`)).statusCode).toBe(404);
  });

  it('is made once, from the original, for a logo uploaded before copies were made', async () => {
    const { event } = await makeLiveEvent(kit.app, owner, { title: 'Older upload' });
    const image = await makeEventImage(kit.app, owner, {
      eventId: event.id,
      type: 'EVENT_LOGO',
      body: await logoImage(),
    });
    const withoutCopy = image.variants.filter((v) => v.format !== 'png');
    await kit.app.db.update(eventImages).set({ variants: withoutCopy }).where(eq(eventImages.id, image.id));
    const png = image.variants.find((v) => v.format === 'png');
    await kit.app.storage.delete(png?.key ?? '');

    const res = await get(`/api/public/events/${event.id}/logo.png`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 640, height: 160 });
    const [row] = await kit.app.db.select().from(eventImages).where(eq(eventImages.id, image.id));
    expect(row?.variants.filter((v) => v.format === 'png')).toEqual([
      { width: 640, height: 160, key: png?.key, format: 'png' },
    ]);
  });
});

describe('the logo after the event page', () => {
  it('comes with the order and the ticket, for their pages', async () => {
    const logo = { url: `/api/public/events/${eventId}/logo.png?v=${logoId}`, width: 640, height: 160 };
    const reserved = await kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/orders`,
      payload: { tickets: [{ ticket_id: ticketId, quantity: 1 }] },
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    expect(reserved.json().event.logo).toEqual(logo);
    const order = await paidOrder('pages@example.com');
    const shown = await get(`/api/public/events/${eventId}/orders/${order.short_id}`);
    expect(shown.json().event.logo).toEqual(logo);
    const ticket = await get(`/api/public/events/${eventId}/attendees/${order.attendees[0]?.short_id}`);
    expect(ticket.json().event.logo).toEqual(logo);
  });

  it('is printed on the PDF tickets, on a white card at the top right of the band', async () => {
    const order = await paidOrder('pdf@example.com');
    const res = await get(`/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const [page] = await pdfPagePixels(res.rawPayload);
    if (!page) throw new Error('no page');
    // At 72 dpi a pixel is a point: the band is the top 168, the logo at most 150 × 56 on its right.
    let green = 0;
    let elsewhere = 0;
    for (let y = 0; y < page.height; y++)
      for (let x = 0; x < page.width; x++) {
        const at = (y * page.width + x) * 3;
        const [r = 0, g = 0, b = 0] = page.data.subarray(at, at + 3);
        if (Math.abs(r - GREEN.r) + Math.abs(g - GREEN.g) + Math.abs(b - GREEN.b) > 40) continue;
        if (y < 168 && x > page.width - 48 - 150 - 10) green++;
        else elsewhere++;
      }
    // 150 × 37.5 points of logo, most of it the green bar.
    expect(green).toBeGreaterThan(3000);
    expect(elsewhere).toBe(0);
  });

  it('goes into Apple Wallet passes as their logo, and into Google Wallet’s class by its address', async () => {
    const order = await paidOrder('wallet@example.com');
    const ticketUrl = `/api/public/events/${eventId}/attendees/${order.attendees[0]?.short_id}`;
    const pass = await get(`${ticketUrl}/wallet.pkpass`);
    expect(pass.statusCode, pass.body).toBe(200);
    const files = unzipSync(new Uint8Array(pass.rawPayload));
    const sizes = await Promise.all(
      ['logo.png', 'logo@2x.png', 'logo@3x.png'].map(async (name) => {
        const file = files[name];
        if (!file) return [name, null];
        const { width, height } = await sharp(Buffer.from(file)).metadata();
        return [name, `${width}×${height}`];
      }),
    );
    // Wallet's logo box is 160 × 50 points; the 4:1 logo fits it by its width.
    expect(sizes).toEqual([
      ['logo.png', '160×40'],
      ['logo@2x.png', '320×80'],
      ['logo@3x.png', '480×120'],
    ]);
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? new Uint8Array()).toString('utf8'));
    expect(Object.keys(manifest)).toEqual(expect.arrayContaining(['logo.png', 'logo@2x.png', 'logo@3x.png']));

    const google = await get(`${ticketUrl}/wallet/google`);
    expect(google.statusCode, google.body).toBe(302);
    const token = google.headers.location?.split('/').at(-1)?.split('.')[1] ?? '';
    const claims = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    const image = {
      sourceUri: { uri: `${APP_URL}/api/public/events/${eventId}/logo.png?v=${logoId}` },
      contentDescription: { defaultValue: { language: 'en', value: 'Logo of Harbour Lights' } },
    };
    expect(claims.payload.eventTicketClasses[0]).toMatchObject({ logo: image, wideLogo: image });
  });

  it('heads the order, ticket and refund mails, by its https address, sized, with its alt text', async () => {
    const order = await paidOrder('mail.logo@example.com');
    const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, order.short_id));
    const refund = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${eventId}/orders/${row?.id}/offline-refunds`,
      payload: { amount: 500, note: 'A seat without a view' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await kit.deliverMail();
    const mails = kit.smtp.to('mail.logo@example.com');
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toEqual(
      // The buyer holds the ticket: it comes in the order's mail (one mail per person, decision 035).
      expect.arrayContaining(['Your order for Harbour Lights', `Refund for your order ${order.reference}`]),
    );
    const img = `<img src="${APP_URL}/api/public/events/${eventId}/logo.png?v=${logoId}" alt="Logo of Harbour Lights" width="240" height="60"`;
    for (const mail of mails) expect(mail.html, mail.subject).toContain(img);
  });

  it('heads the waiting list’s mails and the organizer’s messages to attendees too', async () => {
    const { event, tickets } = await makeLiveEvent(kit.app, owner, {
      title: 'Quayside Choir',
      settings: { waitlist_enabled: true },
      tickets: [{ title: 'Bench', type: 'FREE', quantity_available: 1 }],
    });
    const bench = tickets[0]?.id ?? 0;
    const image = await makeEventImage(kit.app, owner, {
      eventId: event.id,
      type: 'EVENT_LOGO',
      body: await logoImage(),
    });
    const sold = await makeOrder(kit.app, {
      eventId: event.id,
      email: 'choir.holder@example.com',
      lines: [{ ticket_id: bench, quantity: 1 }],
    });
    kit.app.publicReads.forget();
    const joined = await kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/waitlist`,
      payload: {
        ticket_id: bench,
        first_name: 'Wren',
        last_name: 'Hale',
        email: 'choir.waiting@example.com',
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const sent = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${event.id}/messages`,
      payload: message({ subject: 'Choir: doors open at 19:00', scope: { type: 'ALL_ATTENDEES' } }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await deliverAll();
    // The seat frees up: it is offered to the person waiting.
    const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, sold.short_id));
    const cancelled = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${event.id}/orders/${row?.id}/cancel`,
      payload: { notify_buyer: false },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliverAll();

    const img = `<img src="${APP_URL}/api/public/events/${event.id}/logo.png?v=${image.id}" alt="Logo of Quayside Choir" width="240" height="60"`;
    const waiting = kit.smtp.to('choir.waiting@example.com');
    expect(waiting.map((m) => m.subject).sort()).toEqual([
      'A ticket for Quayside Choir is waiting for you',
      'You are on the waiting list for Quayside Choir',
    ]);
    for (const mail of waiting) expect(mail.html, mail.subject).toContain(img);
    const [told] = kit.smtp
      .to('choir.holder@example.com')
      .filter((m) => m.subject === 'Choir: doors open at 19:00');
    expect(told?.html).toContain(img);
    // The logo takes the place of the event's title at the top; the body follows it.
    expect(told?.html.indexOf(img)).toBeLessThan(told?.html.indexOf('See you soon.') ?? 0);
  });
});
