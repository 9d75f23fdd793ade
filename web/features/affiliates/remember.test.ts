import { describe, expect, it } from 'vitest';
import { type AffiliateStorage, rememberAffiliate, rememberedAffiliate, withAffiliateCode } from './remember';

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

describe('remembered affiliate codes', () => {
  it('keeps a code per event for 30 days, upper-cased, the last link winning', () => {
    const storage = memoryStorage();
    const now = Date.UTC(2031, 0, 1);
    expect(rememberAffiliate(7, ' anna ', { now, storage })).toBe(true);
    expect(rememberedAffiliate('7', { now: now + 29 * DAY, storage })).toBe('ANNA');
    expect(rememberedAffiliate(8, { now, storage })).toBeUndefined();
    rememberAffiliate(7, 'ben', { now: now + DAY, storage });
    expect(rememberedAffiliate(7, { now: now + 30 * DAY, storage })).toBe('BEN');
  });

  it('forgets a code after 30 days and removes it', () => {
    const storage = memoryStorage();
    const now = Date.UTC(2031, 0, 1);
    rememberAffiliate(7, 'ANNA', { now, storage });
    expect(rememberedAffiliate(7, { now: now + 30 * DAY + 1, storage })).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('stores nothing that cannot be a code, and survives junk or a refusing storage', () => {
    const storage = memoryStorage();
    expect(rememberAffiliate(7, '<script>', { storage })).toBe(false);
    expect(rememberAffiliate(7, 'x'.repeat(41), { storage })).toBe(false);
    expect(storage.items.size).toBe(0);
    storage.items.set('tessera_affiliate:7', '{not json');
    expect(rememberedAffiliate(7, { storage })).toBeUndefined();
    storage.items.set('tessera_affiliate:7', JSON.stringify({ code: '<b>', expires: Date.now() + DAY }));
    expect(rememberedAffiliate(7, { storage })).toBeUndefined();
    const refusing: AffiliateStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(rememberAffiliate(7, 'ANNA', { storage: refusing })).toBe(false);
    expect(rememberedAffiliate(7, { storage: refusing })).toBeUndefined();
    expect(rememberedAffiliate(7, { storage: null })).toBeUndefined();
  });

  it('adds the remembered code to an order request that names none', () => {
    const storage = memoryStorage();
    const request: { tickets: object[]; affiliate_code?: string } = {
      tickets: [{ ticket_id: 1, quantity: 1 }],
    };
    expect(withAffiliateCode(7, request, { storage })).toEqual(request);
    rememberAffiliate(7, 'anna', { storage });
    expect(withAffiliateCode(7, request, { storage })).toEqual({ ...request, affiliate_code: 'ANNA' });
    expect(withAffiliateCode(7, { ...request, affiliate_code: 'OWN' }, { storage }).affiliate_code).toBe(
      'OWN',
    );
  });
});
