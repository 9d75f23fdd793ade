import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';

// Whether and when each attendee was checked in, in the organizer's list and in its exports.

let t: TestApp;
let owner: Owner;
let eventId: number;
let seat: number;

const api = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}${url}`,
    headers: { authorization: `Bearer ${owner.token}`, ...headers },
  });
const door = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/public/check-in-lists/${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Door night',
    start_date: '2031-05-01T20:00:00Z',
  });
  eventId = event.id;
  seat = tickets[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

type Listed = { first_name: string; checked_in_at: string | null };

describe('checked in, for the organizer', () => {
  it('shows the time of the check-in that stands, in the list and in the CSV and XLSX exports', async () => {
    const order = await makeOrder(t.app, {
      eventId,
      lines: [{ ticket_id: seat, quantity: 2 }],
      buyer: 'Bea',
      attendees: ['Ana', 'Rui'],
    });
    const [ana] = order.attendees;
    if (!ana) throw new Error('no attendee');
    const list = await makeCheckInList(t.app, owner, { eventId, name: 'Main door', ticket_ids: [seat] });
    const names = async () =>
      Object.fromEntries(
        ((await api('/attendees?sort_by=first_name')).json().data as Listed[]).map((a) => [
          a.first_name,
          a.checked_in_at,
        ]),
      );
    expect(await names()).toEqual({ Ana: null, Rui: null });

    // Checked in offline at the door: the device's time is the time of the check-in.
    const scannedAt = new Date(Date.now() - 7 * 60_000);
    scannedAt.setMilliseconds(0);
    const scanned = await door('POST', `${list.short_id}/check-ins`, {
      ticket_code: ana.ticket_code,
      nonce: 'offline-scan-0001',
      scanned_at: scannedAt.toISOString(),
      device: 'Door 1',
    });
    expect(scanned.statusCode, scanned.body).toBe(201);
    const at = scanned.json().check_in.checked_in_at as string;
    expect(at).toBe(scannedAt.toISOString());
    expect(await names()).toEqual({ Ana: at, Rui: null });
    const anaId = ((await api('/attendees?query=ana')).json().data as { id: number }[])[0]?.id;
    const one = await api(`/attendees/${anaId}`);
    expect(one.json().checked_in_at).toBe(at);

    // An undone check-in does not count.
    const undone = await door('DELETE', `${list.short_id}/check-ins/${scanned.json().check_in.id}`);
    expect(undone.statusCode).toBe(200);
    expect(await names()).toEqual({ Ana: null, Rui: null });
    const again = await door('POST', `${list.short_id}/check-ins`, { ticket_code: ana.ticket_code });
    const againAt = again.json().check_in.checked_in_at as string;
    expect(await names()).toEqual({ Ana: againAt, Rui: null });

    const csv = await api('/attendees/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(4, 7)).toEqual(['Status', 'Checked in', 'Checked in at (UTC)']);
    const row = (name: string) => lines.find((line) => line.includes(`,${name},`))?.split(',') ?? [];
    expect(row('Ana').slice(4, 7)).toEqual(['ACTIVE', 'Yes', againAt]);
    expect(row('Rui').slice(4, 7)).toEqual(['ACTIVE', 'No', '']);

    const german = await api('/attendees/export?format=csv', { cookie: 'tessera_locale=de' });
    expect(german.body.split('\r\n')[0]).toContain('Eingecheckt,Eingecheckt um (UTC)');
    const xlsx = await api('/attendees/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const { strFromU8, unzipSync } = await import('fflate');
    const sheet = strFromU8(
      unzipSync(new Uint8Array(xlsx.rawPayload))['xl/worksheets/sheet1.xml'] as Uint8Array,
    );
    expect(sheet).toContain('<t xml:space="preserve">Checked in at (UTC)</t>');
    expect(sheet).toContain(`<t xml:space="preserve">${againAt}</t>`);
  });
});
