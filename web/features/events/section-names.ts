import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PageSectionId } from '../../../common/page-sections';

/** What the designer calls each section of the event page. */
export const SECTION_NAMES: Record<PageSectionId, MessageDescriptor> = {
  tickets: msg`Tickets`,
  description: msg`Description`,
  dates: msg`Dates`,
  location: msg`Location and map link`,
  organizer: msg`Organizer`,
  faq: msg`FAQ`,
  gallery: msg`Gallery`,
};

/** The list with the item at `from` moved to `to` (both within the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
