import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizers } from '../../db/schema';
import { UPLOADS_PREFIX } from '../../storage';
import { makeAccount, makeLiveEvent, makeOrganizer, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { imageUpload, pngImage } from '../../test/uploads';

// The homepage's design (decision 061): colours and font saved with the organizer, its logo and
// cover, the page written with them, and the designer's preview that writes nothing.

let kit: IdentityKit;
let owner: Owner;
let rival: Owner;
let organizerId = 0;
let rivalOrganizerId = 0;
let clients = 0;
const nextClient = () => `10.8.${Math.floor(++clients / 250)}.${clients % 250}`;

const as = (who: Owner) => ({ authorization: `Bearer ${who.token}` });
const put = (who: Owner, id: number, body: object) =>
  kit.app.inject({ method: 'PUT', url: `/api/organizers/${id}`, headers: as(who), payload: body });
const upload = async (
  who: Owner,
  { id, type, width, height }: { id: number; type: string; width: number; height: number },
) => {
  const form = imageUpload({
    type,
    image: {
      body: await pngImage(width, height, '#c2410c'),
      filename: 'picture.png',
      contentType: 'image/png',
    },
  });
  return kit.app.inject({
    method: 'POST',
    url: `/api/organizers/${id}/images`,
    headers: { ...as(who), 'content-type': form.contentType },
    payload: form.payload,
  });
};
const preview = (who: Owner, id: number, design: object) =>
  kit.app.inject({
    method: 'POST',
    url: `/api/organizers/${id}/homepage-preview`,
    headers: as(who),
    payload: { design },
  });
const stored = (url: string) => kit.app.storage.get(url.slice(UPLOADS_PREFIX.length));

beforeAll(async () => {
  // Few previews a minute, so that the test of the limit needs few pages.
  kit = await createIdentityKit({ PREVIEW_RATE_LIMIT_PER_MINUTE: '8' });
  owner = await makeAccount(kit.app);
  rival = await makeAccount(kit.app);
  organizerId = (await makeOrganizer(kit.app, owner)).id;
  rivalOrganizerId = (await makeOrganizer(kit.app, rival)).id;
  await makeLiveEvent(kit.app, owner, {
    organizer_id: organizerId,
    title: 'Lantern Walk',
    start_date: '2031-05-02T19:00:00Z',
  });
});
afterAll(() => kit.close());

describe('the design of an organizer', () => {
  it('starts with the defaults, saves a part and keeps the rest (partial writes merge)', async () => {
    const before = await kit.app.inject({
      method: 'GET',
      url: `/api/organizers/${organizerId}`,
      headers: as(owner),
    });
    expect(before.json().design).toEqual({
      background_color: '#f1f2f7',
      content_background_color: '#ffffff',
      primary_color: '#3b3fb6',
      secondary_color: '#0c6b58',
      text_color: '#1f2133',
      font: 'system',
    });
    const first = await put(owner, organizerId, { design: { primary_color: '#7A1F3D', font: 'serif' } });
    expect(first.statusCode).toBe(200);
    const second = await put(owner, organizerId, {
      design: { background_color: '#fdf6ec' },
      name: 'Lantern Guild',
    });
    expect(second.statusCode).toBe(200);
    const read = await kit.app.inject({
      method: 'GET',
      url: `/api/organizers/${organizerId}`,
      headers: as(owner),
    });
    expect(read.json()).toMatchObject({
      name: 'Lantern Guild',
      design: { primary_color: '#7a1f3d', font: 'serif', background_color: '#fdf6ec', text_color: '#1f2133' },
    });
  });

  it('refuses a bad colour or font with field errors, and writes nothing', async () => {
    const res = await put(owner, organizerId, {
      name: 'Should not be saved',
      design: { text_color: 'red', font: 'comic-sans' },
    });
    expect(res.statusCode).toBe(422);
    const fields = Object.keys(res.json().errors);
    expect(fields).toEqual(expect.arrayContaining(['design.text_color', 'design.font']));
    const unknown = await put(owner, organizerId, { design: { shadow_color: '#000000' } });
    expect(unknown.statusCode).toBe(422);
    const read = await kit.app.inject({
      method: 'GET',
      url: `/api/organizers/${organizerId}`,
      headers: as(owner),
    });
    expect(read.json().name).toBe('Lantern Guild');
    expect(read.json().design.text_color).toBe('#1f2133');
  });
});

describe('the logo and cover', () => {
  it('uploads, replaces (deleting the old files) and deletes', async () => {
    const logo = await upload(owner, { id: organizerId, type: 'ORGANIZER_LOGO', width: 900, height: 300 });
    expect(logo.statusCode).toBe(201);
    expect(logo.json()).toMatchObject({ type: 'ORGANIZER_LOGO', width: 900, height: 300 });
    const old = logo.json().variants as { url: string }[];
    expect(old.length).toBeGreaterThan(0);
    expect(await stored(old[0]?.url ?? '')).not.toBeNull();
    const again = await upload(owner, { id: organizerId, type: 'ORGANIZER_LOGO', width: 1000, height: 250 });
    expect(again.statusCode).toBe(201);
    expect(await stored(old[0]?.url ?? '')).toBeNull();
    const cover = await upload(owner, { id: organizerId, type: 'ORGANIZER_COVER', width: 1200, height: 400 });
    expect(cover.statusCode).toBe(201);
    const list = await kit.app.inject({
      method: 'GET',
      url: `/api/organizers/${organizerId}/images`,
      headers: as(owner),
    });
    expect(
      list
        .json()
        .data.map((i: { type: string }) => i.type)
        .sort(),
    ).toEqual(['ORGANIZER_COVER', 'ORGANIZER_LOGO']);

    const spare = await upload(owner, { id: organizerId, type: 'ORGANIZER_COVER', width: 800, height: 400 });
    const deleted = await kit.app.inject({
      method: 'DELETE',
      url: `/api/organizers/${organizerId}/images/${spare.json().id}`,
      headers: as(owner),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await stored(spare.json().url)).toBeNull();
    // The cover is back for the page's tests.
    expect(
      (await upload(owner, { id: organizerId, type: 'ORGANIZER_COVER', width: 1200, height: 400 }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses an image too small, and answers 404 for another account’s organizer', async () => {
    const small = await upload(owner, { id: organizerId, type: 'ORGANIZER_LOGO', width: 100, height: 40 });
    expect(small.statusCode).toBe(422);
    expect(small.json().errors.image).toBeDefined();
    const wrongType = await upload(owner, { id: organizerId, type: 'EVENT_COVER', width: 900, height: 400 });
    expect(wrongType.statusCode).toBe(422);
    const foreign = await upload(owner, {
      id: rivalOrganizerId,
      type: 'ORGANIZER_LOGO',
      width: 900,
      height: 300,
    });
    expect(foreign.statusCode).toBe(404);
    const list = await kit.app.inject({
      method: 'GET',
      url: `/api/organizers/${rivalOrganizerId}/images`,
      headers: as(owner),
    });
    expect(list.statusCode).toBe(404);
  });
});

describe('the page with its design', () => {
  it('carries the colours, the font, the logo and the cover, in the HTML and the JSON', async () => {
    expect((await put(owner, organizerId, { slug: 'lantern-guild' })).statusCode).toBe(200);
    const res = await kit.app.inject({ method: 'GET', url: '/o/lantern-guild', remoteAddress: nextClient() });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('--primary:#7a1f3d');
    expect(html).toContain('--page:#fdf6ec');
    expect(html).toMatch(/--font:[^;}]*Georgia/);
    expect(html).toMatch(
      /<img class="logo" src="\/uploads\/organizers\/\d+\/[0-9a-f]+\/400\.webp"[^>]* width="1000" height="250">/,
    );
    expect(html).toMatch(/<img class="hero-cover"[^>]*srcset="[^"]*800w[^"]*1200w/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]*\/uploads\/organizers\//);
    expect(html).not.toContain('<script src');
    const json = await kit.app.inject({ method: 'GET', url: '/api/public/organizer-pages/lantern-guild' });
    expect(json.json()).toMatchObject({
      design: { primary_color: '#7a1f3d', font: 'serif' },
      logo: { width: 1000, height: 250 },
      cover: { width: 1200, height: 400 },
    });
  });
});

describe('the designer’s preview', () => {
  it('answers the page with the unsaved design, a form that cannot be sent, and writes nothing', async () => {
    const [before] = await kit.app.db.select().from(organizers).where(eq(organizers.id, organizerId));
    const res = await preview(owner, organizerId, { primary_color: '#123456', font: 'monospace' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('--primary:#123456');
    expect(res.body).toContain('--page:#fdf6ec');
    expect(res.body).toMatch(/--font:[^;}]*monospace/);
    expect(res.body).toContain('Lantern Walk');
    // Absolute addresses: the preview is shown from a blob: address.
    expect(res.body).toMatch(/<img class="logo" src="http[^"]+\/uploads\/organizers\//);
    expect(res.body).not.toContain('method="post"');
    const [after] = await kit.app.db.select().from(organizers).where(eq(organizers.id, organizerId));
    expect(after).toEqual(before);
  });

  it('works before the organizer has an address, refuses bad values, and another account’s organizer is 404', async () => {
    const fresh = (await makeOrganizer(kit.app, owner)).id;
    const res = await preview(owner, fresh, { background_color: '#000000' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('--page:#000000');
    const bad = await preview(owner, fresh, { primary_color: '#12345' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('design.primary_color');
    expect((await preview(owner, rivalOrganizerId, {})).statusCode).toBe(404);
  });
});

describe('the preview’s limit', () => {
  it('refuses a user past the previews of a minute with 429, and not another user', async () => {
    const someone = await makeAccount(kit.app);
    const someoneOrganizer = (await makeOrganizer(kit.app, someone)).id;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await preview(owner, organizerId, {})).statusCode);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect((await preview(someone, someoneOrganizer, {})).statusCode).toBe(200);
  });
});
