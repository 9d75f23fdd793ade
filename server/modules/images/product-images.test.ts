import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageResponse } from '../../../common/images';
import { uploadsDir } from '../../storage';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeTicket, type Owner } from '../../test/builders';
import { imageUpload, pngImage } from '../../test/uploads';

// A product's picture (issue 37): one per product, shown to buyers with the event's images unless
// the product is hidden, gone with the product, and copied with it when the event is duplicated.

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });

async function upload(eventId: number, fields: Parameters<typeof imageUpload>[0]) {
  const { payload, contentType } = imageUpload(fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/images`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
    payload,
  });
}

async function picture(eventId: number, ticketId: number, size = 400): Promise<ImageResponse> {
  const res = await upload(eventId, {
    type: 'PRODUCT',
    ticket_id: ticketId,
    image: { body: await pngImage(size, size), filename: 'shirt.png' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const onDisk = (url: string) =>
  existsSync(path.join(uploadsDir(t.app.config.dataDir), url.replace('/uploads/', '')));

async function shopEvent(title: string) {
  const event = await makeEvent(t.app, owner, { title, start_date: '2031-05-01T18:00:00Z' });
  const shirt = await makeTicket(t.app, owner, { eventId: event.id, kind: 'PRODUCT', title: 'T-shirt' });
  const entry = await makeTicket(t.app, owner, { eventId: event.id, title: 'Entry' });
  return { event, shirt, entry };
}

async function publicImages(eventId: number): Promise<ImageResponse[]> {
  await call('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().images;
}

describe('a product’s picture', () => {
  it('is one per product, named by its product, and shown to buyers unless the product is hidden', async () => {
    const { event, shirt } = await shopEvent('Harbour Fair');
    const first = await picture(event.id, shirt.id);
    expect(first).toMatchObject({ type: 'PRODUCT', ticket_id: shirt.id, width: 400, height: 400 });
    const second = await picture(event.id, shirt.id, 500);
    const listed = (await call('GET', `/api/events/${event.id}/images`)).json().data as ImageResponse[];
    expect(listed.map((i) => i.id)).toEqual([second.id]);
    expect(onDisk(first.url)).toBe(false);
    expect(onDisk(second.url)).toBe(true);

    expect((await publicImages(event.id)).map((i) => [i.type, i.ticket_id])).toEqual([['PRODUCT', shirt.id]]);
    const hidden = await call('PUT', `/api/events/${event.id}/tickets/${shirt.id}`, {
      kind: 'PRODUCT',
      title: 'T-shirt',
      type: 'FREE',
      is_hidden: true,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await publicImages(event.id)).toEqual([]);
  });

  it('refuses a ticket, another event’s product, a missing product and a product on the event’s images', async () => {
    const { event, shirt, entry } = await shopEvent('Dock Market');
    const other = await shopEvent('Elsewhere');
    const body = { body: await pngImage(400, 400), filename: 'p.png' };
    const cases: [Parameters<typeof imageUpload>[0], string][] = [
      [{ type: 'PRODUCT', ticket_id: entry.id, image: body }, 'This value is not valid.'],
      [{ type: 'PRODUCT', ticket_id: other.shirt.id, image: body }, 'This value is not valid.'],
      [{ type: 'PRODUCT', ticket_id: 'abc', image: body }, 'This value is not valid.'],
      [{ type: 'PRODUCT', image: body }, 'This field is required.'],
      [{ type: 'EVENT_COVER', ticket_id: shirt.id, image: body }, 'This value is not valid.'],
    ];
    for (const [fields, message] of cases) {
      const res = await upload(event.id, fields);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ ticket_id: [message] });
    }
    const small = await upload(event.id, {
      type: 'PRODUCT',
      ticket_id: shirt.id,
      image: { body: await pngImage(199, 300), filename: 's.png' },
    });
    expect(small.json().errors).toEqual({ image: ['The image must be at least 200 × 200 pixels.'] });
    expect((await call('GET', `/api/events/${event.id}/images`)).json().data).toEqual([]);
  });

  it('goes with its product, files and all', async () => {
    const { event, shirt } = await shopEvent('Quay Shop');
    const image = await picture(event.id, shirt.id);
    const deleted = await call('DELETE', `/api/events/${event.id}/tickets/${shirt.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', `/api/events/${event.id}/images`)).json().data).toEqual([]);
    expect(onDisk(image.url)).toBe(false);
    expect(image.variants.every((v) => !onDisk(v.url))).toBe(true);
  });

  it('is copied, with the cover, into a duplicate that copies the products, as files of its own', async () => {
    const { event, shirt } = await shopEvent('Pier Days');
    const cover = await upload(event.id, {
      type: 'EVENT_COVER',
      image: { body: await pngImage(1200, 600), filename: 'cover.png' },
    });
    expect(cover.statusCode, cover.body).toBe(201);
    await picture(event.id, shirt.id);

    const copy = (await call('POST', `/api/events/${event.id}/duplicate`, { title: 'Pier Days II' })).json();
    const copied = (await call('GET', `/api/events/${copy.id}/images`)).json().data as ImageResponse[];
    const copiedShirt = (await call('GET', `/api/events/${copy.id}/tickets`))
      .json()
      .data.find((x: { title: string }) => x.title === 'T-shirt');
    expect(copied.map((i) => [i.type, i.ticket_id])).toEqual([
      ['EVENT_COVER', null],
      ['PRODUCT', copiedShirt.id],
    ]);
    for (const image of copied) {
      expect(onDisk(image.url)).toBe(true);
      expect(image.variants.every((v) => onDisk(v.url))).toBe(true);
    }
    // The original's files are its own: deleting them leaves the copy's.
    const originalCover = cover.json() as ImageResponse;
    expect((await call('DELETE', `/api/events/${event.id}/images/${originalCover.id}`)).statusCode).toBe(204);
    expect(onDisk(copied[0]?.url ?? '')).toBe(true);

    const bare = (
      await call('POST', `/api/events/${event.id}/duplicate`, { copy_images: false, title: 'Bare' })
    ).json();
    expect((await call('GET', `/api/events/${bare.id}/images`)).json().data).toEqual([]);
    const noProducts = (
      await call('POST', `/api/events/${event.id}/duplicate`, { copy_tickets: false, title: 'Plain' })
    ).json();
    expect((await call('GET', `/api/events/${noProducts.id}/images`)).json().data).toEqual([]);
  });
});
