import type { CategoryResponse } from '../../../common/categories';
import type { TicketResponse } from '../../../common/tickets';

export interface ProductGroup {
  /** Null: the uncategorised products, listed first. */
  category: CategoryResponse | null;
  products: TicketResponse[];
}

/**
 * The products under their headings: the uncategorised first (when there are any), then each
 * category in its order, with the products in theirs. A product whose category is unknown
 * counts as uncategorised. Empty categories are kept so that the organizer sees them.
 */
export function groupByCategory(
  products: readonly TicketResponse[],
  categories: readonly CategoryResponse[],
): ProductGroup[] {
  const known = new Set(categories.map((category) => category.id));
  const loose = products.filter((p) => p.category_id === null || !known.has(p.category_id));
  const groups: ProductGroup[] = loose.length > 0 ? [{ category: null, products: loose }] : [];
  for (const category of categories) {
    groups.push({ category, products: products.filter((p) => p.category_id === category.id) });
  }
  return groups;
}
