import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { makeAccount, makeEvent, makeEventImage, setEventStatus } from '../test/builders';
import { startS3, type TestS3 } from '../test/s3';

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({
    env: {
      S3_BUCKET: 'tessera-test',
      S3_ENDPOINT: s3.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_PUBLIC_URL: 'https://cdn.example/tessera',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('S3-compatible storage', () => {
  it('puts uploads and their variants in the bucket with long cache headers, and deletes them', async () => {
    const owner = await makeAccount(t.app);
    const event = await makeEvent(t.app, owner, {
      title: 'Stored in S3',
      start_date: '2031-02-01T20:00:00Z',
    });
    const png = await sharp({ create: { width: 700, height: 350, channels: 3, background: '#222' } })
      .png()
      .toBuffer();
    const boundary = 'b';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nEVENT_COVER\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="c.png"\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/images`,
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image.url).toMatch(/^https:\/\/cdn\.example\/tessera\/events\/\d+\/[0-9a-f]{32}\/original\.png$/);
    const keys = [...s3.objects.keys()];
    expect(keys).toHaveLength(3);
    const original = s3.objects.get(`tessera-test/${image.url.replace('https://cdn.example/tessera/', '')}`);
    expect(original?.body.equals(png)).toBe(true);
    expect(original?.contentType).toBe('image/png');
    expect(original?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect([...s3.objects.values()].filter((o) => o.contentType === 'image/webp')).toHaveLength(2);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/images/${image.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect(s3.objects.size).toBe(0);
  });

  it('reads a logo back from the bucket to serve its PNG copy, and makes the copy of an older one there', async () => {
    const owner = await makeAccount(t.app);
    const event = await makeEvent(t.app, owner, { title: 'Logo in S3' });
    await setEventStatus(t.app, owner, { id: event.id, status: 'LIVE' });
    const logo = await sharp({ create: { width: 1000, height: 200, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const image = await makeEventImage(t.app, owner, { eventId: event.id, type: 'EVENT_LOGO', body: logo });
    const copy = image.variants.find((v) => v.format === 'png');
    expect(s3.objects.get(`tessera-test/${copy?.key}`)?.contentType).toBe('image/png');
    const served = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/logo.png` });
    expect(served.statusCode, served.body).toBe(200);
    expect(
      served.rawPayload.equals(s3.objects.get(`tessera-test/${copy?.key}`)?.body ?? Buffer.alloc(0)),
    ).toBe(true);
    // A copy gone from the bucket is made again from the original there.
    s3.objects.delete(`tessera-test/${copy?.key}`);
    const again = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/logo.png` });
    expect(again.statusCode, again.body).toBe(200);
    expect(await sharp(again.rawPayload).metadata()).toMatchObject({ width: 640, height: 128 });
    expect(s3.objects.has(`tessera-test/${copy?.key}`)).toBe(true);
  });
});
