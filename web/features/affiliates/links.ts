/**
 * The orders page of an event showing only the orders credited to one affiliate. The orders
 * list reads `affiliate` from its address (`orders/params.ts`, whose test follows this link).
 */
export const affiliateOrdersPath = (eventId: number, affiliateId: number) =>
  `/manage/event/${eventId}/orders?${new URLSearchParams({ affiliate: String(affiliateId) }).toString()}`;
