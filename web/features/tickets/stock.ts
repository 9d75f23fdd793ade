import type { TicketResponse } from '../../../common/tickets';

/** What is left of a product: the sum over its variants, null when any is unlimited. */
export function stockLeft(product: TicketResponse): number | null {
  if (product.type !== 'TIERED' || product.prices.length === 0) return product.quantity_remaining;
  let left = 0;
  for (const variant of product.prices) {
    if (variant.quantity_remaining === null) return product.quantity_remaining;
    left += variant.quantity_remaining;
  }
  return product.quantity_remaining === null ? left : Math.min(left, product.quantity_remaining);
}
