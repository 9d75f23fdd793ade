import type { PublicCategory, PublicTicket, PublicTicketsResponse } from '../../../common/public-tickets';

/** One run of the list: the items before the first heading (category null), or one category's. */
export interface CatalogueGroup {
  category: PublicCategory | null;
  items: PublicTicket[];
}

/**
 * The list as the page shows it (decision 051): what has no category first, then each category
 * in the organizer's order with what it holds. Categories that hold nothing here are left out;
 * an item whose category the answer does not list reads as uncategorised.
 */
export function catalogueGroups(
  tickets: Pick<PublicTicketsResponse, 'data' | 'categories'>,
): CatalogueGroup[] {
  const categories = tickets.categories ?? [];
  const known = new Set(categories.map((c) => c.id));
  const loose = tickets.data.filter((t) => t.category_id === null || !known.has(t.category_id));
  const groups: CatalogueGroup[] = loose.length > 0 ? [{ category: null, items: loose }] : [];
  for (const category of categories) {
    const items = tickets.data.filter((t) => t.category_id === category.id);
    if (items.length > 0) groups.push({ category, items });
  }
  return groups;
}

/** Whether the list holds a product: its wording then speaks of items, not tickets. */
export const sellsProducts = (tickets: readonly PublicTicket[]) => tickets.some((t) => t.kind === 'PRODUCT');
