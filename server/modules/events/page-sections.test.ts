import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_LIMITS, GALLERY_MAX_IMAGES, PAGE_SECTIONS_DEFAULT } from '../../../common/event-sections';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, type Owner } from '../../test/builders';
import { imageUpload, pngImage } from '../../test/uploads';

/** The event page's sections, FAQ and gallery (decision 060). */
let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const putSettings = (eventId: number, settings: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}`,
    headers: { authorization: `Bearer ${owner.token}`, ...headers },
    payload: { settings },
  });

const publicEvent = async (eventId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}` })).json();

const reordered = [
  { id: 'faq', visible: true },
  { id: 'description', visible: true },
  { id: 'tickets', visible: true },
  { id: 'gallery', visible: true },
  { id: 'location', visible: false },
  { id: 'dates', visible: true },
  { id: 'organizer', visible: true },
];

async function upload(eventId: number, token = owner.token) {
  const { payload, contentType } = imageUpload({
    image: { body: await pngImage(300, 200), filename: 'photo.png' },
    type: 'EVENT_GALLERY',
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/images`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

describe('event page sections', () => {
  it('gives an event without the setting the page’s old order, and keeps a chosen one', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    const before = await publicEvent(event.id);
    expect(before.settings.page_sections).toEqual(PAGE_SECTIONS_DEFAULT);
    expect(before.settings.faq).toEqual([]);
    expect(before.settings.page_sections.filter((s: { visible: boolean }) => s.visible).slice(0, 4)).toEqual([
      { id: 'tickets', visible: true },
      { id: 'description', visible: true },
      { id: 'location', visible: true },
      { id: 'organizer', visible: true },
    ]);

    const faq = [{ question: 'Is there parking?', answer: 'Yes, behind the hall.\nFree after 6 pm.' }];
    const saved = await putSettings(event.id, { page_sections: reordered, faq });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(read.json().settings.page_sections).toEqual(reordered);
    expect(read.json().settings.faq).toEqual(faq);
    const shown = await publicEvent(event.id);
    expect(shown.settings.page_sections).toEqual(reordered);
    expect(shown.settings.faq).toEqual(faq);

    // Other settings saved later leave the order alone.
    expect((await putSettings(event.id, { seo_title: 'Another' })).statusCode).toBe(200);
    expect((await publicEvent(event.id)).settings.page_sections).toEqual(reordered);
  });

  it('refuses a list with a section twice or one missing, with field errors, and keeps the old one', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    const twice = await putSettings(event.id, {
      page_sections: [...reordered.slice(0, 6), { id: 'faq', visible: false }],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({
      'settings.page_sections.6.id': ['Each section can be listed only once.'],
      'settings.page_sections': ['List every section of the page once; hide the ones not to show.'],
    });
    const missing = await putSettings(
      event.id,
      { page_sections: reordered.slice(1) },
      { 'accept-language': 'de' },
    );
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['settings.page_sections']);
    expect(missing.json().errors['settings.page_sections'][0]).not.toContain('List every section');
    const unknown = await putSettings(event.id, {
      page_sections: [...reordered, { id: 'map', visible: true }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['settings.page_sections.7.id']);
    expect((await publicEvent(event.id)).settings.page_sections).toEqual(PAGE_SECTIONS_DEFAULT);
  });

  it('holds the FAQ to its limits', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    const pair = { question: 'Q?', answer: 'A.' };
    const full = Array.from({ length: FAQ_LIMITS.pairsMax }, () => pair);
    expect((await putSettings(event.id, { faq: full })).statusCode).toBe(200);
    const tooMany = await putSettings(event.id, { faq: [...full, pair] });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['settings.faq']);
    const long = await putSettings(event.id, {
      faq: [
        { question: 'x'.repeat(FAQ_LIMITS.questionMax + 1), answer: 'fine' },
        { question: 'Fine?', answer: 'y'.repeat(FAQ_LIMITS.answerMax + 1) },
        { question: '  ', answer: 'no question' },
      ],
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      'settings.faq.0.question': ['Enter at most 300 characters.'],
      'settings.faq.1.answer': ['Enter at most 3,000 characters.'],
      'settings.faq.2.question': ['This field is required.'],
    });
    expect((await publicEvent(event.id)).settings.faq).toHaveLength(FAQ_LIMITS.pairsMax);
  });
});

describe('event gallery', () => {
  it('takes up to 12 images, refuses the 13th, shows them to buyers with variants, and lets one go', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    const ids: number[] = [];
    for (let i = 0; i < GALLERY_MAX_IMAGES; i++) {
      const res = await upload(event.id);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const thirteenth = await upload(event.id);
    expect(thirteenth.statusCode).toBe(422);
    expect(thirteenth.json().errors).toEqual({
      image: ['The gallery holds at most 12 images. Remove one before adding another.'],
    });
    const shown = (await publicEvent(event.id)).images.filter(
      (i: { type: string }) => i.type === 'EVENT_GALLERY',
    );
    expect(shown.map((i: { id: number }) => i.id)).toEqual(ids);
    expect(shown[0]).toMatchObject({ width: 300, height: 200 });
    expect(shown[0].variants.map((v: { width: number }) => v.width)).toEqual([300]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/images/${ids[0]}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(removed.statusCode).toBe(204);
    expect((await upload(event.id)).statusCode).toBe(201);
  });

  it('translates the refusal', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    for (let i = 0; i < GALLERY_MAX_IMAGES; i++) expect((await upload(event.id)).statusCode).toBe(201);
    const { payload, contentType } = imageUpload({
      image: { body: await pngImage(300, 200), filename: 'photo.png' },
      type: 'EVENT_GALLERY',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/images`,
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': contentType,
        'accept-language': 'fr',
      },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image[0]).toContain('12');
    expect(res.json().errors.image[0]).not.toContain('The gallery');
  });

  it('takes no upload to another account’s event', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    const stranger = await makeAccount(t.app);
    const res = await upload(event.id, stranger.token);
    expect(res.statusCode).toBe(404);
    expect((await publicEvent(event.id)).images).toEqual([]);
  });
});
