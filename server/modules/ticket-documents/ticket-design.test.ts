import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderResponse } from '../../../common/orders';
import type { TicketDesign } from '../../../common/ticket-design';
import { TICKET_DESIGN_DEFAULTS } from '../../../common/ticket-design';
import { orders } from '../../db/schema';
import {
  makeAccount,
  makeLiveEvent,
  makeOrder,
  makeQuestion,
  type OrderPlan,
  type Owner,
} from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { pdfPagePixels, pdfQrCodes, pdfQrGeometry, pdfText } from '../../test/pdf';

// The ticket design (issue 40, decision 059): the PDF prints the design's free text, footer,
// accent and chosen fields; the QR code keeps its size and quiet zone whatever the design; the
// preview prints a sample with a design not saved yet; bad designs are 422 with field errors.

let kit: IdentityKit;
let owner: Owner;

beforeAll(async () => {
  // A low preview limit, so that the test of the limit needs few PDFs.
  kit = await createIdentityKit({ PREVIEW_RATE_LIMIT_PER_MINUTE: '6' });
  owner = await makeAccount(kit.app);
});
afterAll(async () => {
  await kit?.close();
});

const design = (fields: Partial<TicketDesign>): TicketDesign => ({ ...TICKET_DESIGN_DEFAULTS, ...fields });
const auth = () => ({ authorization: `Bearer ${owner.token}` });

async function show() {
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Lantern Night',
    start_date: '2031-09-12T18:00:00Z',
    timezone: 'Europe/Lisbon',
    currency: 'EUR',
    settings: { offline_payments_enabled: true },
    tickets: [{ title: 'Riverside pass', type: 'PAID', price: 3900, tax_and_fee_ids: [] }],
  });
  const question = await makeQuestion(kit.app, owner, {
    eventId: event.id,
    title: 'Dietary needs',
    scope: 'PER_ORDER',
  });
  return { eventId: event.id, ticketId: tickets[0]?.id ?? 0, questionId: question.id };
}

const saveDesign = (eventId: number, ticketDesign: unknown) =>
  kit.app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}`,
    headers: auth(),
    payload: { settings: { ticket_design: ticketDesign } },
  });

async function paidOrder(plan: Omit<OrderPlan, 'until'>): Promise<PublicOrderResponse> {
  const placed = await makeOrder(kit.app, { ...plan, until: 'offline' });
  const [row] = await kit.app.db.select().from(orders).where(eq(orders.shortId, placed.short_id));
  const res = await kit.app.inject({
    method: 'POST',
    url: `/api/events/${plan.eventId}/orders/${row?.id}/mark-paid`,
    headers: auth(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return placed;
}

const orderPdf = async (eventId: number, order: PublicOrderResponse) => {
  const res = await kit.app.inject({
    method: 'GET',
    url: `/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

/** The colour of the pixel at (x, y) points from the top left of the first page. */
async function colourAt(pdf: Buffer, at: { x: number; y: number }) {
  const [page] = await pdfPagePixels(pdf, 72);
  if (!page) throw new Error('no page');
  const i = (Math.round(at.y) * page.width + Math.round(at.x)) * 3;
  const hex = (n: number | undefined) => (n ?? 0).toString(16).padStart(2, '0');
  return `#${hex(page.data[i])}${hex(page.data[i + 1])}${hex(page.data[i + 2])}`;
}

