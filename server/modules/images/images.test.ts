import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../storage';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, type Owner } from '../../test/builders';
import { imageUpload, pngImage } from '../../test/uploads';

let t: TestApp;
let owner: Owner;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  eventId = (await makeEvent(t.app, owner, { title: 'Pictures', start_date: '2031-01-01T20:00:00Z' })).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const png = (width: number, height: number) => pngImage(width, height);

async function upload(fields: Parameters<typeof imageUpload>[0], token = owner.token, id = eventId) {
  const { payload, contentType } = imageUpload(fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${id}/images`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

describe('event images', () => {
  it('stores a valid cover with WebP variants served with long cache headers', async () => {
    const res = await upload({
      image: { body: await png(1200, 600), filename: 'cover.png' },
      type: 'EVENT_COVER',
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ type: 'EVENT_COVER', width: 1200, height: 600 });
    expect(image.variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1200]);
    const variant = await t.app.inject({ method: 'GET', url: image.variants[0].url });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['cache-control']).toContain('immutable');
    const meta = await sharp(variant.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 200 });

    const list = await as(owner.token, { method: 'GET', url: `/api/events/${eventId}/images` });
    expect(list.json().data.map((i: { id: number }) => i.id)).toEqual([image.id]);
  });

  it('replaces the previous cover and deletes its files', async () => {
    const first = (
      await upload({ image: { body: await png(800, 400), filename: 'a.png' }, type: 'EVENT_COVER' })
    ).json();
    const second = (
      await upload({ image: { body: await png(900, 450), filename: 'b.png' }, type: 'EVENT_COVER' })
    ).json();
    const list = await as(owner.token, { method: 'GET', url: `/api/events/${eventId}/images` });
    expect(list.json().data.map((i: { id: number }) => i.id)).toEqual([second.id]);
    const dir = uploadsDir(t.app.config.dataDir);
    expect(existsSync(path.join(dir, first.url.replace('/uploads/', '')))).toBe(false);
    expect(existsSync(path.join(dir, second.url.replace('/uploads/', '')))).toBe(true);

    const deleted = await as(owner.token, {
      method: 'DELETE',
      url: `/api/events/${eventId}/images/${second.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(path.join(dir, second.url.replace('/uploads/', '')))).toBe(false);
  });

  it('refuses too small, too large, non-images, and files over 5 MB', async () => {
    const small = await upload({
      image: { body: await png(599, 300), filename: 's.png' },
      type: 'EVENT_COVER',
    });
    expect(small.json().errors).toEqual({ image: ['The image must be at least 600 × 300 pixels.'] });
    const narrowLogo = await upload({
      image: { body: await png(899, 100), filename: 'l.png' },
      type: 'EVENT_LOGO',
    });
    expect(narrowLogo.json().errors).toEqual({ image: ['The image must be at least 900 × 50 pixels.'] });
    const huge = await upload({
      image: { body: await png(4001, 1000), filename: 'h.png' },
      type: 'EVENT_COVER',
    });
    expect(huge.json().errors).toEqual({ image: ['The image must be at most 4000 × 4000 pixels.'] });
    const text = await upload({
      image: { body: Buffer.from('not really a picture'.repeat(100)), filename: 'fake.png' },
      type: 'EVENT_COVER',
    });
    expect(text.json().errors).toEqual({
      image: ['This file is not an image we can read. Use a JPEG, PNG, WebP or GIF file.'],
    });
    const overLimit = await upload({
      image: { body: Buffer.alloc(5 * 1024 * 1024 + 1, 7), filename: 'big.png' },
      type: 'EVENT_COVER',
    });
    expect(overLimit.statusCode).toBe(422);
    expect(overLimit.json().errors).toEqual({ image: ['The image must be 5 MB or smaller.'] });
    const missing = await upload({ type: 'BANNER' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['image', 'type']);
  });

  it('keeps other accounts out', async () => {
    const other = await makeAccount(t.app);
    const res = await upload(
      { image: { body: await png(1200, 600), filename: 'x.png' }, type: 'EVENT_COVER' },
      other.token,
    );
    expect(res.statusCode).toBe(404);
    expect((await as(other.token, { method: 'GET', url: `/api/events/${eventId}/images` })).statusCode).toBe(
      404,
    );
  });
});
