import { execFileSync } from 'node:child_process';
import { createHash, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTicketHolderResponse } from '../../../common/public-attendees';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeOrder, makeTicket, setEventStatus } from '../../test/builders';
import {
  KIT_ISSUER_ID,
  KIT_PASS_TYPE_ID,
  KIT_SERVICE_ACCOUNT,
  KIT_TEAM_ID,
  makeWalletKit,
  type WalletKit,
} from '../../test/wallet-kit';

// Tickets in Apple and Google Wallet (decision 032), with credentials made here: a certificate
// authority standing in for Apple's WWDR, the Pass Type ID certificate it issued, and an RSA key
// standing in for a Google service account's. The pass's signature is checked by the openssl
// command, not by the library that made it.

let kit: WalletKit;
let t: TestApp;
let bare: TestApp;
let eventId: number;
let otherEventId: number;
let free: number;
let paid: number;
let bareTicket: string;

beforeAll(async () => {
  kit = makeWalletKit({ passphrase: 'door opens at seven' });
  t = await createTestApp({ env: kit.env });
  const owner = await makeAccount(t.app);
  const event = await makeEvent(t.app, owner, {
    title: 'Harbour Lights',
    start_date: '2031-05-01T18:00:00Z',
    end_date: '2031-05-01T22:00:00Z',
    timezone: 'Europe/Lisbon',
    location: { venue_name: 'Teatro do Cais', address_line_1: 'Rua da Ribeira 1', city: 'Lisboa' },
    settings: {
      homepage_primary_color: '#112233',
      homepage_content_background_color: '#fafafa',
      offline_payments_enabled: true,
      ticket_page_message: 'Doors open at 18:30.',
    },
  });
  eventId = event.id;
  free = (await makeTicket(t.app, owner, { eventId, title: 'Standing', type: 'FREE' })).id;
  paid = (await makeTicket(t.app, owner, { eventId, title: 'Balcony', type: 'PAID', price: 1500 })).id;
  await setEventStatus(t.app, owner, { id: eventId, status: 'LIVE' });
  const other = await makeEvent(t.app, owner, { title: 'Another night' });
  otherEventId = (await setEventStatus(t.app, owner, { id: other.id, status: 'LIVE' })).id;

  bare = await createTestApp();
  const bareOwner = await makeAccount(bare.app);
  const bareEvent = await makeEvent(bare.app, bareOwner, { title: 'No wallets here' });
  const bareFree = (await makeTicket(bare.app, bareOwner, { eventId: bareEvent.id, type: 'FREE' })).id;
  await setEventStatus(bare.app, bareOwner, { id: bareEvent.id, status: 'LIVE' });
  const bareOrder = await makeOrder(bare.app, {
    eventId: bareEvent.id,
    lines: [{ ticket_id: bareFree, quantity: 1 }],
  });
  bareTicket = `/api/public/events/${bareEvent.id}/attendees/${bareOrder.attendees[0]?.short_id}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

const ticketUrl = (shortId: string, event = eventId) => `/api/public/events/${event}/attendees/${shortId}`;
const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

async function holder(shortId: string): Promise<PublicTicketHolderResponse> {
  const res = await get(t, ticketUrl(shortId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A completed order of the free ticket, one attendee per name. */
async function tickets(...names: string[]): Promise<string[]> {
  const order = await makeOrder(t.app, {
    eventId,
    lines: [{ ticket_id: free, quantity: names.length }],
    attendees: names,
  });
  expect(order.status).toBe('COMPLETED');
  return order.attendees.map((a) => a.short_id);
}

/** A free ticket bought in Chinese: the page's language is the order's. */
async function chineseTicket(): Promise<string> {
  const headers = { 'accept-language': 'zh-CN,zh;q=0.9' };
  const base = `/api/public/events/${eventId}/orders`;
  const reserved = await t.app.inject({
    method: 'POST',
    url: base,
    headers,
    payload: { tickets: [{ ticket_id: free, quantity: 1 }] },
  });
  expect(reserved.statusCode, reserved.body).toBe(201);
  const shortId = reserved.json().short_id;
  const person = { first_name: 'Li', last_name: 'Wei', email: 'li.wei@example.com' };
  const details = await t.app.inject({
    method: 'PUT',
    url: `${base}/${shortId}`,
    headers,
    payload: { ...person, attendees: [{ ticket_id: free, ...person }] },
  });
  expect(details.statusCode, details.body).toBe(200);
  const done = await t.app.inject({
    method: 'POST',
    url: `${base}/${shortId}/complete`,
    headers,
    payload: {},
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().attendees[0].short_id;
}

interface Pass {
  files: Record<string, Uint8Array>;
  json: Record<string, unknown> & {
    eventTicket: Record<string, { key: string; label?: string; value: string }[]>;
    barcodes: { message: string; format: string }[];
  };
}

async function applePass(shortId: string, event = eventId): Promise<Pass> {
  const res = await get(t, `${ticketUrl(shortId, event)}/wallet.pkpass`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pkpass"$/);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  const passJson = files['pass.json'];
  if (!passJson) throw new Error(`no pass.json among ${Object.keys(files).join(', ')}`);
  return { files, json: JSON.parse(Buffer.from(passJson).toString('utf8')) };
}

const field = (pass: Pass, key: string) =>
  Object.values(pass.json.eventTicket)
    .flat()
    .find((f) => f.key === key);

/** `openssl cms -verify` of the signature over the manifest, against the stand-in WWDR only. */
function opensslVerifies(files: Record<string, Uint8Array>, manifest = files['manifest.json']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-pkpass-'));
  try {
    writeFileSync(path.join(dir, 'manifest.json'), manifest ?? new Uint8Array());
    writeFileSync(path.join(dir, 'signature'), files.signature ?? new Uint8Array());
    writeFileSync(path.join(dir, 'ca.pem'), kit.caPem);
    // No system trust store: the signer must chain to this CA and nothing else.
    const args = [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
    ];
    execFileSync(
      'openssl',
      [...args, '-CAfile', 'ca.pem', '-no-CApath', '-purpose', 'any', '-signer', 'signer.pem', '-out', 'out'],
      { cwd: dir, stdio: 'pipe' },
    );
    return { signer: readFileSync(path.join(dir, 'signer.pem'), 'utf8') };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('an Apple Wallet pass', () => {
  it('is a zip of pass.json, the icons, a manifest of every file’s SHA-1 and a signature over it', async () => {
    const [ana] = await tickets('Ana');
    const { files } = await applePass(ana ?? '');
    expect(Object.keys(files).sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'icon@3x.png',
      'manifest.json',
      'pass.json',
      'signature',
    ]);
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8'));
    const listed = Object.entries(files).filter(([name]) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.map(([name]) => name).sort());
    for (const [name, content] of listed) {
      expect(manifest[name], name).toBe(createHash('sha1').update(content).digest('hex'));
    }
    const icon = files['icon.png'] ?? new Uint8Array();
    expect(Buffer.from(icon.subarray(1, 4)).toString('latin1')).toBe('PNG');

    const verified = opensslVerifies(files);
    expect(verified, 'openssl cms -verify refused the signature').not.toBeNull();
    const signer = new X509Certificate(verified?.signer ?? '');
    expect(signer.fingerprint256).toBe(new X509Certificate(kit.env.WALLET_APPLE_CERT ?? '').fingerprint256);
    // The same check fails on a manifest that is not the one signed.
    const altered = Buffer.from(JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
    expect(opensslVerifies(files, altered)).toBeNull();
  });

  it('carries the event, the holder, the QR code the door scans, one serial per ticket, and the event’s colours', async () => {
    const [ana, rui] = await tickets('Ana', 'Rui');
    const pass = await applePass(ana ?? '');
    const ticket = await holder(ana ?? '');
    expect(pass.json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: KIT_PASS_TYPE_ID,
      teamIdentifier: KIT_TEAM_ID,
      description: 'Ticket for Harbour Lights',
      backgroundColor: 'rgb(17, 34, 51)',
      foregroundColor: 'rgb(250, 250, 250)',
    });
    expect(pass.json.barcodes[0]).toMatchObject({ message: ticket.ticket_code, format: 'PKBarcodeFormatQR' });
    expect(new Date(String(pass.json.relevantDate)).toISOString()).toBe('2031-05-01T18:00:00.000Z');
    expect(field(pass, 'event')).toMatchObject({ label: 'Event', value: 'Harbour Lights' });
    expect(field(pass, 'attendee')).toMatchObject({ label: 'Attendee', value: 'Ana Silva' });
    expect(field(pass, 'ticket')?.value).toBe('Standing');
    expect(field(pass, 'order')?.value).toBe(ticket.order_reference);
    // 18:00 UTC is 19:00 in Lisbon's summer time.
    expect(field(pass, 'when')?.value).toMatch(/May 1, 2031.*7:00\sPM/);
    expect(field(pass, 'where')?.value).toBe('Teatro do Cais, Rua da Ribeira 1, Lisboa');
    expect(field(pass, 'page')?.value).toBe(`${t.app.config.appUrl}/ticket/${eventId}/${ana}`);

    const other = await applePass(rui ?? '');
    expect(field(other, 'attendee')?.value).toBe('Rui Silva');
    expect(other.json.serialNumber).not.toBe(pass.json.serialNumber);
    expect(other.json.barcodes[0]?.message).toBe((await holder(rui ?? '')).ticket_code);
  });

  it('speaks the order’s language', async () => {
    const pass = await applePass(await chineseTicket());
    expect(field(pass, 'event')).toMatchObject({ label: '活动', value: 'Harbour Lights' });
    expect(field(pass, 'attendee')).toMatchObject({ label: '参会者', value: 'Li Wei' });
    expect(field(pass, 'when')?.label).toBe('时间');
    expect(pass.json.description).toBe('Harbour Lights 的门票');
  });
});

/** The token of a save link, its signature checked with the public half of the kit's key. */
function saveToken(location: string | undefined) {
  expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  const [header, claims, signature] = (location ?? '').split('/').at(-1)?.split('.') ?? [];
  const signed = Buffer.from(`${header}.${claims}`);
  const valid = verify('sha256', signed, kit.googlePublicKey, Buffer.from(signature ?? '', 'base64url'));
  const decode = (part = '') => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return { valid, header: decode(header), claims: decode(claims) };
}

describe('a Google Wallet save link', () => {
  it('sends the holder to Google with the ticket in a token signed by the service account', async () => {
    const [ana] = await tickets('Ana');
    const res = await get(t, `${ticketUrl(ana ?? '')}/wallet/google`);
    expect(res.statusCode, res.body).toBe(302);
    const { valid, header, claims } = saveToken(res.headers.location);
    expect(valid).toBe(true);
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(claims).toMatchObject({
      iss: KIT_SERVICE_ACCOUNT,
      aud: 'google',
      typ: 'savetowallet',
      origins: [t.app.config.appUrl],
    });
    const ticket = await holder(ana ?? '');
    const classId = `${KIT_ISSUER_ID}.event-${eventId}`;
    expect(claims.payload.eventTicketClasses).toEqual([
      expect.objectContaining({
        id: classId,
        eventName: { defaultValue: { language: 'en', value: 'Harbour Lights' } },
        dateTime: { start: '2031-05-01T19:00:00+01:00', end: '2031-05-01T23:00:00+01:00' },
        venue: {
          name: { defaultValue: { language: 'en', value: 'Teatro do Cais' } },
          address: { defaultValue: { language: 'en', value: 'Teatro do Cais, Rua da Ribeira 1, Lisboa' } },
        },
        hexBackgroundColor: '#112233',
      }),
    ]);
    expect(claims.payload.eventTicketObjects).toEqual([
      expect.objectContaining({
        id: `${KIT_ISSUER_ID}.attendee-${ana}`,
        classId,
        ticketHolderName: 'Ana Silva',
        barcode: expect.objectContaining({ type: 'QR_CODE', value: ticket.ticket_code }),
        reservationInfo: { confirmationCode: ticket.order_reference },
      }),
    ]);
  });
});

describe('the ticket design on a pass (decision 059)', () => {
  it('takes the accent as the card’s colour with readable text, and the free text and footer on the back', async () => {
    const owner = await makeAccount(t.app);
    const event = await makeEvent(t.app, owner, {
      title: 'Lantern Night',
      settings: {
        homepage_primary_color: '#112233',
        ticket_design: {
          show_logo: true,
          accent_color: '#ffd43b',
          show_price: true,
          show_buyer: false,
          question_ids: [],
          free_text: 'Bring a lantern.',
          footer: 'Run by the Riverside Club.',
        },
      },
    });
    const ticketId = (await makeTicket(t.app, owner, { eventId: event.id, type: 'FREE' })).id;
    await setEventStatus(t.app, owner, { id: event.id, status: 'LIVE' });
    const order = await makeOrder(t.app, {
      eventId: event.id,
      lines: [{ ticket_id: ticketId, quantity: 1 }],
    });
    const shortId = order.attendees[0]?.short_id ?? '';

    const pass = await applePass(shortId, event.id);
    // A light yellow takes the dark ink, not the page's light content colour.
    expect(pass.json).toMatchObject({
      backgroundColor: 'rgb(255, 212, 59)',
      foregroundColor: 'rgb(31, 33, 51)',
      labelColor: 'rgb(31, 33, 51)',
    });
    expect(field(pass, 'design-text')?.value).toBe('Bring a lantern.');
    expect(field(pass, 'design-footer')?.value).toBe('Run by the Riverside Club.');

    const res = await get(t, `${ticketUrl(shortId, event.id)}/wallet/google`);
    expect(res.statusCode, res.body).toBe(302);
    const { claims } = saveToken(res.headers.location);
    expect(claims.payload.eventTicketClasses[0].hexBackgroundColor).toBe('#ffd43b');
  });
});

describe('which tickets get a pass', () => {
  const routes = ['/wallet.pkpass', '/wallet/google'];

  it('are said on the ticket: both wallets here, none on a server without their settings', async () => {
    const [ana] = await tickets('Ana');
    expect((await holder(ana ?? '')).wallet).toEqual({ apple: true, google: true });
    const plain = await get(bare, bareTicket);
    expect(plain.json().wallet).toEqual({ apple: false, google: false });
    for (const route of routes) {
      const res = await get(bare, `${bareTicket}${route}`);
      expect(res.statusCode, route).toBe(404);
      expect(res.json().code).toBe('WALLET_NOT_CONFIGURED');
    }
  });

  it('are only the ticket page’s own: another event’s link, an unfinished checkout or a made-up id get its 404', async () => {
    const [ana] = await tickets('Ana');
    const unfinished = await makeOrder(t.app, {
      eventId,
      lines: [{ ticket_id: free, quantity: 1 }],
      until: 'details',
    });
    const cases = [
      ticketUrl(ana ?? '', otherEventId),
      ticketUrl(unfinished.attendees[0]?.short_id ?? ''),
      ticketUrl('A'.repeat(22)),
    ];
    for (const url of cases) {
      const page = await get(t, url);
      expect(page.statusCode, url).toBe(404);
      for (const route of routes) {
        const res = await get(t, `${url}${route}`);
        expect(res.statusCode, `${url}${route}`).toBe(404);
        expect(res.json().code).toBe(page.json().code);
      }
    }
  });

  it('leave out a ticket that does not let its holder in yet: its order waits for payment', async () => {
    const owing = await makeOrder(t.app, {
      eventId,
      lines: [{ ticket_id: paid, quantity: 1 }],
      until: 'offline',
    });
    expect(owing.status).toBe('AWAITING_PAYMENT');
    const shortId = owing.attendees[0]?.short_id ?? '';
    expect((await holder(shortId)).order_status).toBe('AWAITING_PAYMENT');
    for (const route of routes) {
      const res = await get(t, `${ticketUrl(shortId)}${route}`);
      expect(res.statusCode, route).toBe(409);
      expect(res.json().code).toBe('WALLET_TICKET_NOT_VALID');
    }
  });
});
