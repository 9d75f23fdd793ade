import { describe, expect, it } from 'vitest';
import {
  type AffiliateMemory,
  type AffiliateStorage,
  rememberAffiliate,
  rememberedAffiliate,
  withAffiliateCode,
  withAffiliateParam,
} from './affiliate-link';

const DAY = 24 * 3600 * 1000;

function memoryStorage(): AffiliateStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A browser's storage and a fresh page (its own memory), as the functions take them. */
function aPage(storage: AffiliateStorage | null = memoryStorage()) {
  return { storage, memory: new Map() as AffiliateMemory };
}

/** What a framed page on another site may get: a storage that throws at every touch. */
const refusing: AffiliateStorage = {
  getItem: () => {
    throw new Error('denied');
  },
  setItem: () => {
    throw new Error('denied');
  },
  removeItem: () => {
    throw new Error('denied');
  },
};

describe('remembered affiliate codes', () => {
  it('keeps a code per event for 30 days, upper-cased, the last link winning', () => {
    const storage = memoryStorage();
    const now = Date.UTC(2031, 0, 1);
    expect(rememberAffiliate(7, ' anna ', { now, ...aPage(storage) })).toBe(true);
    // Another page of the same browser (a later visit) finds it in the storage.
    expect(rememberedAffiliate('7', { now: now + 29 * DAY, ...aPage(storage) })).toBe('ANNA');
    expect(rememberedAffiliate(8, { now, ...aPage(storage) })).toBeUndefined();
    rememberAffiliate(7, 'ben', { now: now + DAY, ...aPage(storage) });
    expect(rememberedAffiliate(7, { now: now + 30 * DAY, ...aPage(storage) })).toBe('BEN');
  });

  it('forgets a code after 30 days and removes it', () => {
    const page = aPage();
    const now = Date.UTC(2031, 0, 1);
    rememberAffiliate(7, 'ANNA', { now, ...page });
    expect(rememberedAffiliate(7, { now: now + 30 * DAY + 1, ...page })).toBeUndefined();
    expect((page.storage as ReturnType<typeof memoryStorage>).items.size).toBe(0);
    expect(page.memory.size).toBe(0);
  });

  it('stores nothing that cannot be a code, and survives junk in the storage', () => {
    const storage = memoryStorage();
    const page = aPage(storage);
    expect(rememberAffiliate(7, '<script>', page)).toBe(false);
    expect(rememberAffiliate(7, 'x'.repeat(41), page)).toBe(false);
    expect(rememberAffiliate(7, 'x', page)).toBe(false);
    expect(storage.items.size).toBe(0);
    expect(page.memory.size).toBe(0);
    storage.items.set('tessera_affiliate:7', '{not json');
    expect(rememberedAffiliate(7, page)).toBeUndefined();
    storage.items.set('tessera_affiliate:7', JSON.stringify({ code: '<b>', expires: Date.now() + DAY }));
    expect(rememberedAffiliate(7, page)).toBeUndefined();
    expect(rememberedAffiliate(7, aPage(refusing))).toBeUndefined();
    expect(rememberedAffiliate(7, aPage(null))).toBeUndefined();
  });

  it('keeps the code in the page where the browser refuses or lacks storage (a framed widget)', () => {
    const now = Date.UTC(2031, 0, 1);
    for (const storage of [refusing, null]) {
      const page = aPage(storage);
      expect(rememberAffiliate(7, 'anna', { now, ...page })).toBe(true);
      expect(rememberedAffiliate(7, { now: now + DAY, ...page })).toBe('ANNA');
      const request: { tickets: object[]; affiliate_code?: string } = { tickets: [] };
      expect(withAffiliateCode(7, request, { now, ...page })).toEqual({
        tickets: [],
        affiliate_code: 'ANNA',
      });
      // Per event, and only for the page that was given it.
      expect(rememberedAffiliate(8, { now, ...page })).toBeUndefined();
      expect(rememberedAffiliate(7, { now, ...aPage(storage) })).toBeUndefined();
      // Still no longer than 30 days.
      expect(rememberedAffiliate(7, { now: now + 30 * DAY + 1, ...page })).toBeUndefined();
      expect(page.memory.size).toBe(0);
    }
  });

  it("prefers the browser's storage, where another tab may have put a later link", () => {
    const storage = memoryStorage();
    const page = aPage(storage);
    rememberAffiliate(7, 'anna', page);
    rememberAffiliate(7, 'ben', aPage(storage));
    expect(rememberedAffiliate(7, page)).toBe('BEN');
    // Storage cleared while the page is open: the page's own copy still counts.
    storage.items.clear();
    expect(rememberedAffiliate(7, page)).toBe('ANNA');
  });

  it('adds the remembered code to an order request that names none', () => {
    const page = aPage();
    const request: { tickets: object[]; affiliate_code?: string } = {
      tickets: [{ ticket_id: 1, quantity: 1 }],
    };
    expect(withAffiliateCode(7, request, page)).toEqual(request);
    rememberAffiliate(7, 'anna', page);
    expect(withAffiliateCode(7, request, page)).toEqual({ ...request, affiliate_code: 'ANNA' });
    expect(withAffiliateCode(7, { ...request, affiliate_code: 'OWN' }, page).affiliate_code).toBe('OWN');
  });

  it("carries the event's remembered code on a link to its page, for that event only", () => {
    const page = aPage();
    expect(withAffiliateParam(7, '/e/7/fado', page)).toBe('/e/7/fado');
    rememberAffiliate(7, 'anna', page);
    expect(withAffiliateParam(7, '/e/7/fado', page)).toBe('/e/7/fado?aff=ANNA');
    expect(withAffiliateParam(8, '/e/8/other', page)).toBe('/e/8/other');
    // Other parameters and the fragment stay; an older code is replaced; absolute stays absolute.
    expect(withAffiliateParam(7, '/e/7/fado?lang=de&aff=OLD#tickets', page)).toBe(
      '/e/7/fado?lang=de&aff=ANNA#tickets',
    );
    expect(withAffiliateParam(7, 'https://tickets.example/e/7/fado', page)).toBe(
      'https://tickets.example/e/7/fado?aff=ANNA',
    );
    // Forgotten after 30 days: the plain link again.
    expect(withAffiliateParam(7, '/e/7/fado', { ...page, now: Date.now() + 31 * DAY })).toBe('/e/7/fado');
  });
});
