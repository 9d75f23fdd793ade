import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BUYER_BUSINESS_MODES, InvoiceResponse } from '../../../common/invoices';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, type Owner } from '../../test/builders';
import { pdfText } from '../../test/pdf';

// A business buyer (issue 38): checkout asks for a company, its address, its country and its VAT
// number as the seller's invoice settings say (required, optional or off), checks the VAT number's
// format offline, and the invoice names the company.

let t: TestApp;
let owner: Owner;
let eventId: number;
let ticketId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Trade Fair',
    start_date: '2031-09-10T09:00:00Z',
    timezone: 'Europe/Lisbon',
    tickets: [{ title: 'Visitor', type: 'FREE' }],
  });
  eventId = event.id;
  ticketId = tickets[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

type Mode = (typeof BUYER_BUSINESS_MODES)[number];

async function invoicing(mode: Mode, enabled = true) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/accounts/current/invoice-settings',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { enabled, legal_name: 'Feira Lda', address: 'Rua 1\nLisboa', buyer_business: mode },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const base = () => `/api/public/events/${eventId}/orders`;

async function reserve() {
  const res = await t.app.inject({
    method: 'POST',
    url: base(),
    payload: { tickets: [{ ticket_id: ticketId, quantity: 1 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { short_id: string; buyer_business: Mode };
}

const buyer = { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' };
const details = (business: object = {}) => ({
  ...buyer,
  attendees: [{ ticket_id: ticketId, ...buyer }],
  ...business,
});
const acme = {
  company: 'Acme Eventos Lda',
  company_address: 'Avenida da Liberdade 10\n1250-001 Lisboa',
  vat_country: 'PT',
  vat_id: 'pt 123 456 789',
};

const put = (shortId: string, payload: object, locale = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `${base()}/${shortId}`,
    headers: { 'accept-language': locale },
    payload,
  });
const read = async (shortId: string) =>
  (await t.app.inject({ method: 'GET', url: `${base()}/${shortId}` })).json();

/** Completes the order and reads its invoice as the organizer's API gives it. */
async function invoiceOf(shortId: string): Promise<InvoiceResponse> {
  const done = await t.app.inject({ method: 'POST', url: `${base()}/${shortId}/complete`, payload: {} });
  expect(done.statusCode, done.body).toBe(200);
  const auth = { authorization: `Bearer ${owner.token}` };
  const list = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/orders`, headers: auth });
  const order = list.json().data.find((o: { short_id: string }) => o.short_id === shortId);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/orders/${order.id}/invoices`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [invoice] = res.json().data as InvoiceResponse[];
  if (!invoice) throw new Error('no invoice');
  return invoice;
}

describe('a business buyer at checkout', () => {
  it('required: refuses missing details field by field, in the buyer’s language, and writes nothing', async () => {
    await invoicing('REQUIRED');
    const { short_id: shortId, buyer_business } = await reserve();
    expect(buyer_business).toBe('REQUIRED');
    const missing = await put(shortId, details({ company: ' ' }), 'de');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      company: ['Dieses Feld ist erforderlich.'],
      company_address: ['Dieses Feld ist erforderlich.'],
      vat_country: ['Dieses Feld ist erforderlich.'],
      vat_id: ['Dieses Feld ist erforderlich.'],
    });
    expect(await read(shortId)).toMatchObject({ email: null, company: null, vat_id: null, attendees: [] });
  });

  it('required: refuses a VAT number not of its country’s format, and another country', async () => {
    await invoicing('REQUIRED');
    const { short_id: shortId } = await reserve();
    const wrong = await put(shortId, details({ ...acme, vat_id: 'PT 12345' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      vat_id: [
        "This is not a VAT number of the chosen country. Enter it in that country's format, such as PT123456789.",
      ],
    });
    const german = await put(shortId, details({ ...acme, vat_country: 'DE' }), 'de');
    expect(german.json().errors).toEqual({
      vat_id: [
        'Dies ist keine USt-IdNr. des gewählten Landes. Geben Sie sie im Format dieses Landes ein, zum Beispiel DE123456789.',
      ],
    });
    const nowhere = await put(shortId, details({ ...acme, vat_country: 'EU' }));
    expect(nowhere.json().errors).toEqual({ vat_country: ['Choose a country from the list.'] });
    expect(await read(shortId)).toMatchObject({ email: null, company: null, vat_id: null });
  });

  it('required: saves valid details, VAT number normalised, and the invoice names the company', async () => {
    await invoicing('REQUIRED');
    const { short_id: shortId } = await reserve();
    const ok = await put(shortId, details(acme));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      company: 'Acme Eventos Lda',
      company_address: acme.company_address,
      vat_country: 'PT',
      vat_id: 'PT123456789',
      buyer_business: 'REQUIRED',
    });
    const invoice = await invoiceOf(shortId);
    expect(invoice.document.buyer).toEqual({
      name: 'Ana Lima',
      company: 'Acme Eventos Lda',
      address: 'Avenida da Liberdade 10\n1250-001 Lisboa\nPortugal',
      tax_id: 'PT123456789',
      email: 'ana@example.com',
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/orders/${invoice.order_id}/invoices/${invoice.id}/pdf`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    for (const expected of ['Acme Eventos Lda', 'Avenida da Liberdade 10', 'PT123456789'])
      expect(text).toContain(expected);
  });

  it('optional: nothing needed, but a VAT number given must have its format; a Greek one is EL', async () => {
    await invoicing('OPTIONAL');
    const { short_id: shortId, buyer_business } = await reserve();
    expect(buyer_business).toBe('OPTIONAL');
    const bad = await put(shortId, details({ company: 'Acme', vat_country: 'GR', vat_id: '12345' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['vat_id']);
    const greek = await put(
      shortId,
      details({ company: 'Acme', vat_country: 'GR', vat_id: 'GR 123 456 789' }),
    );
    expect(greek.statusCode, greek.body).toBe(200);
    expect(greek.json()).toMatchObject({ company: 'Acme', company_address: null, vat_id: 'EL123456789' });
    // Saving again without them (the box unticked): they are gone.
    const plain = await put(shortId, details());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ company: null, vat_country: null, vat_id: null });
    expect((await invoiceOf(shortId)).document.buyer).toMatchObject({
      company: null,
      address: null,
      tax_id: null,
    });
  });

  it('off, or invoicing off: the details are not asked and whatever is sent is ignored', async () => {
    for (const [mode, enabled] of [
      ['OFF', true],
      ['REQUIRED', false],
    ] as const) {
      await invoicing(mode, enabled);
      const { short_id: shortId, buyer_business } = await reserve();
      expect(buyer_business).toBe('OFF');
      expect((await read(shortId)).buyer_business).toBe('OFF');
      const ok = await put(shortId, details({ ...acme, vat_id: 'not a number' }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ email: 'ana@example.com', company: null, vat_id: null });
    }
  });
});
