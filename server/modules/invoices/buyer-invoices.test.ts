import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderResponse } from '../../../common/orders';
import { makeAccount, makeEventImage, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { seller } from '../../test/invoice-kit';
import { pdfPagePixels, pdfText } from '../../test/pdf';

// The buyer's invoice (issue 38, decision 053): attached to the order's confirmation when the
// seller asks for it, listed on the order's page (issued then if its job has not run), and
// downloaded by whoever holds the order's link, and by nobody else.

let kit: IdentityKit;
let owner: Owner;
let shop: { eventId: number; ticketId: number };

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await makeAccount(kit.app);
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Harbour Lights',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Transfer to PT50 0000.' },
    tickets: [{ title: 'Deck', type: 'PAID', price: 2500, tax_and_fee_ids: [] }],
  });
  shop = { eventId: event.id, ticketId: tickets[0]?.id ?? 0 };
});
afterAll(async () => {
  await kit?.close();
});

const settings = (attach: boolean) =>
  kit.as(owner.token, {
    method: 'PUT',
    url: '/api/accounts/current/invoice-settings',
    payload: { ...seller, attach_to_confirmation: attach },
  });

/** Places an order to pay offline and delivers its mails; answers the order and the buyer's mail. */
async function placeOrder(email: string) {
  const before = kit.smtp.mails.length;
  const placed = await makeOrder(kit.app, {
    eventId: shop.eventId,
    lines: [{ ticket_id: shop.ticketId, quantity: 1 }],
    email,
    until: 'offline',
  });
  await kit.deliverMail();
  const mail = kit.smtp.mails.slice(before).find((m) => m.to.includes(email));
  const page = await kit.app.inject({
    method: 'GET',
    url: `/api/public/events/${shop.eventId}/orders/${placed.short_id}`,
  });
  expect(page.statusCode).toBe(200);
  return { order: page.json() as PublicOrderResponse, mail };
}

const buyerPdf = (shortId: string, invoiceId: number) =>
  kit.app.inject({
    method: 'GET',
    url: `/api/public/events/${shop.eventId}/orders/${shortId}/invoices/${invoiceId}/pdf`,
  });

describe('the buyer’s invoice', () => {
  it('comes with the confirmation, is listed on the order page and opens by the order’s link', async () => {
    expect((await settings(true)).statusCode).toBe(200);
    const { order, mail } = await placeOrder('ines@buyers.example');
    const [invoice, ...more] = order.invoices;
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'INVOICE', total: 2500 });
    expect(invoice?.reference).toMatch(/^RE-2031-\d+$/);

    const attached = mail?.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(attached?.filename).toBe(`${invoice?.reference}.pdf`);
    const mailed = (await pdfText(attached?.content ?? Buffer.alloc(0))).join('\n');
    expect(mailed).toContain(`Invoice ${invoice?.reference}`);
    expect(mailed).toContain('Payment due');

    const pdf = await buyerPdf(order.short_id, invoice?.id ?? 0);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(pdf.rawPayload)).join('\n')).toContain('Riverside Events Lda');
  });

  it('is not attached when the seller says so, and no other order’s link opens it', async () => {
    expect((await settings(false)).statusCode).toBe(200);
    const { order, mail } = await placeOrder('joao@buyers.example');
    expect(mail?.subject).toBeDefined();
    expect(mail?.attachments.filter((a) => a.mimeType === 'application/pdf')).toEqual([]);
    const invoiceId = order.invoices[0]?.id ?? 0;
    expect(invoiceId).toBeGreaterThan(0);

    const other = await placeOrder('kai@buyers.example');
    expect((await buyerPdf(other.order.short_id, invoiceId)).statusCode).toBe(404);
    expect((await buyerPdf('AAAAAAAAAAAAAAAAAAAAAA', invoiceId)).statusCode).toBe(404);
  });
});

/** How many green pixels the first page has in its top right corner, where the logo goes. */
async function greenAtTopRight(pdf: Buffer): Promise<number> {
  const [page] = await pdfPagePixels(pdf);
  if (!page) throw new Error('no page');
  let green = 0;
  for (let y = 0; y < 110; y++)
    for (let x = page.width - 200; x < page.width; x++) {
      const at = (y * page.width + x) * 3;
      if ((page.data[at + 1] ?? 0) > 150 && (page.data[at] ?? 255) < 80 && (page.data[at + 2] ?? 255) < 80)
        green++;
    }
  return green;
}

describe('the invoice’s logo', () => {
  it('is the event’s, at the top right, when the event has one', async () => {
    expect((await settings(true)).statusCode).toBe(200);
    const { order } = await placeOrder('lia@buyers.example');
    const before = await buyerPdf(order.short_id, order.invoices[0]?.id ?? 0);
    expect(await greenAtTopRight(before.rawPayload)).toBe(0);
    const logo = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><rect width="1200" height="300" fill="rgb(0,192,0)"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    await makeEventImage(kit.app, owner, { eventId: shop.eventId, type: 'EVENT_LOGO', body: logo });
    const after = await buyerPdf(order.short_id, order.invoices[0]?.id ?? 0);
    expect(await greenAtTopRight(after.rawPayload)).toBeGreaterThan(500);
    // The words are the same: the document is the one issued.
    expect(await pdfText(after.rawPayload)).toEqual(await pdfText(before.rawPayload));
  });
});