describe('a ticket design', () => {
  it('prints its free text, footer, accent and chosen answers, and leaves out the price', async () => {
    const { eventId, ticketId, questionId } = await show();
    const before = await paidOrder({
      eventId,
      lines: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: 'Inês',
      email: 'ines@example.com',
      attendees: ['Tomás'],
      answers: [{ question_id: questionId, answer: 'Vegetarian' }],
    });
    const plain = (await pdfText(await orderPdf(eventId, before)))[0] ?? '';
    expect(plain).toContain('€39.00');
    expect(plain).not.toContain('Vegetarian');
    expect(plain).not.toContain('Bought by');

    const saved = await saveDesign(
      eventId,
      design({
        accent_color: '#0b6e4f',
        show_price: false,
        show_buyer: true,
        question_ids: [questionId],
        free_text: 'Bring a lantern; the river path is dark.',
        footer: 'Lantern Night is run by the Riverside Club.',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.ticket_design.accent_color).toBe('#0b6e4f');

    const pdf = await orderPdf(eventId, before);
    const [page] = await pdfText(pdf);
    expect(page).toContain('Bring a lantern; the river path is dark.');
    expect(page).toContain('Lantern Night is run by the Riverside Club.');
    expect(page).toContain('Tomás Silva');
    expect(page).toContain('BOUGHT BY');
    expect(page).toContain('Inês Silva');
    expect(page).toContain('DIETARY NEEDS');
    expect(page).toContain('Vegetarian');
    expect(page).not.toContain('€39.00');
    expect(page).not.toContain('PRICE');
    // The band at the top takes the accent.
    expect(await colourAt(pdf, { x: 10, y: 10 })).toBe('#0b6e4f');
    expect(await pdfQrCodes(pdf)).toEqual([
      (before.attendees[0] as { ticket_code: string } | undefined)?.ticket_code,
    ]);

    // The ticket page shows the same choices.
    const holder = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/attendees/${before.attendees[0]?.short_id}`,
    });
    expect(holder.statusCode, holder.body).toBe(200);
    expect(holder.json().design).toEqual({
      accent_color: '#0b6e4f',
      on_accent_color: '#ffffff',
      buyer_name: 'Inês Silva',
      answers: [{ question: 'Dietary needs', answer: 'Vegetarian' }],
      free_text: 'Bring a lantern; the river path is dark.',
      footer: 'Lantern Night is run by the Riverside Club.',
    });
  });

  it('keeps the QR code’s size and quiet zone with the longest free text and footer', async () => {
    const { eventId, ticketId, questionId } = await show();
    const order = await paidOrder({
      eventId,
      lines: [{ ticket_id: ticketId, quantity: 1 }],
      answers: [{ question_id: questionId, answer: 'A long answer '.repeat(10).trim() }],
    });
    const [plain] = await pdfQrGeometry(await orderPdf(eventId, order));
    const saved = await saveDesign(
      eventId,
      design({
        accent_color: '#111111',
        show_buyer: true,
        question_ids: [questionId],
        free_text: 'Lanterns and long words. '.repeat(40).slice(0, 1000),
        footer: 'F'.repeat(200),
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const pdf = await orderPdf(eventId, order);
    expect(await pdfText(pdf)).toHaveLength(1);
    const [designed] = await pdfQrGeometry(pdf);
    expect(designed).not.toBeNull();
    // At least 4 cm a side (113 points), four blank modules all round, as without a design.
    expect(designed?.side).toBeGreaterThan(113);
    expect(designed?.quietZoneClear).toBe(true);
    expect(Math.abs((designed?.side ?? 0) - (plain?.side ?? 0))).toBeLessThan(2);
  });

  it('refuses a bad colour and texts too long with 422 and the fields, and keeps the old design', async () => {
    const { eventId } = await show();
    const res = await saveDesign(
      eventId,
      design({ accent_color: 'green', free_text: 'x'.repeat(1001), footer: 'y'.repeat(201) }),
    );
    expect(res.statusCode, res.body).toBe(422);
    const fields = JSON.stringify(res.json());
    expect(fields).toContain('accent_color');
    expect(fields).toContain('free_text');
    expect(fields).toContain('footer');
    const event = await kit.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: auth() });
    expect(event.json().settings.ticket_design).toEqual(TICKET_DESIGN_DEFAULTS);

    const preview = await kit.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/ticket-design/preview`,
      headers: auth(),
      payload: { design: design({ accent_color: '#12345' }) },
    });
    expect(preview.statusCode).toBe(422);
    expect(preview.body).toContain('accent_color');
  });
});

