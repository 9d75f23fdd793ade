import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * The headings of an event's catalogue (decision 051): tickets and products are listed under
 * them in their order; a hidden category hides what it holds from buyers.
 */

/** `POST /api/events/{id}/categories`, `PUT …/{categoryId}` */
export const CategoryRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(LIMITS.nameMax),
    /** Plain text under the heading. */
    description: z.string().trim().max(1000).nullable().default(null),
    is_hidden: z.boolean().default(false),
  })
  .meta({ id: 'CategoryRequest' });
export type CategoryRequest = z.input<typeof CategoryRequest>;

export const CategoryResponse = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    is_hidden: z.boolean(),
    sort_order: z.number().int(),
    /** How many tickets and products it holds. */
    items: z.number().int(),
  })
  .meta({ id: 'Category' });
export type CategoryResponse = z.infer<typeof CategoryResponse>;

export const CategoryList = z.object({ data: z.array(CategoryResponse) });

/** `POST /api/events/{id}/categories/sort`: every category of the event, once, in the new order. */
export const SortCategoriesRequest = z
  .strictObject({ category_ids: z.array(z.int().positive()).min(1).max(100) })
  .meta({ id: 'SortCategoriesRequest' });
