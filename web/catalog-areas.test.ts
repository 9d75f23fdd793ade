import { readFileSync } from 'node:fs';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../common/i18n/locales';
import { messages as fullGerman } from '../common/locales/de/messages';
import { areaOf, buyerModules, readPoEntries, seatingModules, webModules } from '../scripts/web-catalogs';
import { messages as germanBuyer } from './locales/de/buyer';
import { messages as germanManage } from './locales/de/manage';

const entries = readPoEntries(readFileSync('common/locales/en/messages.po', 'utf8'));
const buyer = buyerModules();
const web = webModules();
const seating = seatingModules(buyer);

describe('the web catalog split into buyer and manage parts', () => {
  it('follows the import graph: buyer pages and what they borrow, never the organizer app', () => {
    expect(buyer).toContain('web/components/ErrorPage.tsx');
    expect(buyer).toContain('web/features/public-event/PublicEventPage.tsx');
    expect(buyer).toContain('web/features/checkout/routes.tsx');
    expect(buyer).toContain('web/features/order-pages/routes.tsx');
    for (const organizerOnly of [
      'web/features/manage/routes.tsx',
      'web/features/auth/routes.tsx',
      'web/features/orders/OrderDrawer.tsx',
    ]) {
      expect(buyer).not.toContain(organizerOnly);
    }
  });

  it('puts a message where its files are; shared ones go with the buyer, server-only ones nowhere', () => {
    const files = new Set(['web/components/ErrorPage.tsx', 'common/errors/http.ts']);
    const web = { web: new Set([...files, 'common/seating-plan.ts']) };
    expect(areaOf(['web/components/ErrorPage.tsx'], files, web)).toBe('buyer');
    expect(areaOf(['web/features/orders/OrderDrawer.tsx', 'web/components/ErrorPage.tsx'], files, web)).toBe(
      'buyer',
    );
    expect(areaOf(['common/errors/http.ts'], files, web)).toBe('buyer');
    expect(areaOf(['web/features/orders/OrderDrawer.tsx'], files, web)).toBe('manage');
    // A file of common/ goes where the web imports it from, or nowhere: the server translates it.
    expect(areaOf(['common/seating-plan.ts'], files, web)).toBe('manage');
    expect(areaOf(['common/errors/seating.ts'], files, web)).toBeUndefined();
    expect(areaOf(['server/mail/templates.ts'], files, web)).toBeUndefined();
  });

  it('computes the same ids as the compiler', () => {
    const pageNotFound = entries.find((entry) => entry.origins.includes('web/components/ErrorPage.tsx'));
    expect(pageNotFound).toBeDefined();
    expect(Object.keys(fullGerman)).toContain(pageNotFound?.id);
    expect(entries.find((entry) => entry.id === generateMessageId('Page not found'))).toBeDefined();
    expect(entries.find((entry) => entry.id === 'error.internal')).toBeDefined();
  });

  it('gives every message a buyer page shows to the buyer part, in German as in every locale', () => {
    const shownToBuyers = entries.filter((entry) => areaOf(entry.origins, buyer) === 'buyer');
    expect(shownToBuyers.length).toBeGreaterThan(100);
    for (const entry of shownToBuyers) expect(germanBuyer[entry.id]).toEqual(fullGerman[entry.id]);
    expect(germanBuyer[generateMessageId('Page not found')]).toEqual(['Seite nicht gefunden']);
    expect(Object.keys(germanBuyer)).toContain('error.internal');
  });

  it('leaves out nothing the web shows and splits without overlap', async () => {
    for (const locale of LOCALES) {
      const [buyerPart, managePart, seatingPart, full] = await Promise.all([
        import(`./locales/${locale}/buyer.ts`),
        import(`./locales/${locale}/manage.ts`),
        import(`./locales/${locale}/seating.ts`),
        import(`../common/locales/${locale}/messages.ts`),
      ]);
      const buyerIds = Object.keys(buyerPart.messages);
      const manageIds = Object.keys(managePart.messages);
      const seatingIds = Object.keys(seatingPart.messages);
      expect(buyerIds.filter((id) => id in managePart.messages || id in seatingPart.messages)).toEqual([]);
      expect(manageIds.filter((id) => id in seatingPart.messages)).toEqual([]);
      const webIds = entries
        .filter((entry) => areaOf(entry.origins, buyer, { web, seating }))
        .map((entry) => entry.id);
      expect(new Set([...buyerIds, ...manageIds, ...seatingIds])).toEqual(new Set(webIds));
      for (const id of webIds) expect(id in full.messages).toBe(true);
    }
    // Organizer text stays out of the buyer's download.
    const ordersTitle = entries.find((entry) =>
      entry.origins.every((o) => o.startsWith('web/features/orders/')),
    );
    expect(ordersTitle && ordersTitle.id in germanManage).toBe(true);
    expect(ordersTitle && ordersTitle.id in germanBuyer).toBe(false);
  });

  it("keeps the seat picker's text out of every first visit: it comes with the picker (issue 42)", () => {
    expect(buyer).not.toContain('web/features/public-event/seating/SeatPicker.tsx');
    expect(seating).toContain('web/features/public-event/seating/SeatPicker.tsx');
    expect(seating).toContain('web/components/seat-map/SeatMap.tsx');
    const heading = entries.find((entry) => entry.id === generateMessageId('Choose your seats'));
    expect(heading && areaOf(heading.origins, buyer, { web, seating })).toBe('seating');
  });
});