describe('the questions a design prints', () => {
  it("must be the event's own: another event's question is 422 on its place, nothing written", async () => {
    const { eventId, questionId } = await show();
    const other = await show();
    const res = await saveDesign(eventId, design({ question_ids: [questionId, other.questionId] }));
    expect(res.statusCode, res.body).toBe(422);
    expect(JSON.stringify(res.json())).toContain('settings.ticket_design.question_ids.1');
    const event = await kit.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: auth() });
    expect(event.json().settings.ticket_design.question_ids).toEqual([]);
  });

  it('follow the event into its copy: the copy names its own copies of them', async () => {
    const { eventId, questionId } = await show();
    const questions = await kit.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/questions`,
      headers: auth(),
    });
    const firstName = (questions.json().data as { id: number; default_key: string | null }[]).find(
      (q) => q.default_key === 'FIRST_NAME',
    );
    expect(
      (await saveDesign(eventId, design({ question_ids: [questionId, firstName?.id ?? 0] }))).statusCode,
    ).toBe(200);
    const copy = await kit.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/duplicate`,
      headers: auth(),
      payload: { title: 'Lantern Night (copy)' },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json().id as number;
    const copied = await kit.app.inject({
      method: 'GET',
      url: `/api/events/${copyId}/questions`,
      headers: auth(),
    });
    const byTitle = (title: string) =>
      (copied.json().data as { id: number; title: string }[]).find((q) => q.title === title)?.id;
    const ids = copy.json().settings.ticket_design.question_ids as number[];
    expect(ids).toEqual([byTitle('Dietary needs'), byTitle('First name')]);
    expect(ids).not.toContain(questionId);
  });
});

describe('the preview', () => {
  it('prints a sample with the unsaved design, in the language asked, and writes nothing', async () => {
    const { eventId, questionId } = await show();
    const res = await kit.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/ticket-design/preview`,
      headers: auth(),
      payload: {
        locale: 'de',
        design: design({
          accent_color: '#ffd43b',
          show_price: false,
          question_ids: [questionId],
          free_text: 'Laternen mitbringen.',
          footer: 'Riverside Club',
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('inline');
    const pdf = res.rawPayload;
    const [page] = await pdfText(pdf);
    expect(page).toContain('Lantern Night');
    expect(page).toContain('Laternen mitbringen.');
    expect(page).toContain('Riverside Club');
    expect(page).toContain('Dietary needs'.toLocaleUpperCase('de'));
    expect(page).not.toContain('39,00');
    expect(await colourAt(pdf, { x: 10, y: 10 })).toBe('#ffd43b');
    expect((await pdfQrGeometry(pdf))[0]?.quietZoneClear).toBe(true);

    const event = await kit.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: auth() });
    expect(event.json().settings.ticket_design).toEqual(TICKET_DESIGN_DEFAULTS);
  });

  it('is 404 for an event of another account', async () => {
    const { eventId } = await show();
    const other = await makeAccount(kit.app);
    const res = await kit.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/ticket-design/preview`,
      headers: { authorization: `Bearer ${other.token}` },
      payload: { design: TICKET_DESIGN_DEFAULTS },
    });
    expect(res.statusCode).toBe(404);
  });

  it('is limited per user: past the limit a minute, 429 with when to come back', async () => {
    const { eventId } = await show();
    const someone = await makeAccount(kit.app);
    const other = await kit.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/ticket-design/preview`,
      headers: { authorization: `Bearer ${someone.token}` },
      payload: { design: TICKET_DESIGN_DEFAULTS },
    });
    expect(other.statusCode).toBe(404);
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 8; i++) {
      const res = await kit.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/ticket-design/preview`,
        headers: auth(),
        payload: { design: TICKET_DESIGN_DEFAULTS },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers['retry-after'];
    }
    // The earlier tests of this file used some of the owner's six; the other user's call did not.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
