import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceResponse } from '../common/invoices';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { fillBuyer, publish, ticketRow } from './checkout-steps';
import { expectAttribute, expectText } from './expect';
import { type OrganizerSession, organizerSession } from './session';

// A business buyer (issue 38): the seller's invoice settings make checkout ask for the company, its
// address, its country and its VAT number, whose format is checked as the buyer types it in, and
// the invoice is made out to the company.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('business-buyer');

/** An event with one free ticket, its seller issuing invoices and asking buyers as `mode` says. */
async function invoicingEvent(mode: 'REQUIRED' | 'OPTIONAL', title: string) {
  const session = await organizerSession(browser, { confirmEmail: true });
  await session.api('POST', `/api/events/${session.eventId}/tickets`, { title, type: 'FREE' });
  await session.api('PUT', '/api/accounts/current/invoice-settings', {
    enabled: true,
    legal_name: 'Konferenz GmbH',
    address: 'Messeplatz 1\n80331 München',
    tax_id: 'DE811111111',
    buyer_business: mode,
  });
  return { session, path: await publish(session) };
}

/** The order's invoices as the organizer's API gives them. */
async function invoicesOf(session: OrganizerSession): Promise<InvoiceResponse[]> {
  const orders = await session.api<{ data: { id: number }[] }>(
    'GET',
    `/api/events/${session.eventId}/orders`,
  );
  const [order] = orders.data;
  if (!order) throw new Error('no order');
  const invoices = await session.api<{ data: InvoiceResponse[] }>(
    'GET',
    `/api/events/${session.eventId}/orders/${order.id}/invoices`,
  );
  return invoices.data;
}

describe('a business buyer', () => {
  it('in German: must give the company, is told a VAT number is malformed, and gets an invoice to the company', async () => {
    const { session, path } = await invoicingEvent('REQUIRED', 'Konferenzpass');
    const { context, page, errors } = await openPage(browser, { cookies: { tessera_locale: 'de' } });
    await page.goto(path);
    await ticketRow(page, 'Konferenzpass').getByRole('button', { name: 'Mehr Konferenzpass' }).click();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL(/\/details$/);

    const business = page.getByRole('region', { name: 'Kauf für ein Unternehmen' });
    await expectText(business).toContain('Die Rechnung wird auf Ihr Unternehmen ausgestellt');
    // Required: no box to tick, every field marked.
    expect(await business.getByRole('checkbox').count()).toBe(0);
    await expectAttribute(business.getByLabel('Firmenname'), 'required').toBe('');
    await fillBuyer(page, { first: 'Vorname', last: 'Nachname', email: 'E-Mail' });
    await page.getByRole('button', { name: 'Meine Angaben übernehmen' }).click();
    await page.getByTestId('details-submit').click();
    await expectText(business).toContain('Dieses Feld ist erforderlich.');

    await business.getByLabel('Firmenname').fill('Acme Veranstaltungen GmbH');
    await business.getByLabel('Firmenanschrift').fill('Hauptstraße 1\n10115 Berlin');
    await business.getByLabel('Land').selectOption('DE');
    const vat = business.getByLabel('USt-IdNr.');
    await expectText(business).toContain('Zum Beispiel DE123456789');
    await vat.fill('DE 1234 5678');
    await page.getByTestId('details-submit').click();
    await business
      .getByText(
        'Dies ist keine USt-IdNr. des gewählten Landes. Geben Sie sie im Format dieses Landes ein, zum Beispiel DE123456789.',
      )
      .waitFor();
    await expectAttribute(vat, 'aria-invalid').toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('vat_id');
    await expectAccessible(page, 'details-vat-malformed-de');

    await vat.fill('de 123 456 789');
    await page.getByTestId('details-submit').click();
    await page.waitForURL('**/summary');
    await page.getByTestId('order-status').getByText('Abgeschlossen').waitFor();
    await screenshot(page, 'business-buyer-summary-de');

    const [invoice, ...more] = await invoicesOf(session);
    expect(more).toEqual([]);
    expect(invoice?.document.buyer).toEqual({
      name: 'Ana Lima',
      company: 'Acme Veranstaltungen GmbH',
      address: 'Hauptstraße 1\n10115 Berlin\nDeutschland',
      tax_id: 'DE123456789',
      email: 'ana.lima@example.com',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('optional: the fields wait behind “I need a business invoice”, and an order without them has none', async () => {
    const { session, path } = await invoicingEvent('OPTIONAL', 'Workshop');
    const { context, page, errors } = await openPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await ticketRow(page, 'Workshop').getByRole('button', { name: 'More Workshop' }).click();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL(/\/details$/);
    const business = page.getByRole('region', { name: 'Buying for a business' });
    const box = business.getByRole('checkbox', { name: 'I need a business invoice' });
    await expectAttribute(box, 'aria-invalid').toBe(null);
    expect(await business.getByLabel('Company name').count()).toBe(0);
    await box.check();
    await expectAttribute(business.getByLabel('Company name'), 'required').toBe(null);
    await business.getByLabel('VAT number').fill('PT123');
    await page.getByTestId('details-submit').click();
    // A VAT number needs its company and its country, and then that country's format.
    await expectText(business).toContain('This field is required.');
    await business.getByLabel('Company name').fill('Oficina Lda');
    await business.getByLabel('Country').selectOption('PT');
    await page.getByTestId('details-submit').click();
    await business.getByText('such as PT123456789.').waitFor();
    await expectAccessible(page, 'details-optional-390');
    // Unticked: nothing of it is sent, and the order goes through without it.
    await box.uncheck();
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Copy my details' }).click();
    await page.getByTestId('details-submit').click();
    await page.waitForURL('**/summary');
    const [invoice] = await invoicesOf(session);
    expect(invoice?.document.buyer).toMatchObject({ company: null, address: null, tax_id: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asked while the form was open: the server’s field errors open the fields, now required', async () => {
    const { session, path } = await invoicingEvent('OPTIONAL', 'Masterclass');
    const { context, page, errors } = await openPage(browser);
    await page.goto(path);
    await ticketRow(page, 'Masterclass').getByRole('button', { name: 'More Masterclass' }).click();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL(/\/details$/);
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Copy my details' }).click();
    await session.api('PUT', '/api/accounts/current/invoice-settings', {
      enabled: true,
      legal_name: 'Konferenz GmbH',
      address: 'Messeplatz 1\n80331 München',
      buyer_business: 'REQUIRED',
    });
    await page.getByTestId('details-submit').click();
    const business = page.getByRole('region', { name: 'Buying for a business' });
    const company = business.getByLabel('Company name');
    await expectAttribute(company, 'aria-invalid').toBe('true');
    await expectAttribute(company, 'required').toBe('');
    expect(await business.getByRole('checkbox').count()).toBe(0);
    await company.fill('Atelier SARL');
    await business.getByLabel('Company address').fill('1 rue de la Paix\n75002 Paris');
    await business.getByLabel('Country').selectOption('FR');
    await business.getByLabel('VAT number').fill('FR 40 303 265 045');
    await page.getByTestId('details-submit').click();
    await page.waitForURL('**/summary');
    const [invoice] = await invoicesOf(session);
    expect(invoice?.document.buyer).toMatchObject({ company: 'Atelier SARL', tax_id: 'FR40303265045' });
    // The refused save is the browser's only complaint.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await context.close();
  });
});
