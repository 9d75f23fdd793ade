import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { FAQ_LIMITS, PAGE_SECTION_IDS } from './page-sections';

export {
  FAQ_LIMITS,
  GALLERY_MAX_IMAGES,
  PAGE_SECTION_IDS,
  PAGE_SECTIONS_DEFAULT,
  type PageSectionId,
  pageSectionsOf,
} from './page-sections';

/** The schemas of the event page's sections (decision 060); the plain parts are `page-sections.ts`. */
export const PageSection = z
  .strictObject({ id: z.enum(PAGE_SECTION_IDS), visible: z.boolean() })
  .meta({ id: 'PageSection' });
export type PageSection = z.output<typeof PageSection>;

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

/** One question and its answer, both plain text (the page keeps the answer's line breaks). */
export const FaqPair = z
  .strictObject({
    question: z.string().trim().min(1).max(FAQ_LIMITS.questionMax),
    answer: z.string().trim().min(1).max(FAQ_LIMITS.answerMax),
  })
  .meta({ id: 'FaqPair' });
export type FaqPair = z.output<typeof FaqPair>;

export const Faq = z.array(FaqPair).max(FAQ_LIMITS.pairsMax).meta({ id: 'Faq' });
