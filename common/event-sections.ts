import { z } from 'zod';
import { VALIDATION } from './i18n/validation';

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

export const PageSection = z
  .strictObject({ id: z.enum(PAGE_SECTION_IDS), visible: z.boolean() })
  .meta({ id: 'PageSection' });
export type PageSection = z.output<typeof PageSection>;

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

/** Every section exactly once: a section listed twice, or one left out, is refused. */
export const PageSections = z
  .array(PageSection)
  .max(PAGE_SECTION_IDS.length * 2)
  .superRefine((sections, ctx) => {
    const seen = new Set<string>();
    sections.forEach((section, index) => {
      if (seen.has(section.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: VALIDATION.sectionTwice.id });
      }
      seen.add(section.id);
    });
    if (PAGE_SECTION_IDS.some((id) => !seen.has(id))) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.sectionMissing.id });
    }
  })
  .meta({ id: 'PageSections' });

export const FAQ_LIMITS = { pairsMax: 30, questionMax: 300, answerMax: 3000 } as const;

/** One question and its answer, both plain text (the page keeps the answer's line breaks). */
export const FaqPair = z
  .strictObject({
    question: z.string().trim().min(1).max(FAQ_LIMITS.questionMax),
    answer: z.string().trim().min(1).max(FAQ_LIMITS.answerMax),
  })
  .meta({ id: 'FaqPair' });
export type FaqPair = z.output<typeof FaqPair>;

export const Faq = z.array(FaqPair).max(FAQ_LIMITS.pairsMax).meta({ id: 'Faq' });

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
