import { describe, expect, it } from 'vitest';
import { saleState, TicketRequest, tieredSaleState } from './tickets';

const now = new Date('2030-06-01T12:00:00Z');
const base = { saleStart: null, saleEnd: null, quantity: null, quantitySold: 0, quantityReserved: 0 };

describe('saleState', () => {
  it('follows pause, sale window and stock (reserved counts as taken)', () => {
    expect(saleState(base, now)).toBe('ON_SALE');
    expect(saleState({ ...base, isPaused: true }, now)).toBe('PAUSED');
    expect(saleState({ ...base, saleStart: new Date('2030-06-02T00:00:00Z') }, now)).toBe('NOT_ON_SALE');
    expect(saleState({ ...base, saleEnd: new Date('2030-06-01T11:59:59Z') }, now)).toBe('SALE_ENDED');
    expect(saleState({ ...base, quantity: 10, quantitySold: 7, quantityReserved: 3 }, now)).toBe('SOLD_OUT');
    expect(saleState({ ...base, quantity: 10, quantitySold: 7, quantityReserved: 2 }, now)).toBe('ON_SALE');
    expect(saleState({ ...base, quantity: 0 }, now)).toBe('SOLD_OUT');
  });

  it('makes a tiered ticket as available as its best tier', () => {
    expect(tieredSaleState(['SOLD_OUT', 'ON_SALE'], false)).toBe('ON_SALE');
    expect(tieredSaleState(['SALE_ENDED', 'NOT_ON_SALE'], false)).toBe('NOT_ON_SALE');
    expect(tieredSaleState(['ON_SALE'], true)).toBe('PAUSED');
  });
});

describe('TicketRequest', () => {
  it('needs min ≤ max, a price for PAID, a minimum for DONATION and a tier for TIERED', () => {
    const issues = (input: object) =>
      TicketRequest.safeParse({ title: 'T', ...input }).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ type: 'FREE', min_per_order: 5, max_per_order: 2 })).toEqual(['max_per_order']);
    expect(issues({ type: 'PAID' })).toEqual(['price']);
    expect(issues({ type: 'PAID', price: 0 })).toEqual(['price']);
    expect(issues({ type: 'DONATION' })).toEqual(['price']);
    expect(issues({ type: 'TIERED', prices: [] })).toEqual(['prices']);
    expect(
      issues({
        type: 'PAID',
        price: 1500,
        sale_start_date: '2030-01-02T00:00:00Z',
        sale_end_date: '2030-01-01T00:00:00Z',
      }),
    ).toEqual(['sale_end_date']);
    expect(issues({ type: 'PAID', price: 10.5 })).toEqual(['price']);
    expect(issues({ type: 'TIERED', prices: [{ label: 'Early', price: 1000 }] })).toEqual([]);
  });
});
