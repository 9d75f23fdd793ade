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
