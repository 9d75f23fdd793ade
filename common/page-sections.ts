/**
 * What the event page needs of its sections without zod (kept apart from `event-sections.ts`,
 * its schemas, as `design.ts` is from the events schema): the buyer's page orders itself with it
 * without downloading the schemas.
 */

/**
 * The event page's sections (issue 40, decision 060): which the organizer shows, and in which
 * order. Kept in the event's settings as `page_sections` (every section once, in page order)
 * and, for the FAQ section, `faq`.
 */
export const PAGE_SECTION_IDS = [
  'tickets',
  'description',
  'dates',
  'location',
  'organizer',
  'faq',
  'gallery',
] as const;
export type PageSectionId = (typeof PAGE_SECTION_IDS)[number];

/** One section: shown or not. */
export interface PageSection {
  id: PageSectionId;
  visible: boolean;
}

/** One question and its answer, both plain text (the page keeps the answer's line breaks). */
export interface FaqPair {
  question: string;
  answer: string;
}

/**
 * The page's order before sections could be chosen: the tickets, the description, the place and
 * the organizer. The dates card is new and starts hidden (the page's header already says when);
 * the FAQ and the gallery show once they have something in them.
 */
export const PAGE_SECTIONS_DEFAULT: PageSection[] = [
  { id: 'tickets', visible: true },
  { id: 'description', visible: true },
  { id: 'dates', visible: false },
  { id: 'location', visible: true },
  { id: 'organizer', visible: true },
  { id: 'faq', visible: true },
  { id: 'gallery', visible: true },
];

export const FAQ_LIMITS = { pairsMax: 30, questionMax: 300, answerMax: 3000 } as const;

/** The gallery's size: the upload of one more image is refused. */
export const GALLERY_MAX_IMAGES = 12;

/**
 * The sections of a stored `page_sections` in their order, any section it lacks (one added to
 * Tessera after it was saved) put where the default order has it, hidden ones included.
 */
export function pageSectionsOf(stored: readonly PageSection[] | null | undefined): PageSection[] {
  const list = [...(stored ?? PAGE_SECTIONS_DEFAULT)];
  for (const [index, section] of PAGE_SECTIONS_DEFAULT.entries()) {
    if (!list.some((s) => s.id === section.id)) list.splice(Math.min(index, list.length), 0, { ...section });
  }
  return list;
}
